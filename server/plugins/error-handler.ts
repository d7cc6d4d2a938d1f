import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from '../http/api-error';

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/**
 * Every error leaves as `{ error: { code, message } }` with the message translated into
 * the visitor's language. Bad input is a 4xx and never reaches a 5xx; a 5xx is logged
 * and shows only the generic message, never internals.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const t = request.visitorT();
      if (error instanceof ApiError) {
        const message = t(error.key, error.vars);
        const answer = body(errorCode(error.key), message);
        if (error.field) answer.error.fields = { [error.field]: message };
        return reply.status(error.statusCode).send(answer);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const where = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'request';
          fields[where] = t('errors.invalidField');
        }
        return reply.status(400).send({ error: { code: 'invalidInput', message: t('errors.invalidInput'), fields } });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const key = status === 404 ? 'notFound' : status === 429 ? 'tooManyRequests' : status === 413 ? 'tooLarge' : status === 415 ? 'unsupportedMediaType' : 'invalidInput';
        return reply.status(status).send(body(key, t(`errors.${key}`)));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(body('generic', t('errors.generic')));
    });
    // Fastify's own 404 handler logs the whole URL at info level, query (and its tokens) included.
    app.setNotFoundHandler((request, reply) => reply.status(404).send(body('notFound', request.visitorT()('errors.notFound'))));
  },
  { name: 'error-handler', dependencies: ['visitor'] },
);

/** The machine-readable code of a message key: "errors.emailNotFound" or "settings:errors.oldPassword" -> the last part. */
export function errorCode(key: string): string {
  return key.slice(key.lastIndexOf('.') + 1);
}

function body(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}
