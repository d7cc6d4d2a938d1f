import { describe, expect, it, vi } from 'vitest';
import { REQUEST_RETRIES } from '../../common/limits';
import { ApiClientError, CLIENT_TYPE_HEADER, createApiClient, followRedirect } from './api-client';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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
    await expect(api.get('/api/settings.php')).resolves.toEqual({ ok: 1 });
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([300, 600, 1200]);
  });

  it('gives up after the last retry with the generic message', async () => {
    const failures = Array.from({ length: REQUEST_RETRIES + 1 }, () => new TypeError('offline'));
    const { api, calls } = client(failures);
    await expect(api.get('/api/chats.php')).rejects.toMatchObject({ code: 'network', message: 'An error occured, please try again later.' });
    expect(calls).toHaveLength(REQUEST_RETRIES + 1);
  });

  it('never retries a 4xx and surfaces the server message', async () => {
    const { api, calls } = client([json(400, { error: { code: 'invalidInput', message: 'Ongeldige invoer' } })]);
    const error = await api.get('/api/regions.php').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as ApiClientError).message).toBe('Ongeldige invoer');
    expect(calls).toHaveLength(1);
  });

  it('retries a POST only when it carries an idempotency key', async () => {
    const plain = client([json(500, {})]);
    await expect(plain.api.post('/api/x.php', { a: 1 })).rejects.toBeInstanceOf(ApiClientError);
    expect(plain.calls).toHaveLength(1);
    const keyed = client([json(500, {}), json(200, { id: 7 })]);
    await expect(keyed.api.post('/api/x.php', { a: 1 }, { idempotencyKey: 'k1' })).resolves.toEqual({ id: 7 });
    expect(new Headers(keyed.calls[1]!.init.headers).get('idempotency-key')).toBe('k1');
  });

  it('logs out and resolves false on 403 authentication required while logged in', async () => {
    const onAuthRequired = vi.fn();
    const { api } = client([json(403, { error: { code: 'authRequired', message: 'Authentication required' } })], {
      isLoggedIn: () => true,
      onAuthRequired,
    });
    await expect(api.get('/api/chats.php')).resolves.toBe(false);
    expect(onAuthRequired).toHaveBeenCalledOnce();
  });

  it('marks the client type on user.php only', async () => {
    const { api, calls } = client([json(200, {}), json(200, {})]);
    await api.get('/api/user.php');
    await api.get('/api/settings.php');
    expect(new Headers(calls[0]!.init.headers).get(CLIENT_TYPE_HEADER)).toBe('web');
    expect(new Headers(calls[1]!.init.headers).get(CLIENT_TYPE_HEADER)).toBeNull();
  });

  it('uses the base URL and the query', async () => {
    const { api, calls } = client([json(200, {})], { baseUrl: 'https://api.example' });
    await api.get('/api/regions.php', { query: { country: 'NL', skip: undefined } });
    expect(calls[0]!.url).toBe('https://api.example/api/regions.php?country=NL');
  });

  it('drives the progress bar only when asked', async () => {
    const progress = { start: vi.fn(), done: vi.fn() };
    const { api } = client([json(200, {}), json(200, {})], { progress });
    await api.get('/api/chats.php', { progress: true });
    await api.get('/api/chats.php');
    expect(progress.start).toHaveBeenCalledOnce();
    expect(progress.done).toHaveBeenCalledOnce();
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
