import { REQUEST_RETRIES, REQUEST_RETRY_BASE_MS } from '../../common/limits';
import { sameOriginPath } from '../../common/http/redirect-target';

/** Header marking which client calls user.php (spec section 7). */
export const CLIENT_TYPE_HEADER = 'x-client-type';
export const CLIENT_TYPE = 'web';

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

export interface ApiClientOptions {
  /** Base URL; the site root by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Whether a member is logged in now. */
  isLoggedIn?: () => boolean;
  /** Called when the server says authentication is required while logged in (log out). */
  onAuthRequired?: () => void | Promise<void>;
  progress?: { start(): void; done(): void };
  /** Messages for failures that carry no server message, already translated. */
  messages?: { network: string; unknown: string };
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Show the progress bar (first loads only, per spec). */
  progress?: boolean;
  /** Makes a POST safe to retry: the server answers a repeated key with the first result. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/**
 * The one way the browser calls the API (spec sections 7 and 8). Network failures and
 * 5xx answers are retried up to 5 times with exponentially growing delays; a 4xx never
 * is (it will not change). A POST is retried only with an idempotency key, because
 * repeating it could otherwise do its work twice.
 * Resolves `false` when a logged-in member's session turned out to be gone (403
 * authentication required): the member is logged out instead of shown an error.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const messages = options.messages ?? { network: 'An error occured, please try again later.', unknown: 'An error has occurred.' };

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T | false> {
    const url = new URL(baseUrl + path, 'http://base');
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const target = baseUrl ? url.href : url.pathname + url.search;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (path.startsWith('/api/user.php')) headers[CLIENT_TYPE_HEADER] = CLIENT_TYPE;
    if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
    const retryable = IDEMPOTENT.has(method) || Boolean(opts.idempotencyKey);

    if (opts.progress) options.progress?.start();
    try {
      for (let attempt = 0; ; attempt += 1) {
        let response: Response | null = null;
        try {
          response = await doFetch(target, {
            method,
            headers,
            credentials: 'same-origin',
            body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
            signal: opts.signal,
          });
        } catch (error) {
          if (opts.signal?.aborted) throw error;
        }
        const transient = response === null || response.status >= 500;
        if (transient && retryable && attempt < REQUEST_RETRIES) {
          await sleep(REQUEST_RETRY_BASE_MS * 2 ** attempt);
          continue;
        }
        if (response === null) throw new ApiClientError(0, 'network', messages.network);
        return await handleResponse<T>(response);
      }
    } finally {
      if (opts.progress) options.progress?.done();
    }
  }

  async function handleResponse<T>(response: Response): Promise<T | false> {
    if (response.status === 204) return undefined as T;
    const body = (await response.json().catch(() => null)) as
      | { error?: { code?: string; message?: string; fields?: Record<string, string> } }
      | null;
    if (response.ok) return body as T;
    const error = body?.error;
    if (response.status === 403 && error?.code === 'authRequired' && options.isLoggedIn?.()) {
      await options.onAuthRequired?.();
      return false;
    }
    const fallback = response.status >= 500 ? messages.network : messages.unknown;
    throw new ApiClientError(response.status, error?.code ?? 'unknown', error?.message ?? fallback, error?.fields);
  }

  return {
    get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body: body ?? {} }),
    put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body: body ?? {} }),
    delete: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('DELETE', path, { ...opts, body }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * Follows a redirect target: a local path through the router, anything else (another
 * origin, a payment provider) by navigating the whole window (spec section 8).
 */
export function followRedirect(
  target: string,
  navigate: (to: string) => void,
  assign: (url: string) => void = (u) => window.location.assign(u),
  origin: string = window.location.origin,
): void {
  const local = sameOriginPath(target, origin);
  if (local) navigate(local);
  else assign(target);
}
