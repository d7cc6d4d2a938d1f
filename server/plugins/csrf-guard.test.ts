import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../db/schema';
import { testAppForFile } from '../test-support/test-app-for-file';
import { createMember, sessionCookie } from '../test-support/test-members';

const t = testAppForFile();

let ip = 0;
const get = (url: string, cookie: string, fetchSite?: string) =>
  t.app.inject({ url, remoteAddress: `192.0.2.${(ip += 1)}`, headers: { host: 'localhost', cookie, ...(fetchSite ? { 'sec-fetch-site': fetchSite } : {}) } });

async function loggedIn() {
  const member = await createMember(t.database.db, { country: 'DE', regionCode: 'BE', city: 'Berlin' });
  return { member, cookie: await sessionCookie(t.database.db, member.id) };
}
async function cityOf(id: number) {
  const [row] = await t.database.db.select({ city: members.city }).from(members).where(eq(members.id, id));
  return row!.city;
}

describe('GETs that write are refused when another site started them (Sec-Fetch-Site)', () => {
  it('geocode.php?store=1 moves no place from a link on another site, nor from a sibling host', async () => {
    const { member, cookie } = await loggedIn();
    for (const site of ['cross-site', 'same-site']) {
      const res = await get('/api/geocode.php?lat=52.37&lon=4.90&store=1', cookie, site);
      expect(res.statusCode, site).toBe(403);
      expect(res.json().error.code).toBe('forbiddenOrigin');
    }
    expect(await cityOf(member.id)).toBe('Berlin');
    // The member's own page (and a client without Fetch Metadata) still store it.
    expect((await get('/api/geocode.php?lat=52.37&lon=4.90&store=1', cookie, 'same-origin')).statusCode).toBe(200);
    expect(await cityOf(member.id)).toBe('Amsterdam');
  });

  it('auto-like.php (it may make a like) answers only our own pages', async () => {
    const { cookie } = await loggedIn();
    expect((await get('/api/auto-like.php', cookie, 'cross-site')).statusCode).toBe(403);
    expect((await get('/api/auto-like.php', cookie, 'same-origin')).statusCode).toBe(200);
  });

  it('logout.php from another site ends no session', async () => {
    const { member, cookie } = await loggedIn();
    expect((await get('/api/logout.php', cookie, 'cross-site')).statusCode).toBe(403);
    expect((await get('/api/user.php', cookie, 'cross-site')).json().user.id).toBe(member.id);
    expect((await get('/api/logout.php', cookie, 'same-origin')).statusCode).toBe(200);
    expect((await get('/api/user.php', cookie)).json().user).toBeNull();
  });

  it('leaves GETs that only read open to any caller', async () => {
    const { cookie } = await loggedIn();
    expect((await get('/api/likes.php', cookie, 'cross-site')).statusCode).toBe(200);
  });
});
