import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Photo } from '../../../common/photos/photo-schema';
import { members, photos } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { createMember } from '../../test-support/test-members';
import { loggedInMember } from '../../test-support/test-client';

const t = testAppForFile();

const host = 'localhost:3000';
let ip = 0;
const nextIp = () => `198.51.100.${(ip += 1) % 250}`;

const logIn = () => loggedInMember(t);

/** Photo rows straight in the database (no image work needed for ordering). */
async function addPhotos(memberId: number, statuses: string[], kind = 'profile'): Promise<number[]> {
  const rows = await t.database.db
    .insert(photos)
    .values(statuses.map((status, position) => ({ memberId, filename: `p/x/${memberId}-${position}.webp`, thumbFilename: `p/x/${memberId}-${position}t.webp`, width: 800, height: 600, status, kind, position })))
    .returning({ id: photos.id });
  return rows.map((r) => r.id);
}

const send = (method: 'PUT' | 'POST', url: string, cookie: string, payload: object) =>
  t.app.inject({ method, url, remoteAddress: nextIp(), headers: { host, origin: `http://${host}`, cookie, 'content-type': 'application/json' }, payload });
const orderOf = async (memberId: number) =>
  (await t.database.db.select({ id: photos.id }).from(photos).where(eq(photos.memberId, memberId)).orderBy(asc(photos.position), asc(photos.id))).map((r) => r.id);
const mainOf = async (id: number) => (await t.database.db.select({ m: members.mainPhotoId }).from(members).where(eq(members.id, id)))[0]!.m;

describe('PUT /api/photos.php (order)', () => {
  it('rewrites the positions in the order given and answers the list in that order', async () => {
    const { member, cookie } = await logIn();
    const [a, b, c] = await addPhotos(member.id, ['active', 'in_inspection', 'active']);
    const res = await send('PUT', '/api/photos.php', cookie, { order: [c, a, b] });
    expect(res.statusCode).toBe(200);
    expect((res.json().photos as Photo[]).map((p) => p.id)).toEqual([c, a, b]);
    expect(await orderOf(member.id)).toEqual([c, a, b]);
  });

  it('puts photos left out after the listed ones', async () => {
    const { member, cookie } = await logIn();
    const [a, b, c] = await addPhotos(member.id, ['active', 'active', 'active']);
    expect((await send('PUT', '/api/photos.php', cookie, { order: [c] })).statusCode).toBe(200);
    expect(await orderOf(member.id)).toEqual([c, a, b]);
  });

  it("refuses another member's photo (404) and changes nothing", async () => {
    const { member, cookie } = await logIn();
    const other = await createMember(t.database.db);
    const [a, b] = await addPhotos(member.id, ['active', 'active']);
    const [theirs] = await addPhotos(other.id, ['active']);
    const res = await send('PUT', '/api/photos.php', cookie, { order: [b, theirs, a] });
    expect(res.statusCode).toBe(404);
    expect(await orderOf(member.id)).toEqual([a, b]);
  });

  it('refuses deleted and chat photos (404) and duplicates (400)', async () => {
    const { member, cookie } = await logIn();
    const [a, gone] = await addPhotos(member.id, ['active', 'deleted']);
    const [chat] = await addPhotos(member.id, ['active'], 'chat');
    expect((await send('PUT', '/api/photos.php', cookie, { order: [gone, a] })).statusCode).toBe(404);
    expect((await send('PUT', '/api/photos.php', cookie, { order: [chat, a] })).statusCode).toBe(404);
    expect((await send('PUT', '/api/photos.php', cookie, { order: [a, a] })).statusCode).toBe(400);
  });

  it('answers 403 when logged out', async () => {
    expect((await send('PUT', '/api/photos.php', 'i18n_redirected=en', { order: [1] })).statusCode).toBe(403);
  });
});

describe('POST /api/photo-main.php', () => {
  it('makes an active or in-inspection profile photo the main photo', async () => {
    const { member, cookie } = await logIn();
    const [a, b] = await addPhotos(member.id, ['active', 'in_inspection']);
    const res = await send('POST', '/api/photo-main.php', cookie, { id: b });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, main_photo_id: b });
    expect(await mainOf(member.id)).toBe(b);
    expect((await send('POST', '/api/photo-main.php', cookie, { id: a })).statusCode).toBe(200);
    expect(await mainOf(member.id)).toBe(a);
    const list = await t.app.inject({ url: '/api/photos.php', headers: { host, cookie } });
    expect((list.json().photos as Photo[]).filter((p) => p.main).map((p) => p.id)).toEqual([a]);
  });

  it("refuses another member's photo, a deleted one and a chat photo (404), nothing changed", async () => {
    const { member, cookie } = await logIn();
    const other = await createMember(t.database.db);
    const [mine, gone] = await addPhotos(member.id, ['active', 'deleted']);
    const [chat] = await addPhotos(member.id, ['active'], 'chat');
    const [theirs] = await addPhotos(other.id, ['active']);
    await send('POST', '/api/photo-main.php', cookie, { id: mine });
    for (const id of [theirs, gone, chat]) {
      const res = await send('POST', '/api/photo-main.php', cookie, { id });
      expect(res.statusCode).toBe(404);
    }
    expect(await mainOf(member.id)).toBe(mine);
    expect(await mainOf(other.id)).toBeNull();
  });

  it('answers 403 when logged out', async () => {
    expect((await send('POST', '/api/photo-main.php', 'i18n_redirected=en', { id: 1 })).statusCode).toBe(403);
  });
});
