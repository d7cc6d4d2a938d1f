import { request as httpRequest } from 'node:http';
import { expect, test } from './fixtures';

/**
 * Posts a form from a loopback address of its own (127.0.0.x), so that the server counts it
 * apart from the other tests' requests, and returns the status without following redirects.
 */
function postFormFrom(localAddress: string, baseURL: string, path: string, form: Record<string, string>): Promise<{ status: number; location: string | undefined; body: string }> {
  const url = new URL(path, baseURL);
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        localAddress,
        headers: { host: url.host, origin: url.origin, cookie: 'i18n_redirected=en', 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}


test.describe('security headers of pages', () => {
  test('every response carries its own CSP nonce, also when the page comes from the cache', async ({ request }) => {
    const nonces: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await request.get('/pages/faq', { headers: { cookie: 'i18n_redirected=en' } });
      expect(res.status()).toBe(200);
      const csp = res.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      const html = await res.text();
      // Every script in the document carries this response's nonce and no other.
      const inHtml = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
      expect([...inHtml]).toEqual([nonce]);
      nonces.push(nonce!);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  test('pages are not framed and sniffing is off', async ({ request }) => {
    const res = await request.get('/');
    expect(res.headers()['x-frame-options']).toBe('DENY');
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('an oversized form body is refused before it is read', async ({ request, baseURL }) => {
    const res = await request.post('/login', { form: { email: 'x'.repeat(2 * 1024 * 1024), password: 'y' }, headers: { origin: baseURL! } });
    expect(res.status()).toBe(413);
  });

  test('a cross-site form post is refused', async ({ request }) => {
    const res = await request.post('/lang-config', { form: { locale: 'de', returnTo: '/' }, headers: { origin: 'https://evil.example' } });
    expect(res.status()).toBe(403);
  });
});

test.describe('visits', () => {
  test('a page becoming hidden sends the beacon, which the server records', async ({ page }) => {
    // Wait for hydration: the beacon is attached by the app's script.
    await page.goto('/pages/faq?lb=1', { waitUntil: 'networkidle' });
    const beacon = page.waitForRequest((r) => r.url().endsWith('/api/page-hidden.php'));
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const request = await beacon;
    expect(request.method()).toBe('POST');
    expect((await request.response())?.status()).toBe(204);
  });
});

test.describe('doors', () => {
  test('returnTo never leads to another host, on /login nor /lang-config', async ({ baseURL }) => {
    const evil = '/\t/evil.example';
    const lang = await postFormFrom('127.0.0.21', baseURL!, '/lang-config', { locale: 'de', returnTo: evil });
    expect(lang.status).toBe(302);
    expect(new URL(lang.location!, baseURL).origin).toBe(new URL(baseURL!).origin);
    const local = await postFormFrom('127.0.0.21', baseURL!, '/lang-config', { locale: 'de', returnTo: '/members?page=2' });
    expect(local.location).toBe('/members?page=2');
    const login = await postFormFrom('127.0.0.21', baseURL!, '/login', { email: 'free@rendezvous.example', password: 'rendezvous', returnTo: evil });
    expect(login.status).toBe(302);
    expect(new URL(login.location!, baseURL).origin).toBe(new URL(baseURL!).origin);
  });

  test('the reset page form has the API limit of the reset request', async ({ baseURL }) => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i += 1) {
      statuses.push((await postFormFrom('127.0.0.22', baseURL!, '/reset-password', { email: `nobody-${i}@rendezvous.example` })).status);
    }
    // The API answers 10 a minute per client address; the page form is no side door.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(4);
  });
});
