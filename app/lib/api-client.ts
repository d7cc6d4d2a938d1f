import { REQUEST_RETRIES, REQUEST_RETRY_BASE_MS } from '../../common/limits';
import { sameOriginPath } from '../../common/http/redirect-target';
import { BINARY, endpointUrl, type Endpoint, type RequestArgs, type RequestOf, type ResponseOf } from '../../common/api/endpoint';

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
  /** Messages for failures that carry no server message, translated (a function: read at error time). */
  messages?: FallbackMessages | (() => FallbackMessages | undefined);
}

export interface FallbackMessages {
  network: string;
  unknown: string;
}

const DEFAULT_MESSAGES: FallbackMessages = { network: 'An error occured, please try again later.', unknown: 'An error has occurred.' };

/** How one call is made (the query and body come from the endpoint's schemas). */
export interface CallOptions {
  /** Show the progress bar (first loads only, per spec). */
  progress?: boolean;
  /** Makes a POST safe to retry: the server answers a repeated key with the first result. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Let the request outlive the page (a call made while the page is being left). */
  keepalive?: boolean;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/**
 * The one way the browser calls the API (spec sections 7 and 8), by endpoint: the path and the
 * request's shape come from `common/<domain>/<domain>-endpoints.ts`, and the answer is parsed by
 * the endpoint's response schema (an answer that does not match is an error, not a cast).
 * Network failures and 5xx answers are retried up to 5 times with exponentially growing
 * delays; a 4xx never is (it will not change). A POST is retried only with an idempotency key,
 * because repeating it could otherwise do its work twice.
 * Resolves `false` when a logged-in member's session turned out to be gone (403
 * authentication required): the member is logged out instead of shown an error.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const messages = () => (typeof options.messages === 'function' ? options.messages() : options.messages) ?? DEFAULT_MESSAGES;

  /** Sends the request with retries; the response of the last attempt, or an error without one. */
  async function send(target: Endpoint, request: (RequestOf<Endpoint> & CallOptions) | undefined): Promise<Response> {
    const opts = request ?? {};
    const url = baseUrl + endpointUrl(target, opts.query);
    const binary = target.body === BINARY;
    const payload: unknown = opts.body;
    let body: Blob | string | undefined = binary ? (payload as Blob) : payload === undefined ? undefined : JSON.stringify(payload);
    // A POST or PUT without a body schema still sends an empty JSON object, as the API expects.
    if (body === undefined && (target.method === 'POST' || target.method === 'PUT')) body = '{}';
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = binary ? (payload as Blob).type || 'application/octet-stream' : 'application/json';
    if (target.path.startsWith('/api/user.php')) headers[CLIENT_TYPE_HEADER] = CLIENT_TYPE;
    if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
    const retryable = IDEMPOTENT.has(target.method) || Boolean(opts.idempotencyKey);

    for (let attempt = 0; ; attempt += 1) {
      let response: Response | null = null;
      try {
        response = await doFetch(url, { method: target.method, headers, credentials: 'same-origin', body, signal: opts.signal, keepalive: opts.keepalive });
      } catch (error) {
        if (opts.signal?.aborted) throw error;
      }
      const transient = response === null || response.status >= 500;
      if (transient && retryable && attempt < REQUEST_RETRIES) {
        await sleep(REQUEST_RETRY_BASE_MS * 2 ** attempt);
        continue;
      }
      if (response === null) throw new ApiClientError(0, 'network', messages().network);
      return response;
    }
  }

  /** The error of a failed answer, or `false` when it logged the member out. */
  async function failure(response: Response): Promise<false> {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null;
    const error = body?.error;
    if (response.status === 403 && error?.code === 'authRequired' && options.isLoggedIn?.()) {
      await options.onAuthRequired?.();
      return false;
    }
    const fallback = response.status >= 500 ? messages().network : messages().unknown;
    throw new ApiClientError(response.status, error?.code ?? 'unknown', error?.message ?? fallback, error?.fields);
  }

  async function withProgress<T>(opts: CallOptions | undefined, run: () => Promise<T>): Promise<T> {
    if (opts?.progress) options.progress?.start();
    try {
      return await run();
    } finally {
      if (opts?.progress) options.progress?.done();
    }
  }

  return {
    /** Calls the endpoint; its parsed answer, or `false` when the session turned out to be gone. */
    call<E extends Endpoint>(target: E, ...[request]: RequestArgs<E, CallOptions>): Promise<ResponseOf<E> | false> {
      return withProgress(request, async () => {
        const response = await send(target, request as RequestOf<Endpoint> & CallOptions);
        if (!response.ok) return failure(response);
        const json: unknown = response.status === 204 ? null : await response.json().catch(() => undefined);
        const parsed = target.response.safeParse(json);
        if (!parsed.success) throw new ApiClientError(response.status, 'invalidResponse', messages().unknown);
        return parsed.data as ResponseOf<E>;
      });
    },
    /**
     * Calls the endpoint and hands back the successful response unread, for a download the
     * browser saves as it came (the data export). Failures are handled as by `call`.
     */
    download<E extends Endpoint>(target: E, ...[request]: RequestArgs<E, CallOptions>): Promise<Response | false> {
      return withProgress(request, async () => {
        const response = await send(target, request as RequestOf<Endpoint> & CallOptions);
        return response.ok ? response : failure(response);
      });
    },
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
