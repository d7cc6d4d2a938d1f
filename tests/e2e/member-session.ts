import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export const DEMO_FREE = 'free@rendezvous.example';
export const DEMO_PREMIUM = 'premium@rendezvous.example';
export const DEMO_PASSWORD = 'rendezvous';

/** The interface language of this browser context (the locale cookie). */
export async function useLocale(context: BrowserContext, locale = 'en'): Promise<void> {
  await context.addCookies([{ name: 'i18n_redirected', value: locale, url: 'http://localhost' }]);
}

/** Logs this page's context in through the API (the login form has tests of its own). */
export async function logInByApi(page: Page, email = DEMO_FREE, password = DEMO_PASSWORD): Promise<number> {
  if (page.url() === 'about:blank') await page.goto('/pages/faq');
  const res = await page.request.post('/api/user.php', { headers: { origin: new URL(page.url()).origin }, data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { user: { id: number } }).user.id;
}

let counter = 0;

/** A new member of this test's own (the signup API logs the context in), for tests that change the account. */
export async function signUpByApi(page: Page, prefix: string): Promise<{ id: number; email: string }> {
  if (page.url() === 'about:blank') await page.goto('/pages/faq');
  counter += 1;
  const unique = `${prefix}${Date.now() % 1_000_000}${counter}`;
  const email = `e2e-${unique.toLowerCase()}@rendezvous.example`;
  const res = await page.request.post('/api/signup.php', {
    headers: { origin: new URL(page.url()).origin },
    data: { email, name: unique, password: 'a fine password 42', date_of_birth: '1990-04-12', gender: 'female', sexuality: 'hetero', country: 'NL' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { id: ((await res.json()) as { user: { id: number } }).user.id, email };
}

/** A listed demo member of the default site (for the routes that take a member id). */
export async function someDemoMemberId(request: APIRequestContext): Promise<number> {
  for (let id = 1; id <= 200; id += 1) {
    if ((await request.get(`/api/member.php?id=${id}`)).ok()) return id;
  }
  throw new Error('no listed demo member');
}
