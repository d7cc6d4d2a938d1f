/**
 * The user flows' shared plumbing: the interface language of a test's browser contexts and
 * logging in (by the form or the API). Tests import `test` and `expect` from here.
 */
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { firstLink, outboxMailsTo } from '../../server/test-support/outbox';
import { localeFile, lookup } from './locale-files';

export { expect };

export const DEMO_FREE = 'free@rendezvous.example';
export const DEMO_PREMIUM = 'premium@rendezvous.example';
export const DEMO_PASSWORD = 'rendezvous';

export interface Credentials {
  email: string;
  password: string;
}

const FREE_MEMBER: Credentials = { email: DEMO_FREE, password: DEMO_PASSWORD };

/** The interface language of this browser context (the locale cookie the language menu sets). */
export async function setLocale(context: BrowserContext, locale = 'en'): Promise<void> {
  await context.addCookies([{ name: 'i18n_redirected', value: locale, url: 'http://localhost' }]);
}

/** Fills in and submits the login form, its labels in `locale`; what follows is the caller's to check. */
export async function submitLogin(page: Page, who: Credentials, locale = 'en', returnTo?: string): Promise<void> {
  const common = localeFile(locale, 'common');
  await page.goto(returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login');
  await page.getByLabel(lookup(common, 'login.email')).fill(who.email);
  await page.getByLabel(lookup(common, 'login.password')).fill(who.password);
  await page.getByRole('button', { name: lookup(common, 'login.submit') }).click();
}

/** Logs this page's context in through the API (the login form has tests of its own); the member's id. */
export async function logInByApi(page: Page, email = DEMO_FREE, password = DEMO_PASSWORD): Promise<number> {
  if (page.url() === 'about:blank') await page.goto('/pages/faq');
  const res = await page.request.post('/api/user.php', { headers: { origin: new URL(page.url()).origin }, data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { user: { id: number } }).user.id;
}

let counter = 0;

/** A new member of this test's own (the signup API logs the context in), for tests that change the account. */
export async function signUpByApi(page: Page, prefix: string, country = 'NL'): Promise<{ id: number; email: string }> {
  if (page.url() === 'about:blank') await page.goto('/pages/faq');
  counter += 1;
  const unique = `${prefix}${Date.now() % 1_000_000}${counter}`;
  const email = `e2e-${unique.toLowerCase()}@rendezvous.example`;
  const res = await page.request.post('/api/signup.php', {
    headers: { origin: new URL(page.url()).origin },
    data: { email, name: unique, password: 'a fine password 42', date_of_birth: '1990-04-12', gender: 'female', sexuality: 'hetero', country },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { id: ((await res.json()) as { user: { id: number } }).user.id, email };
}

/** The development outbox of the server under test (its mails as files). */
export const OUTBOX = `${process.env.E2E_DATA_DIR ?? 'test-results/e2e-data'}/outbox`;

/** A new free member of this test's own with a confirmed address (no activation reminder above the pages), logged in. */
export async function signUpConfirmed(page: Page, prefix: string, country = 'NL'): Promise<{ id: number; email: string }> {
  const member = await signUpByApi(page, prefix, country);
  await expect.poll(async () => (await outboxMailsTo(OUTBOX, member.email)).length).toBeGreaterThanOrEqual(1);
  const token = new URL(firstLink((await outboxMailsTo(OUTBOX, member.email))[0]!, '/activate/done')).searchParams.get('token');
  const res = await page.request.post('/api/activate.php', { headers: { origin: new URL(page.url()).origin }, data: { token } });
  expect(res.status()).toBe(200);
  return member;
}

/**
 * The browser is in `country`: the test server sees 127.0.0.1, which has no geo-IP country,
 * and on such a developer's machine the kept country choice (`?country=`, this cookie) stands
 * in for it (server/domain/payments/payment-country.ts).
 */
export async function browseFrom(page: Page, country: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/pages/faq');
  await page.context().addCookies([{ name: 'selected_country', value: country, url: new URL(page.url()).origin }]);
}

/** A listed demo member of the default site (for the routes that take a member id). */
export async function someDemoMemberId(request: APIRequestContext): Promise<number> {
  for (let id = 1; id <= 200; id += 1) {
    if ((await request.get(`/api/member.php?id=${id}`)).ok()) return id;
  }
  throw new Error('no listed demo member');
}

interface Options {
  /**
   * The interface language of the test's browser contexts (the locale cookie); null sets
   * none, so the server chooses as for a first visit. Not Playwright's own `locale`, which
   * changes the browser's language and its Accept-Language header.
   */
  uiLocale: string | null;
}

interface Fixtures {
  /**
   * Logs the test's page in through the login form (labels in `uiLocale`), the free demo
   * member by default, and waits for the member's top bar, or for `returnTo` when given.
   */
  logIn: (who?: Credentials, returnTo?: string) => Promise<void>;
  /** The test's page, logged in as the free demo member through the API. */
  memberPage: Page;
  /** A page in a browser context of its own (another member's), with `uiLocale`; closed after the test. */
  openPage: () => Promise<Page>;
}

// Fixture setup hands its value on through `provide` (Playwright calls it `use`; the React
// hooks lint reads that name as a hook).
export const test = base.extend<Options & Fixtures>({
  uiLocale: [null, { option: true }],
  context: async ({ context, uiLocale }, provide) => {
    if (uiLocale) await setLocale(context, uiLocale);
    await provide(context);
  },
  logIn: async ({ page, uiLocale }, provide) => {
    await provide(async (who = FREE_MEMBER, returnTo) => {
      await submitLogin(page, who, uiLocale ?? 'en', returnTo);
      if (returnTo) await expect(page).toHaveURL(new RegExp(`${returnTo}$`));
      else await expect(page.getByTestId('member-nav')).toBeVisible();
    });
  },
  memberPage: async ({ page }, provide) => {
    await logInByApi(page);
    await provide(page);
  },
  openPage: async ({ browser, uiLocale }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async () => {
      const context = await browser.newContext();
      contexts.push(context);
      if (uiLocale) await setLocale(context, uiLocale);
      return context.newPage();
    });
    await Promise.all(contexts.map((c) => c.close()));
  },
});
