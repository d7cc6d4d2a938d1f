import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { type createMember } from '../../test-support/test-members';
import { loggedInMember } from '../../test-support/test-client';

const t = testAppForFile();

const host = 'localhost:3000';
let ip = 0;
const nextIp = () => `192.0.2.${(ip += 1) % 250}`;

function geocode(query: string, headers: Record<string, string> = {}, remoteAddress = nextIp()) {
  return t.app.inject({ url: `/api/geocode.php?${query}`, remoteAddress, headers: { host, cookie: 'i18n_redirected=en', ...headers } });
}

const logIn = (fields: Parameters<typeof createMember>[1] = {}, siteHost = host) =>
  loggedInMember(t, { country: 'DE', regionCode: 'BE', city: 'Berlin', ...fields }, 'en', siteHost);

async function placeOf(id: number) {
  const [row] = await t.database.db.select({ country: members.country, region: members.regionCode, city: members.city }).from(members).where(eq(members.id, id));
  return row;
}

describe('GET /api/geocode.php', () => {
  it('answers a visitor with country, region and city, and never the position', async () => {
    const res = await geocode('lat=52.37&lon=4.90');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ country: 'NL', region: 'NH', region_name: 'Noord-Holland', city: 'Amsterdam' });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).not.toMatch(/52\.3|4\.9/);
  });

  it('answers Munich in Bavaria', async () => {
    const res = await geocode('lat=48.137&lon=11.575');
    expect(res.json()).toEqual({ country: 'DE', region: 'BY', region_name: 'Bayern', city: 'Munich' });
  });

  it('answers nulls at sea and in countries we do not serve', async () => {
    const nowhere = { country: null, region: null, region_name: null, city: null };
    expect((await geocode('lat=55.5&lon=3')).json()).toEqual(nowhere);
    expect((await geocode('lat=50.088&lon=14.42')).json()).toEqual(nowhere);
  });

  it.each([
    ['lat=91&lon=4.9'],
    ['lat=-90.5&lon=4.9'],
    ['lat=52&lon=180.01'],
    ['lat=&lon=4.9'],
    ['lat=52'],
    ['lat=abc&lon=4.9'],
    ['lat=1e1&lon=4.9'],
    ['lat=Infinity&lon=4.9'],
    ['lat=NaN&lon=4.9'],
    ['lat=0x1f&lon=4.9'],
    ['lat=52&lon=4.9&store=yes'],
  ])('refuses %s with a translated 400', async (query) => {
    const res = await geocode(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalidInput', message: 'Some of the information sent is not valid. Please check it and try again.' });
    const nl = await geocode(query, { cookie: 'i18n_redirected=nl' });
    expect(nl.json().error.message).toBe('Een deel van de verzonden gegevens is ongeldig. Controleer ze en probeer het opnieuw.');
  });

  it('stores the place on the logged-in member only with store=1', async () => {
    const { member, cookie } = await logIn();
    const looked = await geocode('lat=52.37&lon=4.90', { cookie });
    expect(looked.json().city).toBe('Amsterdam');
    expect(await placeOf(member.id)).toEqual({ country: 'DE', region: 'BE', city: 'Berlin' });

    const stored = await geocode('lat=52.37&lon=4.90&store=1', { cookie });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual({ country: 'NL', region: 'NH', region_name: 'Noord-Holland', city: 'Amsterdam' });
    expect(await placeOf(member.id)).toEqual({ country: 'NL', region: 'NH', city: 'Amsterdam' });
  });

  it('stores nothing where there is no served place, or in a country the site does not serve', async () => {
    const { member, cookie } = await logIn();
    await geocode('lat=50.088&lon=14.42&store=1', { cookie });
    expect(await placeOf(member.id)).toEqual({ country: 'DE', region: 'BE', city: 'Berlin' });

    // flirtdate serves NL and BE only.
    const other = await logIn({ siteKey: 'flirtdate', country: 'NL', regionCode: 'UT', city: 'Utrecht' }, 'flirtdate.localhost');
    const res = await geocode('lat=48.137&lon=11.575&store=1', { host: 'flirtdate.localhost', cookie: other.cookie });
    expect(res.json().country).toBe('DE');
    expect(await placeOf(other.member.id)).toEqual({ country: 'NL', region: 'UT', city: 'Utrecht' });
  });

  it('touches only the caller: another member keeps their place', async () => {
    const a = await logIn();
    const b = await logIn({ country: 'GB', regionCode: 'LDN', city: 'London' });
    await geocode('lat=52.37&lon=4.90&store=1', { cookie: a.cookie });
    expect(await placeOf(b.member.id)).toEqual({ country: 'GB', region: 'LDN', city: 'London' });
  });

  it('asks a logged-out caller who sends store=1 to log in', async () => {
    const res = await geocode('lat=52.37&lon=4.90&store=1');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'authRequired', message: 'You need to log in first.' });
  });

  it('is described in the OpenAPI document with its query', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json', headers: { host } })).json();
    const names = doc.paths['/api/geocode.php'].get.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['lat', 'lon', 'store']));
  });

  it('is rate limited per client address', async () => {
    const address = '198.51.100.7';
    const answers = [];
    for (let i = 0; i < 31; i += 1) answers.push((await geocode('lat=52.37&lon=4.90', {}, address)).statusCode);
    expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});
