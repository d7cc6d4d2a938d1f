import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../common/auth/user-schema';
import { members, sites } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { type createMember } from '../../test-support/test-members';
import { loggedInMember } from '../../test-support/test-client';

const t = testAppForFile();

const host = 'localhost:3000';
let ip = 0;
const nextIp = () => `198.51.100.${(ip += 1) % 250}`;

const logIn = (overrides: Parameters<typeof createMember>[1] = {}) => loggedInMember(t, overrides);

const put = (cookie: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/profile.php', remoteAddress: nextIp(), headers: { host, origin: `http://${host}`, cookie, 'content-type': 'application/json' }, payload });
const rowOf = async (id: number) => (await t.database.db.select().from(members).where(eq(members.id, id)))[0]!;

const full = {
  name: 'Sunny Side',
  gender: 'male',
  sexuality: 'bi',
  date_of_birth: '1985-02-03',
  country: 'BE',
  region: 'VAN',
  city: 'Antwerpen',
  interests: ['cooking', 'travelling'],
  hair_colour: 'brown',
  eye_colour: 'green',
  body_type: 'athletic',
  relationship_status: 'single',
  tattoos: 'a-few',
  about: 'Coffee first.',
};

describe('PUT /api/profile.php', () => {
  it('updates every field and answers the updated user object', async () => {
    const { member, cookie } = await logIn();
    const res = await put(cookie, full);
    expect(res.statusCode).toBe(200);
    const user = res.json().user as User;
    expect(user.profile).toMatchObject(full);
    const row = await rowOf(member.id);
    expect(row).toMatchObject({ name: 'Sunny Side', country: 'BE', regionCode: 'VAN', tattoos: 'a-few', about: 'Coffee first.' });
  });

  it('leaves out fields that are not sent and clears nullable ones sent as null', async () => {
    const { member, cookie } = await logIn({ hairColour: 'red', city: 'Utrecht' });
    const res = await put(cookie, { hair_colour: null });
    expect(res.statusCode).toBe(200);
    const row = await rowOf(member.id);
    expect(row.hairColour).toBeNull();
    expect(row.city).toBe('Utrecht');
    expect(row.name).toBe(member.name);
  });

  it('clears the old region when the country changes without one', async () => {
    const { member, cookie } = await logIn({ country: 'BE', regionCode: 'VAN' });
    expect((await put(cookie, { country: 'NL' })).statusCode).toBe(200);
    expect((await rowOf(member.id)).regionCode).toBeNull();
  });

  const cases: [string, (email: string) => object, string, string][] = [
    ['a name starting with @', () => ({ name: '@sunny' }), 'name', 'Username may not start with @'],
    ['the e-mail as name', (email) => ({ name: email }), 'name', 'Username may not be the same as your e-mail address'],
    ['a too short name', () => ({ name: 'ab' }), 'name', 'Choose a username of 3 to 30 characters.'],
    ['an under-age date of birth', () => ({ date_of_birth: `${new Date().getUTCFullYear() - 17}-01-01` }), 'date_of_birth', 'Enter your date of birth (18+)'],
    ['an impossible date', () => ({ date_of_birth: '1990-02-31' }), 'date_of_birth', 'Enter your date of birth (18+)'],
    ['a country the site does not serve', () => ({ country: 'XX' }), 'country', 'Choose the country you live in.'],
    ['a region of another country', () => ({ country: 'NL', region: 'VAN' }), 'region', 'Choose your region from the list.'],
    ['a too long about text', () => ({ about: 'x'.repeat(2001) }), 'about', 'Your about-me text can be at most 2000 characters long.'],
  ];
  for (const [what, payload, field, message] of cases) {
    it(`refuses ${what} at its field and changes nothing`, async () => {
      const { member, cookie } = await logIn();
      const before = await rowOf(member.id);
      const res = await put(cookie, { ...payload(member.email), city: 'Changed' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ [field]: message });
      expect(await rowOf(member.id)).toEqual(before);
    });
  }

  it.each([
    ['an unknown interest', { interests: ['cooking', 'knitting-with-wolves'] }, 'interests'],
    ['an unknown hair colour', { hair_colour: 'purple' }, 'hair_colour'],
    ['an unknown gender', { gender: 'robot' }, 'gender'],
    ['an unknown sexuality', { sexuality: 'pan' }, 'sexuality'],
    ['an unknown body type', { body_type: 'cube' }, 'body_type'],
    ['an unknown relationship status', { relationship_status: 'maybe' }, 'relationship_status'],
    ['an unknown tattoo amount', { tattoos: 'all' }, 'tattoos'],
    ['an unknown eye colour', { eye_colour: 'red' }, 'eye_colour'],
  ])('refuses %s (400 at its field, nothing changed)', async (_what, payload, field) => {
    const { member, cookie } = await logIn();
    const before = await rowOf(member.id);
    const res = await put(cookie, { ...payload, city: 'Changed' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {}).some((k) => k.split('.')[0] === field)).toBe(true);
    expect(await rowOf(member.id)).toEqual(before);
  });

  it("ignores the sections the site does not show (visible_profile_fields)", async () => {
    const [site] = await t.database.db.select().from(sites).where(eq(sites.key, 'rendezvous'));
    const visible = site!.settings.visible_profile_fields;
    await t.database.db.update(sites).set({ settings: { ...site!.settings, visible_profile_fields: visible.filter((f) => f !== 'tattoos') } }).where(eq(sites.id, site!.id));
    await t.app.sites.reload();
    try {
      const { member, cookie } = await logIn({ tattoos: 'none' });
      const res = await put(cookie, { tattoos: 'many', city: 'Leiden' });
      expect(res.statusCode).toBe(200);
      expect(await rowOf(member.id)).toMatchObject({ tattoos: 'none', city: 'Leiden' });
    } finally {
      await t.database.db.update(sites).set({ settings: site!.settings }).where(eq(sites.id, site!.id));
      await t.app.sites.reload();
    }
  });

  it('answers 403 when logged out', async () => {
    const res = await put('i18n_redirected=en', { city: 'Nowhere' });
    expect(res.statusCode).toBe(403);
  });

  it('translates the message into the member language', async () => {
    const { cookie } = await logIn();
    const res = await put(cookie.replace('i18n_redirected=en', 'i18n_redirected=de'), { name: '@x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.name).not.toBe('Username may not start with @');
  });
});
