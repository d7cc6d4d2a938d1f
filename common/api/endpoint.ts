import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type ApiPath = `/api/${string}`;

/** The request body of an upload: the file's bytes, not JSON. */
export const BINARY = 'binary';
type BodySpec = z.ZodType | typeof BINARY | undefined;

/**
 * One API operation: method, path, request (query and body) and response schema. The Fastify
 * route validates with the same zod schemas; the browser client and the loaders' `context.api`
 * take an endpoint instead of a path, so a wrong path or body is a type error and the answer is
 * parsed by `response`, not cast.
 */
export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends BodySpec = BodySpec,
  R extends z.ZodType = z.ZodType,
> {
  readonly method: M;
  readonly path: ApiPath;
  readonly query: Q;
  readonly body: B;
  readonly response: R;
}

export function endpoint<M extends HttpMethod, R extends z.ZodType, Q extends z.ZodType | undefined = undefined, B extends BodySpec = undefined>(definition: {
  method: M;
  path: ApiPath;
  query?: Q;
  body?: B;
  response: R;
}): Endpoint<M, Q, B, R> {
  return { query: undefined as Q, body: undefined as B, ...definition };
}

type QueryPart<E extends Endpoint> = E['query'] extends z.ZodType ? { query: z.input<E['query']> } : { query?: undefined };
type BodyPart<E extends Endpoint> = E['body'] extends z.ZodType
  ? { body: z.input<E['body']> }
  : E['body'] extends typeof BINARY
    ? { body: Blob }
    : { body?: undefined };

/** What a caller sends: the query and body the endpoint's schemas take. */
export type RequestOf<E extends Endpoint> = QueryPart<E> & BodyPart<E>;
/** A call's arguments: the request may be left out when nothing in it is required. */
export type RequestArgs<E extends Endpoint, Extra = unknown> =
  Record<string, never> extends RequestOf<E> ? [request?: RequestOf<E> & Extra] : [request: RequestOf<E> & Extra];
/** What the endpoint answers, after parsing. */
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

type QueryValue = string | number | boolean | null | undefined;

/** The endpoint's path with its query (undefined and null values left out). */
export function endpointUrl(target: Endpoint, query: unknown): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${target.path}?${search}` : target.path;
}
