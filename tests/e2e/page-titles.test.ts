import type { Page } from '@playwright/test';
import { expect, logInByApi, someDemoMemberId, test, setLocale } from './fixtures';
import { everyRoute, type ConcreteRoute } from './route-paths';

test.setTimeout(120_000);

/** Titles that name a member or come from the site's own texts read the same in every language. */
const NOT_LANGUAGE_BOUND = new Set(['index', 'members-id', 'chats-id', 'members-id-chat']);
const PREFIX = /^\(\d+\+?\) /;

async function titles(page: Page, routes: ConcreteRoute[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const { id, path } of routes) {
    await page.goto(path);
    // After hydration: the title a member sees, with the unread prefix the shell adds.
    await page.waitForLoadState('load');
    out.set(id, (await page.title()).replace(PREFIX, '').trim());
  }
  return out;
}

for (const who of ['visitor', 'member'] as const) {
  test(`every route has a translated title (${who})`, async ({ page, context }) => {
    await page.addInitScript(() => window.localStorage.setItem('entry-warning-dismissed-at', '1700000000000'));
    await setLocale(context, 'en');
    if (who === 'member') await logInByApi(page);
    const routes = everyRoute(await someDemoMemberId(page.request));
    const siteName = (await page.request.get('/api/settings.php').then((r) => r.json()) as { name: string }).name;
    const english = await titles(page, routes);
    await setLocale(context, 'de');
    const german = await titles(page, routes);

    const problems: string[] = [];
    for (const { id, path } of routes) {
      const en = english.get(id)!;
      const de = german.get(id)!;
      if (!en || en === siteName) problems.push(`${id} (${path}): no title of its own ("${en}")`);
      else if (!NOT_LANGUAGE_BOUND.has(id) && en === de) problems.push(`${id} (${path}): "${en}" in English and German`);
    }
    expect(problems).toEqual([]);
  });
}
