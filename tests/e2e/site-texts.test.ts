import type { APIRequestContext } from '@playwright/test';
import { expect, test, setLocale } from './fixtures';
import type { MemberProfile } from '../../common/profile-view/member-profile';
import { DEMO_SITES } from '../../server/db/seed/demo-sites';
import { localeFile, lookup } from './locale-files';

const site = (key: string) => DEMO_SITES.find((s) => s.key === key)!.settings;

/** A listed fictional demo member of the default site. */
async function fictionalMember(request: APIRequestContext): Promise<MemberProfile> {
  for (let id = 1; id <= 400; id += 1) {
    const res = await request.get(`/api/member.php?id=${id}`, { headers: { cookie: 'i18n_redirected=en' } });
    if (!res.ok()) continue;
    const profile = (await res.json()) as MemberProfile;
    if (profile.fictional) return profile;
  }
  throw new Error('no fictional demo member');
}

test.describe("site texts in the page's language", () => {
  for (const locale of ['de', 'nl', 'fr'] as const) {
    test(`home headline, fictional-profile label and disclaimer in ${locale}`, async ({ page, context, request }) => {
      const texts = site('rendezvous');
      await setLocale(context, locale);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.index_title[locale]);
      await expect(page.getByTestId('disclaimer')).toContainText(texts.fictional_warning[locale]);
      await expect(page.getByTestId('disclaimer')).not.toContainText(texts.fictional_warning.en);

      const fictional = await fictionalMember(request);
      await page.goto(`/members/${fictional.id}`);
      const warning = page.getByTestId('fictional-warning');
      await expect(warning).toContainText(texts.fictional_singular[locale]);
      await expect(warning).toContainText(texts.fictional_warning[locale]);
    });
  }

  test('a site in its own language, then in the one the visitor chooses', async ({ page, baseURL }) => {
    const texts = site('flirtdate');
    // This visitor dismissed the entry warning on an earlier visit.
    await page.addInitScript(() => window.localStorage.setItem('entry-warning-dismissed-at', '1700000000000'));
    await page.goto(`http://flirtdate.localhost:${new URL(baseURL!).port}/?country=BE`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.index_title.nl);
    await expect(page.getByTestId('disclaimer')).toContainText(texts.fictional_warning.nl);

    await page.getByTestId('language-menu').getByRole('button').click();
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.index_title.fr);
    await expect(page.getByTestId('disclaimer')).toContainText(texts.fictional_warning.fr);
    await expect(page.getByTestId('hero-signup')).toHaveText(lookup(localeFile('fr', 'common'), 'home.signupCta'));
  });
});
