import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Bad input to every page action (React Router routes with an `action`) never gets a 5xx and
 * writes nothing. The routes come from the route table itself, so a new action is covered
 * without touching this file (the API's operations: server/http/bad-input.test.ts).
 */
function actionPaths(): string[] {
  const table = readFileSync('app/routes.ts', 'utf8');
  const paths = new Set<string>();
  for (const [, path, , file] of table.matchAll(/screen\('([^']*)', '([^']*)', '([^']+)'\)/g)) {
    if (!/export (async )?function action\b/.test(readFileSync(`app/${file}`, 'utf8'))) continue;
    paths.add(`/${path!.replace(/:(\w+)\?/g, '').replace(/:\w+/g, '1').replace(/\/$/, '')}`);
  }
  return [...paths];
}

const BOUNDARY = '----rv-bad-input';
const BODIES: Array<{ label: string; contentType?: string; body: string }> = [
  { label: 'broken percent-encoding', contentType: 'application/x-www-form-urlencoded', body: '%E0%A4%A=%%&intent=%00&email=%C0%AE' },
  { label: 'unknown intent, repeated fields', contentType: 'application/x-www-form-urlencoded', body: 'intent=nonsense&intent=delete&email=a&email=b&password=' },
  { label: 'huge field', contentType: 'application/x-www-form-urlencoded', body: `email=${'x'.repeat(200_000)}&password=${'y'.repeat(200_000)}` },
  { label: 'NUL characters', contentType: 'application/x-www-form-urlencoded', body: 'email=a%00b%40example.test&password=%00&text=%00&token=%00&locale=%00&returnTo=%00' },
  { label: 'broken multipart', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\nno end` },
  { label: 'multipart without boundary', contentType: 'multipart/form-data', body: 'garbage' },
  { label: 'JSON', contentType: 'application/json', body: '{"email":' },
  { label: 'no content type', body: 'email=a' },
  { label: 'text', contentType: 'text/plain', body: '\u0000\u0001' },
];

async function postAll(request: APIRequestContext, baseURL: string, failures: string[]) {
  for (const path of actionPaths()) {
    for (const variant of BODIES) {
      for (const url of [path, `${path}?returnTo=%E0%A4%A&index&_data=%00`]) {
        const res = await request.post(url, {
          headers: { origin: baseURL, referer: 'http://[::1', ...(variant.contentType ? { 'content-type': variant.contentType } : {}) },
          data: Buffer.from(variant.body),
          maxRedirects: 0,
        });
        if (res.status() >= 500) failures.push(`${res.status()} POST ${url} ${variant.label}: ${(await res.text()).slice(0, 160)}`);
      }
    }
  }
}

test('bad input to every page action: never a 5xx, nothing written', async ({ request, baseURL, playwright }) => {
  test.setTimeout(180_000);
  expect(actionPaths()).toEqual(expect.arrayContaining(['/login', '/settings', '/account-deleted', '/lang-config']));
  const failures: string[] = [];
  // As a visitor...
  await postAll(request, baseURL!, failures);
  // ...and as a member, whose account must come out unchanged.
  const member = await playwright.request.newContext({ baseURL });
  const email = `e2e-bad-input-${Date.now()}@rendezvous.example`;
  const signup = await member.post('/api/signup.php', {
    headers: { origin: baseURL! },
    data: { email, name: 'Bea', password: 'a fine password 42', date_of_birth: '1990-04-12', gender: 'female', sexuality: 'hetero', country: 'NL' },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const state = async () => JSON.stringify([await (await member.get('/api/user.php')).json(), await (await member.get('/api/notifications.php')).json()]);
  const before = await state();
  await postAll(member, baseURL!, failures);
  expect(failures).toEqual([]);
  expect(await state()).toBe(before);
  await member.dispose();
});

test('a page request whose Host header makes no URL: a 4xx, never a 5xx', async ({ baseURL }) => {
  const { port } = new URL(baseURL!);
  // Raw HTTP: a browser or Playwright would not send such a Host.
  const statusFor = (host: string) =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/activate/done?token=abc', headers: { host } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
  for (const host of ['a b', 'localhost:99999', '[::1']) {
    const status = await statusFor(host);
    expect(status, host).toBeGreaterThanOrEqual(400);
    expect(status, host).toBeLessThan(500);
  }
});
