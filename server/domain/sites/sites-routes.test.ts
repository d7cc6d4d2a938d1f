import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sites } from '../../db/schema';
import { siteSettingsSchema, companyInfoSchema } from '../../../common/sites/site-settings';
import { testAppForFile } from '../../test-support/test-app-for-file';

const t = testAppForFile();

describe('GET /api/settings.php', () => {
  it('answers the default site for localhost with every settings field', async () => {
    const res = await t.app.inject({ url: '/api/settings.php', headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(200);
    const body = siteSettingsSchema.parse(res.json());
    expect(body.name).toBe('Rendezvous');
    expect(body.domain).toBe('localhost');
    expect(body.push_public_key).toBe('test-vapid-public');
    // Spec section 9: the support phone is cleaned of dashes and spaces.
    expect(body.support_phone).toBe('+31207941130');
  });

  it('chooses the site by host and honours a forced host', async () => {
    const byHeader = await t.app.inject({ url: '/api/settings.php', headers: { host: 'flirtdate.localhost' } });
    expect(byHeader.json()).toMatchObject({ name: 'Flirtdate', domain_language: 'nl', niche: 2 });
    const forced = await t.app.inject({ url: '/api/settings.php?host=milfmatch.localhost:3000&utm_source=x', headers: { host: 'localhost' } });
    expect(forced.json()).toMatchObject({ name: 'MILF Match', niche: 6 });
  });

  it('gives the site texts in the visitor language, else the site language, else English', async () => {
    const get = async (host: string, locale: string) =>
      (await t.app.inject({ url: '/api/settings.php', headers: { host, cookie: `i18n_redirected=${locale}` } })).json() as Record<string, string>;
    const german = await get('localhost', 'de');
    expect(german).toMatchObject({
      index_title: 'Rendezvous: Singles in deiner Nähe treffen, flirten und chatten',
      fictional_singular: 'Unterhaltungsprofil',
    });
    const english = await get('localhost', 'en');
    expect(english.index_title).toBe('Rendezvous: meet, flirt and chat with singles near you');
    // Same site, same countries, another locale: the settings cache keeps one answer per locale.
    expect((await get('localhost', 'de')).description).toBe(german.description);
    expect(english.description).not.toBe(german.description);

    // Texts that lack the visitor's locale fall back to the site's own language, then to English.
    const [row] = await t.database.db.select().from(sites).where(eq(sites.key, 'milfmatch'));
    const saved = row!.settings;
    await t.database.db
      .update(sites)
      .set({ settings: { ...saved, index_title: { de: 'Nur Deutsch', en: 'English too' }, description: { en: 'Only English', fr: 'Seulement français' } } })
      .where(eq(sites.id, row!.id));
    await t.app.sites.reload();
    try {
      expect(await get('milfmatch.localhost', 'fr')).toMatchObject({ index_title: 'Nur Deutsch', description: 'Seulement français' });
      expect(await get('milfmatch.localhost', 'nl')).toMatchObject({ index_title: 'Nur Deutsch', description: 'Only English' });
    } finally {
      await t.database.db.update(sites).set({ settings: saved }).where(eq(sites.id, row!.id));
      await t.app.sites.reload();
    }
  });

  it('reports the detected and the selected country', async () => {
    const res = await t.app.inject({ url: '/api/settings.php?country=be', remoteAddress: '145.131.0.1', headers: { host: 'localhost' } });
    expect(res.json()).toMatchObject({ geoip_country: 'NL', geoip_selected_country: 'BE' });
  });

  it('refuses an unknown forced host with a translated 404', async () => {
    const res = await t.app.inject({ url: '/api/settings.php?host=unknown.example', headers: { host: 'localhost', cookie: 'i18n_redirected=de' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('unknownSite');
    expect(res.json().error.message).not.toBe('This website is not known here.');
  });

  it.each([
    ['a malformed host', '/api/settings.php?host=bad%20host!'],
    ['a malformed country', '/api/settings.php?country=NLD'],
    ['an oversized query value', `/api/settings.php?q=${'x'.repeat(3000)}`],
  ])('answers %s with 400, never 5xx', async (_label, url) => {
    const res = await t.app.inject({ url, headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalidInput');
  });
});

describe('GET /api/companyinfo.php', () => {
  it('gives the company with its three address variants', async () => {
    const res = await t.app.inject({ url: '/api/companyinfo.php', headers: { host: 'localhost', cookie: 'i18n_redirected=en' } });
    expect(res.statusCode).toBe(200);
    const body = companyInfoSchema.parse(res.json());
    expect(body.name).toBe('Rendezvous Media B.V.');
    expect(body.addresses.single_line).toBe('Herengracht 182, 1016 BR Amsterdam, Netherlands');
    expect(body.addresses.multi_line).toEqual(['Herengracht 182', '1016 BR Amsterdam', 'Netherlands']);
    expect(body.addresses.short).toBe('Amsterdam, Netherlands');
    expect(body.support_phone).toBe('+31207941130');
  });

  it('names the country in the visitor language and serves each site its own company', async () => {
    const res = await t.app.inject({ url: '/api/companyinfo.php', headers: { host: 'rainbow.localhost', cookie: 'i18n_redirected=de' } });
    expect(res.json()).toMatchObject({ name: 'Northern Lights Digital Ltd', addresses: { short: 'Dublin, Irland' } });
  });
});
