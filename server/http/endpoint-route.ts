import type { ContextConfigDefault, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault, RouteGenericInterface, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint } from '../../common/api/endpoint';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The Fastify schema an endpoint stands for: its query, its JSON body (not a binary one) and its answer. */
type SchemaOf<E extends Endpoint, S extends number> = {
  querystring: E['query'];
  body: E['body'] extends z.ZodType ? E['body'] : undefined;
  response: { [K in S]: E['response'] };
};

/** What only the route knows: OpenAPI tags and summary, rate limits, body limits, hooks. */
export type EndpointRouteOptions<S extends number> = Omit<RouteShorthandOptions, 'schema'> & {
  schema: { tags: string[]; summary: string };
  /** The success status the response schema describes (200 unless the endpoint answers 204). */
  status?: S;
};

type EndpointHandler<E extends Endpoint, S extends number> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E, S>,
  ZodTypeProvider
>;

/**
 * Serves one endpoint of the common table: method, path, query, body and response schema come
 * from the endpoint, so the route and the browser cannot drift apart; the zod type provider
 * still types `request.query`/`request.body` and checks the handler's answer.
 */
export function route<E extends Endpoint, S extends number = 200>(app: ZodApp, target: E, options: EndpointRouteOptions<S>, handler: EndpointHandler<E, S>): void {
  const { schema, status, ...rest } = options;
  app.route({
    ...rest,
    method: target.method,
    // A query in the path (user.php?push=1) is matched by a route constraint the route passes in options.
    url: target.path.split('?')[0]!,
    schema: {
      ...schema,
      ...(target.query ? { querystring: target.query } : {}),
      ...(target.body && typeof target.body !== 'string' ? { body: target.body } : {}),
      response: { [status ?? 200]: target.response },
    },
    // The schema generics above type the handler; Fastify's route() cannot infer them from a computed schema.
    handler: handler as RouteHandlerMethod,
  });
}
