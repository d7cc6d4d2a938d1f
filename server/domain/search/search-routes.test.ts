import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, members, photos, sites } from '../../db/schema';
import { SEARCH_PAGE_SIZE, type SearchResult } from '../../../common/search/search-schema';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember, sessionCookie } from '../../test-support/test-members';
import { encodeVisit, newVisit, VISIT_COOKIE } from '../visits/visit-cookie';
import { distanceBand, snapToCell } from './cells';

let t: TestApp;
const host = 'rainbow.localhost';
let siteId: number;
let viewer: Awaited<ReturnType<typeof createMember>>;
let cookie: string;
let ip = 0;
const nextIp = () => `198.51.100.${(ip += 1) % 250}`;

const birth = (age: number) => `${new Date().getUTCFullYear() - age}-01-01`;
let n = 0;
/** A listed member of the test site, inserted directly (no password hashing: fast). */
async function add(fields: Partial<typeof members.$inferInsert> = {}) {
  n += 1;
  const [row] = await t.database.db
    .insert(members)
    .values({ siteId, email: `s${n}@example.test`, status: 'active', name: `Searchable ${n}`, gender: 'female', birthDate: birth(30), country: 'NL', lastActiveAt: new Date(Date.now() - n * 1000), ...fields })
    .returning();
  return row!;
}

async function setSettings(patch: Record<string, unknown>) {
  const [site] = await t.database.db.select().from(sites).where(eq(sites.id, siteId));
  await t.database.db.update(sites).set({ settings: { ...site!.settings, ...patch } }).where(eq(sites.id, siteId));
  await t.app.sites.reload();
}

async function search(query: string, as: string | null = cookie) {
  const res = await t.app.inject({ url: `/api/search.php?${query}`, remoteAddress: nextIp(), headers: { host, cookie: as ?? 'i18n_redirected=en' } });
  return res;
}
const ids = (r: SearchResult['results']) => r.map((x) => x.id);

beforeAll(async () => {
  t = await createTestApp();
  const [site] = await t.database.db.select().from(sites).where(eq(sites.key, 'rainbow'));
  siteId = site!.id;
  await setSettings({ countries: ['NL', 'DE', 'BE'], search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'], logged_out_search: 'yes', member_resell: 'no' });
  viewer = await createMember(t.database.db, { siteKey: 'rainbow', gender: 'male', country: 'NL', cellLat: 52.35, cellLon: 4.85 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user.php',
    remoteAddress: nextIp(),
    headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
    payload: { email: viewer.email, password: viewer.password },
  });
  expect(res.statusCode).toBe(200);
  cookie = `auth.session=${res.cookies.find((c) => c.name === 'auth.session')!.value}; i18n_redirected=en`;
});
afterAll(async () => t?.close());

let rendezvousEmail = '';
async function rendezvousCookie() {
  const m = await createMember(t.database.db, { siteKey: 'rendezvous' });
  rendezvousEmail = m.email;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user.php',
    remoteAddress: nextIp(),
    headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'content-type': 'application/json' },
    payload: { email: m.email, password: m.password },
  });
  return `auth.session=${res.cookies.find((c) => c.name === 'auth.session')!.value}; i18n_redirected=en`;
}

describe('GET /api/search.php', () => {
  it('filters by gender, country, region and age', async () => {
    const a = await add({ country: 'BE', regionCode: 'VAN', gender: 'male', birthDate: birth(25) });
    const b = await add({ country: 'BE', regionCode: 'VAN', gender: 'female', birthDate: birth(40) });
    const c = await add({ country: 'BE', regionCode: 'WHT', gender: 'female', birthDate: birth(60) });
    const be = (await search('country=BE')).json<SearchResult>();
    expect(ids(be.results).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(be.numResults).toBe(3);
    expect(ids((await search('country=BE&gender=female')).json<SearchResult>().results).sort()).toEqual([b.id, c.id].sort());
    expect(ids((await search('country=be&countryregion=VAN')).json<SearchResult>().results).sort()).toEqual([a.id, b.id].sort());
    expect(ids((await search('country=BE&min_age=35')).json<SearchResult>().results).sort()).toEqual([b.id, c.id].sort());
    expect(ids((await search('country=BE&max_age=40')).json<SearchResult>().results).sort()).toEqual([a.id, b.id].sort());
    expect(ids((await search('country=BE&min_age=26&max_age=59')).json<SearchResult>().results)).toEqual([b.id]);
    expect((await search('gender=other')).statusCode).toBe(400);
    expect((await search('min_age=17')).statusCode).toBe(400);
  });

  it('pages through the results, recently active first, with the count', async () => {
    const made = [];
    for (let i = 0; i < SEARCH_PAGE_SIZE + 6; i++) made.push(await add({ country: 'DE', regionCode: 'BY', birthDate: birth(33) }));
    const expected = made.map((m) => m.id); // inserted with decreasing last_active_at
    const p1 = (await search('country=DE&countryregion=BY')).json<SearchResult>();
    expect(p1.numResults).toBe(SEARCH_PAGE_SIZE + 6);
    expect(p1.pages).toBe(2);
    expect(p1.page).toBe(1);
    expect(ids(p1.results)).toEqual(expected.slice(0, SEARCH_PAGE_SIZE));
    expect(p1.similar).toBeNull();
    const p2 = (await search('country=DE&countryregion=BY&page=2')).json<SearchResult>();
    expect(p2.page).toBe(2);
    expect(ids(p2.results)).toEqual(expected.slice(SEARCH_PAGE_SIZE));
    const p3 = (await search('country=DE&countryregion=BY&page=3')).json<SearchResult>();
    expect(p3.results).toEqual([]);
  });

  it("shows each member's active main photo (thumb and size), and none while it is in inspection", async () => {
    const withPhoto = await add({ country: 'DE', regionCode: 'PHO' });
    const pending = await add({ country: 'DE', regionCode: 'PHO' });
    const without = await add({ country: 'DE', regionCode: 'PHO' });
    const [active] = await t.database.db
      .insert(photos)
      .values({ memberId: withPhoto.id, filename: 'p/aa/full.webp', thumbFilename: 'p/aa/thumb.webp', width: 300, height: 400, status: 'active' })
      .returning();
    const [inspected] = await t.database.db
      .insert(photos)
      .values({ memberId: pending.id, filename: 'p/bb/full.webp', thumbFilename: 'p/bb/thumb.webp', width: 300, height: 400 })
      .returning();
    await t.database.db.update(members).set({ mainPhotoId: active!.id }).where(eq(members.id, withPhoto.id));
    await t.database.db.update(members).set({ mainPhotoId: inspected!.id }).where(eq(members.id, pending.id));
    const found = (await search('country=DE&countryregion=PHO')).json<SearchResult>().results;
    const tile = (id: number) => found.find((r) => r.id === id)!;
    expect(tile(withPhoto.id).photo).toMatchObject({ width: 300, height: 400 });
    expect(tile(withPhoto.id).photo!.thumb).toMatch(/\/p\/aa\/thumb\.webp$/);
    expect(tile(pending.id).photo).toBeNull();
    expect(tile(without.id).photo).toBeNull();
  });

  it('suggests similar members when fewer than a page match: no region, ages widened by 5', async () => {
    const exact = await add({ country: 'DE', regionCode: 'HH', birthDate: birth(50) });
    const otherRegion = await add({ country: 'DE', regionCode: 'BE', birthDate: birth(52) });
    const older = await add({ country: 'DE', regionCode: 'HH', birthDate: birth(54) });
    const tooOld = await add({ country: 'DE', regionCode: 'HH', birthDate: birth(57) });
    const res = (await search('country=DE&countryregion=HH&min_age=48&max_age=51')).json<SearchResult>();
    expect(ids(res.results)).toEqual([exact.id]);
    expect(res.similar).not.toBeNull();
    const similar = ids(res.similar!.results);
    expect(similar).toEqual(expect.arrayContaining([otherRegion.id, older.id]));
    expect(similar).not.toContain(exact.id);
    expect(similar).not.toContain(tooOld.id);
    expect(res.similar!.numResults).toBe(res.similar!.results.length);
  });

  it('never lists hidden, unconfirmed, disabled, deleting, blocked (either way) or other-site members, nor the viewer', async () => {
    const country = 'NL';
    const region = 'FR';
    const base = { country, regionCode: region, gender: 'female' };
    const listed = await add(base);
    const hidden = [
      await add({ ...base, invisible: true }),
      await add({ ...base, status: 'pending_deletion' }),
      await add({ ...base, status: 'not_confirmed' }),
      await add({ ...base, status: 'disabled' }),
      await add({ ...base, profileStatus: 'disabled' }),
    ];
    const blockedByViewer = await add(base);
    const blockerOfViewer = await add(base);
    await t.database.db.insert(blocks).values([
      { blockerId: viewer.id, blockedId: blockedByViewer.id },
      { blockerId: blockerOfViewer.id, blockedId: viewer.id },
    ]);
    const [other] = await t.database.db.select({ id: sites.id }).from(sites).where(eq(sites.key, 'rendezvous'));
    const otherSite = await add({ ...base, siteId: other!.id });
    await t.database.db.update(members).set({ regionCode: region }).where(eq(members.id, viewer.id));

    const asMember = (await search(`country=${country}&countryregion=${region}`)).json<SearchResult>();
    expect(ids(asMember.results)).toEqual([listed.id]);
    expect(asMember.numResults).toBe(1);
    const similarIds = ids(asMember.similar?.results ?? []);
    for (const m of [...hidden, blockedByViewer, blockerOfViewer, otherSite, viewer]) expect(similarIds).not.toContain(m.id);
    // A visitor blocks nobody.
    const asVisitor = (await search(`country=${country}&countryregion=${region}`, null)).json<SearchResult>();
    expect(ids(asVisitor.results).sort()).toEqual([listed.id, blockedByViewer.id, blockerOfViewer.id, viewer.id].sort());
    // The other profiles obey the same rules.
    const others = ids((await search('other=1')).json<SearchResult>().results);
    for (const m of [...hidden, blockedByViewer, blockerOfViewer, otherSite, viewer]) expect(others).not.toContain(m.id);
    expect(others.length).toBeGreaterThan(0);
  });

  it('drops a member who turns invisible from the cached other profiles at once', async () => {
    const hiding = await createMember(t.database.db, { siteKey: 'rainbow', lastActiveAt: new Date(Date.now() + 60_000) });
    const hidingCookie = await sessionCookie(t.database.db, hiding.id);
    t.app.listings.changed(siteId); // whatever an earlier test cached
    expect(ids((await search('other=1')).json<SearchResult>().results)).toContain(hiding.id);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications.php',
      remoteAddress: nextIp(),
      headers: { host, origin: `http://${host}`, 'content-type': 'application/json', cookie: hidingCookie },
      payload: { invisible: true },
    });
    expect(put.statusCode).toBe(200);
    expect(ids((await search('other=1')).json<SearchResult>().results)).not.toContain(hiding.id);
  });

  it('shows a distance band from grid cells and never a coordinate', async () => {
    const near = await add({ country: 'BE', regionCode: 'BRU', cellLat: 52.35, cellLon: 4.95 });
    const far = await add({ country: 'BE', regionCode: 'BRU', cellLat: 50.85, cellLon: 4.35 });
    const res = await search('country=BE&countryregion=BRU');
    const body = res.json<SearchResult>();
    const byId = new Map(body.results.map((r) => [r.id, r]));
    expect(byId.get(near.id)!.distance).toBe('lt10');
    expect(byId.get(far.id)!.distance).toBe('over100');
    for (const v of ['52.35', '4.95', '50.85', '4.35', '4.85']) expect(res.body).not.toContain(v);
    expect(res.body).not.toMatch(/cell|lat|lon/i);
    // Visitors have no cell: no band.
    expect((await search('country=BE&countryregion=BRU', null)).json<SearchResult>().results[0]!.distance).toBeNull();
  });

  it('follows logged_out_search and logged_out_search_trafficsource for visitors', async () => {
    try {
      await setSettings({ logged_out_search: 'no', logged_out_search_trafficsource: 'no' });
      const closed = await search('gender=female', null);
      expect(closed.statusCode).toBe(403);
      expect(closed.json().error.message).toBe('Please log in or sign up to search members.');
      expect((await search('gender=female')).statusCode).toBe(200);

      await setSettings({ logged_out_search_trafficsource: 'yes' });
      expect((await search('gender=female', null)).statusCode).toBe(403);
      const visit = t.app.signCookie(encodeVisit(newVisit('/', false, { network: 'partner7' })));
      expect((await search('gender=female', `${VISIT_COOKIE}=${visit}`)).statusCode).toBe(200);
      const forged = encodeVisit(newVisit('/', false, { network: 'partner7' }));
      expect((await search('gender=female', `${VISIT_COOKIE}=${forged}`)).statusCode).toBe(403);
      const untracked = t.app.signCookie(encodeVisit(newVisit('/', false, {})));
      expect((await search('gender=female', `${VISIT_COOKIE}=${untracked}`)).statusCode).toBe(403);
    } finally {
      await setSettings({ logged_out_search: 'yes', logged_out_search_trafficsource: 'no' });
    }
  });

  it('applies only the filters of the site search_fields setting', async () => {
    try {
      await setSettings({ search_fields: ['gender'] });
      const res = (await search('country=BE&gender=female')).json<SearchResult>();
      expect(res.results.some((r) => r.country !== 'BE')).toBe(true);
      expect(res.results.every((r) => r.id !== viewer.id)).toBe(true);
    } finally {
      await setSettings({ search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'] });
    }
  });

  it('makes every 8th tile a cam tile (cam, resell) where member_resell is yes', async () => {
    const none = (await search('')).json<SearchResult>();
    expect(none.results.every((r) => r.cam === null)).toBe(true);
    try {
      await setSettings({ member_resell: 'yes' });
      const res = (await search('')).json<SearchResult>();
      expect(res.results.length).toBe(SEARCH_PAGE_SIZE);
      expect(res.results.map((r) => r.cam)).toEqual(res.results.map((_, i) => (i === 7 ? 'cam' : i === 15 ? 'resell' : i === 23 ? 'cam' : null)));
    } finally {
      await setSettings({ member_resell: 'no' });
    }
  });
});

describe('cells', () => {
  it('stores only the grid cell of a geocoded place (store=1)', async () => {
    const res = await t.app.inject({ url: '/api/geocode.php?lat=52.3731&lon=4.8922&store=1', remoteAddress: nextIp(), headers: { host: 'localhost:3000', cookie: await rendezvousCookie() } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('52.3');
    const [row] = await t.database.db.select({ lat: members.cellLat, lon: members.cellLon }).from(members).where(eq(members.email, rendezvousEmail));
    expect(row).toEqual({ lat: 52.35, lon: 4.85 });
  });

  it('snaps to the 0.1-degree cell centre', () => {
    expect(snapToCell(52.3731, 4.8922)).toEqual({ cellLat: 52.35, cellLon: 4.85 });
    expect(snapToCell(-33.8688, 151.2093)).toEqual({ cellLat: -33.85, cellLon: 151.25 });
  });
  it('bands distances', () => {
    const a = { cellLat: 52.35, cellLon: 4.85 };
    expect(distanceBand(a, a)).toBe('lt10');
    expect(distanceBand(a, { cellLat: 52.15, cellLon: 4.85 })).toBe('10to25');
    expect(distanceBand(a, { cellLat: 52.05, cellLon: 4.45 })).toBe('25to50');
    expect(distanceBand(a, { cellLat: 51.85, cellLon: 4.25 })).toBe('50to100');
    expect(distanceBand(null, a)).toBeNull();
  });
});
