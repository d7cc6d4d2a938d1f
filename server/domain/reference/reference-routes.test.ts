import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test-support/test-app-for-file';

const t = testAppForFile();

describe('GET /api/interests.php', () => {
  it('lists the 50 interests with icon and a translated name', async () => {
    const res = await t.app.inject({ url: '/api/interests.php', headers: { host: 'localhost', cookie: 'i18n_redirected=nl' } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<{ id: string; icon: string; name: string }>;
    expect(body).toHaveLength(50);
    for (const i of body) {
      expect(i.icon).not.toBe('');
      expect(i.name).not.toContain('interests.');
    }
    expect(res.headers['cache-control']).toContain('max-age=3600');
  });
});

describe('GET /api/regions.php', () => {
  it("lists one country's regions with its own region naming", async () => {
    const res = await t.app.inject({ url: '/api/regions.php?country=PL', headers: { host: 'localhost', cookie: 'i18n_redirected=pl' } });
    expect(res.statusCode).toBe(200);
    const [pl] = res.json().countries;
    expect(pl).toMatchObject({ country: 'PL', name: 'Polska', region_type: 'voivodeship' });
    expect(pl.region_type_label).toBe('Województwo');
    expect(pl.regions).toHaveLength(16);
  });

  it('lists every country of the site when no country is asked', async () => {
    const res = await t.app.inject({ url: '/api/regions.php', headers: { host: 'milfmatch.localhost' } });
    expect(res.json().countries.map((c: { country: string }) => c.country)).toEqual(['DE', 'AT', 'CH']);
  });

  it('refuses an unserved or malformed country with 400', async () => {
    const unserved = await t.app.inject({ url: '/api/regions.php?country=JP', headers: { host: 'localhost' } });
    expect(unserved.statusCode).toBe(400);
    expect(unserved.json().error.code).toBe('unknownCountry');
    const malformed = await t.app.inject({ url: '/api/regions.php?country=1', headers: { host: 'localhost' } });
    expect(malformed.statusCode).toBe(400);
  });
});
