import type { BINARY, Endpoint, RequestOf, ResponseOf } from '../../common/api/endpoint';
import { api } from './api';
import { ApiClientError, type ApiClient } from './api-client';

type UploadEndpoint = Endpoint & { body: typeof BINARY };

export interface UploadOptions<E extends UploadEndpoint> {
  query?: RequestOf<E>['query'];
  /** The message when the failure carries none of the server's (offline, a 5xx without text). */
  failed: string;
  signal?: AbortSignal;
  /** Show the progress bar while the bytes go up. */
  progress?: boolean;
  client?: ApiClient;
}

/** Error codes the client makes up itself: the caller's own `failed` message says more. */
const LOCAL_CODES = new Set(['network', 'unknown', 'invalidResponse']);

/**
 * Uploads one file as the request body (gallery and chat photos) through the API client:
 * the same 403 logout, error handling and answer parsing as every call, abortable. Not
 * retried (a POST without an idempotency key): a repeated upload would store the file twice.
 * Resolves `false` when the member's session turned out to be gone; throws ApiClientError
 * with the server's message, or `failed`.
 */
export async function uploadFile<E extends UploadEndpoint>(target: E, file: Blob, options: UploadOptions<E>): Promise<ResponseOf<E> | false> {
  const client = options.client ?? api;
  // The request's shape is fixed by UploadEndpoint; TypeScript cannot resolve CallArgs of a generic E.
  const call = client.call as (target: Endpoint, request: object) => Promise<ResponseOf<E> | false>;
  try {
    return await call(target, { query: options.query, body: file, signal: options.signal, progress: options.progress });
  } catch (error) {
    if (error instanceof ApiClientError && LOCAL_CODES.has(error.code)) throw new ApiClientError(error.status, error.code, options.failed, error.fields);
    throw error;
  }
}
