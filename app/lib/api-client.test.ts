import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { BINARY, endpoint } from '../../common/api/endpoint';
import { REQUEST_RETRIES } from '../../common/limits';
import { ApiClientError, CLIENT_TYPE_HEADER, createApiClient, followRedirect } from './api-client';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// Test endpoints: the client knows nothing of the real ones but their shape.
const ok = z.object({ ok: z.number() });
const settings = endpoint({ method: 'GET', path: '/api/settings.php', response: ok });
const chats = endpoint({ method: 'GET', path: '/api/chats.php', response: ok });
const regions = endpoint({ method: 'GET', path: '/api/regions.php', query: z.object({ country: z.string().optional(), skip: z.string().optional() }), response: ok });
const user = endpoint({ method: 'GET', path: '/api/user.php', response: ok });
const create = endpoint({ method: 'POST', path: '/api/x.php', body: z.object({ a: z.number() }), response: z.object({ id: z.number() }) });
const empty = endpoint({ method: 'POST', path: '/api/empty.php', response: z.null() });
const upload = endpoint({ method: 'POST', path: '/api/up.php', body: BINARY, response: ok });

function client(responses: Array<Response | Error>, extra: Parameters<typeof createApiClient>[0] = {}) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const sleeps: number[] = [];
  const api = createApiClient({
    fetch: async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      const next = responses.shift();
      if (!next) throw new Error('no more responses');
      if (next instanceof Error) throw next;
      return next;
    },
    sleep: async (ms) => void sleeps.push(ms),
    ...extra,
  });
  return { api, calls, sleeps };
}

describe('api client', () => {
  it('retries network failures and 5xx up to 5 times with growing delays', async () => {
    const { api, calls, sleeps } = client([new TypeError('offline'), json(503, {}), json(502, {}), json(200, { ok: 1 })]);
    await expect(api.call(settings)).resolves.toEqual({ ok: 1 });
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([300, 600, 1200]);
  });

  it('gives up after the last retry with the generic message', async () => {
    const failures = Array.from({ length: REQUEST_RETRIES + 1 }, () => new TypeError('offline'));
    const { api, calls } = client(failures);
    await expect(api.call(chats)).rejects.toMatchObject({ code: 'network', message: 'An error occured, please try again later.' });
    expect(calls).toHaveLength(REQUEST_RETRIES + 1);
  });

  it('takes its fallback messages from a function at error time (the translator may come later)', async () => {
    const page: { messages?: { network: string; unknown: string } } = {};
    const { api } = client([new TypeError('offline'), json(404, {})], { messages: () => page.messages });
    page.messages = { network: 'Er is iets misgegaan', unknown: 'Onbekende fout' };
    const offline = client(Array.from({ length: REQUEST_RETRIES + 1 }, () => new TypeError('offline')), { messages: () => page.messages });
    await expect(offline.api.call(chats)).rejects.toMatchObject({ message: 'Er is iets misgegaan' });
    await expect(api.call(create, { body: { a: 1 } })).rejects.toMatchObject({ code: 'network', message: 'Er is iets misgegaan' });
    await expect(api.call(chats)).rejects.toMatchObject({ status: 404, message: 'Onbekende fout' });
  });

  it('never retries a 4xx and surfaces the server message', async () => {
    const { api, calls } = client([json(400, { error: { code: 'invalidInput', message: 'Ongeldige invoer' } })]);
    const error = await api.call(regions, { query: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as ApiClientError).message).toBe('Ongeldige invoer');
    expect(calls).toHaveLength(1);
  });

  it('retries a POST only when it carries an idempotency key', async () => {
    const plain = client([json(500, {})]);
    await expect(plain.api.call(create, { body: { a: 1 } })).rejects.toBeInstanceOf(ApiClientError);
    expect(plain.calls).toHaveLength(1);
    const keyed = client([json(500, {}), json(200, { id: 7 })]);
    await expect(keyed.api.call(create, { body: { a: 1 }, idempotencyKey: 'k1' })).resolves.toEqual({ id: 7 });
    expect(new Headers(keyed.calls[1]!.init.headers).get('idempotency-key')).toBe('k1');
    expect(keyed.calls[1]!.init.body).toBe('{"a":1}');
  });

  it('logs out and resolves false on 403 authentication required while logged in', async () => {
    const onAuthRequired = vi.fn();
    const { api } = client([json(403, { error: { code: 'authRequired', message: 'Authentication required' } })], {
      isLoggedIn: () => true,
      onAuthRequired,
    });
    await expect(api.call(chats)).resolves.toBe(false);
    expect(onAuthRequired).toHaveBeenCalledOnce();
  });

  it('marks the client type on user.php only', async () => {
    const { api, calls } = client([json(200, { ok: 1 }), json(200, { ok: 1 })]);
    await api.call(user);
    await api.call(settings);
    expect(new Headers(calls[0]!.init.headers).get(CLIENT_TYPE_HEADER)).toBe('web');
    expect(new Headers(calls[1]!.init.headers).get(CLIENT_TYPE_HEADER)).toBeNull();
  });

  it('uses the base URL and the query', async () => {
    const { api, calls } = client([json(200, { ok: 1 })], { baseUrl: 'https://api.example' });
    await api.call(regions, { query: { country: 'NL', skip: undefined } });
    expect(calls[0]!.url).toBe('https://api.example/api/regions.php?country=NL');
  });

  it('drives the progress bar only when asked', async () => {
    const progress = { start: vi.fn(), done: vi.fn() };
    const { api } = client([json(200, { ok: 1 }), json(200, { ok: 1 })], { progress });
    await api.call(chats, { progress: true });
    await api.call(chats);
    expect(progress.start).toHaveBeenCalledOnce();
    expect(progress.done).toHaveBeenCalledOnce();
  });

  it('parses the answer by the endpoint: extra fields go, a mismatch is an error', async () => {
    const { api } = client([json(200, { ok: 1, extra: true }), json(200, { ok: 'yes' })]);
    await expect(api.call(chats)).resolves.toEqual({ ok: 1 });
    await expect(api.call(chats)).rejects.toMatchObject({ status: 200, code: 'invalidResponse', message: 'An error has occurred.' });
  });

  it('sends an empty JSON object for a POST without body, reads a 204 as null, and passes keepalive', async () => {
    const { api, calls } = client([new Response(null, { status: 204 })]);
    await expect(api.call(empty, { keepalive: true })).resolves.toBeNull();
    expect(calls[0]!.init).toMatchObject({ method: 'POST', body: '{}', keepalive: true });
  });

  it('sends a binary body as it is, with its type', async () => {
    const { api, calls } = client([json(200, { ok: 1 })]);
    const file = new Blob(['jpeg'], { type: 'image/jpeg' });
    await api.call(upload, { body: file });
    expect(calls[0]!.init.body).toBe(file);
    expect(new Headers(calls[0]!.init.headers).get('content-type')).toBe('image/jpeg');
  });

  it('types the request and the answer by the endpoint', () => {
    const { api } = client([]);
    expectTypeOf<Awaited<ReturnType<typeof api.call<typeof create>>>>().toEqualTypeOf<{ id: number } | false>();
    // Never called: the compiler is the test.
    const wrongCalls = () => [
      // @ts-expect-error: the body must have the schema's shape.
      api.call(create, { body: { a: 'one' } }),
      // @ts-expect-error: an endpoint with a body needs one.
      api.call(create),
      // @ts-expect-error: a path is not an endpoint.
      api.call('/api/x.php'),
    ];
    expect(wrongCalls).toBeTypeOf('function');
  });

  it('hands a download back unread', async () => {
    const { api } = client([json(200, { ok: 1 })]);
    const response = await api.download(chats);
    expect(response && (await response.json())).toEqual({ ok: 1 });
  });
});

describe('followRedirect', () => {
  it('routes local paths and navigates the window for anything else', () => {
    const navigate = vi.fn();
    const assign = vi.fn();
    const origin = 'http://localhost:3000';
    followRedirect('/members', navigate, assign, origin);
    followRedirect('https://pay.example/checkout', navigate, assign, origin);
    followRedirect('//evil.example/x', navigate, assign, origin);
    // A tab inside the slashes is dropped by the browser: this is another host, not a route.
    followRedirect('/\t/evil.example', navigate, assign, origin);
    expect(navigate.mock.calls).toEqual([['/members']]);
    expect(assign.mock.calls).toEqual([['https://pay.example/checkout'], ['//evil.example/x'], ['/\t/evil.example']]);
  });
});
