import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testAppForFile } from '../test-support/test-app-for-file';
import { pageCsp } from './security-headers';
import { createMember } from '../test-support/test-members';

const t = testAppForFile({ RATE_LIMIT_MAX: 5 });

describe('platform', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('sets the security headers on API responses', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const https = await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    // Without TRUST_PROXY a forwarded protocol is not believed.
    expect(https.headers['strict-transport-security']).toBeUndefined();
  });

  it("lets pages connect to their own origin only (no WebSocket to another host)", () => {
    const connect = pageCsp('n0nce').split('; ').find((d) => d.startsWith('connect-src'));
    expect(connect).toBe("connect-src 'self'");
  });

  it('refuses a NUL character anywhere in API input as invalid, in the visitor language', async () => {
    const headers = { host: 'localhost', origin: 'http://localhost', cookie: 'i18n_redirected=de', 'content-type': 'application/json' };
    const body = (text: string) => JSON.stringify({ category: 'other', text, email: 'someone@example.test' });
    const nul = await t.app.inject({ method: 'POST', url: '/api/complaint.php', headers, payload: body('A complaint with a \u0000 in it') });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ error: { code: 'invalidInput', message: expect.stringMatching(/\S/) as unknown } });
    expect(nul.json().error.message).not.toBe('Some of the information sent is not valid. Please check it and try again.');
    const query = await t.app.inject({ url: '/api/regions.php?country=N%00L', headers, remoteAddress: '203.0.113.77' });
    expect(query.statusCode).toBe(400);
    // Routes without a query schema too: the parsed query is checked whatever its prototype.
    for (const url of ['/api/interests.php?x=%00', '/api/settings.php?a=1&a=b%00', '/api/interests.php?%00=1']) {
      expect((await t.app.inject({ url, headers, remoteAddress: '203.0.113.78' })).statusCode, url).toBe(400);
    }
    // A backslash followed by "u0000" is ordinary text.
    const text = await t.app.inject({ method: 'POST', url: '/api/complaint.php', headers, payload: JSON.stringify({ category: 'other', text: 'A complaint that quotes \\u0000 as text', email: 'x' }) });
    expect(text.json().error?.code).not.toBe('invalidInput');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nope.php', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('notFound');
  });

  it('rate limits the API per client', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i += 1) codes.push((await t.app.inject({ url: '/api/interests.php', remoteAddress: '203.0.113.9' })).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.at(-1)).toBe(429);
  });

  it('publishes the OpenAPI document of the API', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json', remoteAddress: '203.0.113.10' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/api/settings.php', '/api/regions.php', '/api/page-hidden.php']));
  });

  it('compresses large responses', async () => {
    const res = await t.app.inject({ url: '/api/regions.php', headers: { host: 'localhost', 'accept-encoding': 'br, gzip' }, remoteAddress: '203.0.113.11' });
    expect(res.headers['content-encoding']).toBe('br');
  });
});

describe('behind a TLS-terminating proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: true });
  });
  afterAll(async () => proxied?.close());

  it('sends HSTS only for requests that came over https', async () => {
    const https = await proxied.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await proxied.app.inject({ url: '/healthz' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('takes the client address from X-Forwarded-For for GeoIP', async () => {
    const res = await proxied.app.inject({ url: '/api/settings.php', headers: { host: 'localhost', 'x-forwarded-for': '145.131.0.1' } });
    expect(res.json().geoip_country).toBe('NL');
  });
});

describe('behind a TLS proxy that is not trusted (ASSUME_HTTPS)', () => {
  let assumed: TestApp;
  beforeAll(async () => {
    assumed = await createTestApp({ ASSUME_HTTPS: true });
  });
  afterAll(async () => assumed?.close());

  it('sends HSTS and marks the session cookie Secure though the connection to us is plain http', async () => {
    const res = await assumed.app.inject({ url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const member = await createMember(assumed.database.db);
    const login = await assumed.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json' },
      payload: { email: member.email, password: member.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.cookies.find((c) => c.name === 'auth.session')).toMatchObject({ secure: true, httpOnly: true });
  });
});
