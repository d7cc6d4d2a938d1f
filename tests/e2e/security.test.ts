import { expect, test } from '@playwright/test';

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
