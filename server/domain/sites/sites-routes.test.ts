import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettingsSchema, companyInfoSchema } from '../../../common/sites/site-settings';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

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
