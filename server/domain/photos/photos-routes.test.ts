import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_LIMIT_FREE, PHOTO_LIMIT_PREMIUM } from '../../../common/limits';
import { CHAT_PHOTO_UNSENT_HOURS, CHAT_PHOTOS_UNSENT_MAX, PHOTO_MAX_PIXELS_FULL_DECODE, PHOTO_MAX_SIDE, PHOTO_MAX_UPLOAD_BYTES, type Photo } from '../../../common/photos/photo-schema';
import { chatPhotosPurgeJob } from '../../jobs/chat-photos-purge-job';
import { pixelCap } from './image-processing';
import { addCreditEntry } from '../credits/credits-repository';
import { members, photos } from '../../db/schema';
import { THUMB_HEIGHT, THUMB_WIDTH } from '../../db/seed/portraits';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { createMember } from '../../test-support/test-members';
import { loggedInMember } from '../../test-support/test-client';
import { flatImage, gradientJpeg, pngHeaderOnly, withExifGps } from '../../test-support/test-images';

const t = testAppForFile();
let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await gradientJpeg(800, 600);
});

const host = 'localhost:3000';
let ip = 0;
const nextIp = () => `198.51.100.${(ip += 1) % 250}`;

const logIn = (overrides: Parameters<typeof createMember>[1] = {}) => loggedInMember(t, overrides);

function upload(cookie: string | null, body: Buffer, contentType = 'image/jpeg', query = '') {
  return t.app.inject({
    method: 'POST',
    url: `/api/photos.php${query}`,
    remoteAddress: nextIp(),
    headers: { host, origin: `http://${host}`, 'content-type': contentType, cookie: cookie ?? 'i18n_redirected=en' },
    payload: body,
  });
}

const list = (cookie: string) => t.app.inject({ url: '/api/photos.php', headers: { host, cookie } });
const remove = (cookie: string, payload: unknown) =>
  t.app.inject({ method: 'DELETE', url: '/api/photos.php', remoteAddress: nextIp(), headers: { host, origin: `http://${host}`, cookie, 'content-type': 'application/json' }, payload: payload as object });
const get = (url: string, cookie = '') => t.app.inject({ url, headers: { host, cookie } });
const mainPhotoOf = async (id: number) => (await t.database.db.select({ m: members.mainPhotoId }).from(members).where(eq(members.id, id)))[0]!.m;
const storedFiles = async () => {
  try {
    return (await readdir(path.join(t.dataDir, 'media'), { recursive: true })).filter((f) => f.endsWith('.webp'));
  } catch {
    return [];
  }
};

/** The chunk types of a WebP file (RIFF): VP8/VP8L/VP8X/ALPH carry pixels; EXIF, XMP and ICCP metadata. */
function webpChunks(file: Buffer): string[] {
  const chunks: string[] = [];
  for (let at = 12; at + 8 <= file.length; ) {
    chunks.push(file.toString('latin1', at, at + 4));
    const size = file.readUInt32LE(at + 4);
    at += 8 + size + (size % 2);
  }
  return chunks;
}

describe('POST /api/photos.php', () => {
  it('stores a re-encoded photo in inspection, makes it the main photo and serves it under a signed URL', async () => {
    const { member, cookie } = await logIn();
    const res = await upload(cookie, jpeg);
    expect(res.statusCode).toBe(200);
    const photo = res.json().photo as Photo;
    expect(photo).toMatchObject({ kind: 'profile', status: 'in_inspection', width: 800, height: 600, main: true });
    expect(photo.url).toMatch(/^\/media\/s\/\d+\/[\w-]{22}\/p\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
    expect(await mainPhotoOf(member.id)).toBe(photo.id);

    const full = await get(photo.url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });
    const thumb = await get(photo.thumb_url);
    // Tiles of uploads look like the demo ones.
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: THUMB_WIDTH, height: THUMB_HEIGHT });

    // The owner sees their main image while it is in inspection.
    const me = (await get('/api/user.php', cookie)).json().user;
    expect(me.profile.main_image).toEqual({ filename: photo.url, thumb_filename: photo.thumb_url, status: 'in_inspection' });
    expect(me.profile.photo_count).toBe(1);
  });

  it('turns the photo upright and strips EXIF with the GPS position, XMP and ICC', async () => {
    const { cookie } = await logIn();
    const phone = withExifGps(await gradientJpeg(300, 400), 6);
    const input = await sharp(phone).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif!.includes(Buffer.from([0, 0, 0, 52, 0, 0, 0, 1]))).toBe(true); // the GPS latitude 52/1

    const res = await upload(cookie, phone);
    expect(res.statusCode).toBe(200);
    const photo = res.json().photo as Photo;
    expect([photo.width, photo.height]).toEqual([400, 300]);
    for (const url of [photo.url, photo.thumb_url]) {
      const file = (await get(url)).rawPayload;
      const meta = await sharp(file).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(webpChunks(file).filter((c) => !['VP8 ', 'VP8L', 'VP8X', 'ALPH'].includes(c))).toEqual([]);
    }
    // Upright: the yellow circle drawn left of the centre of the 300x400 original is now above it.
    const { data, info } = await sharp((await get(photo.url)).rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [red, green, blue] = pixel(200, 100);
    expect(red).toBeGreaterThan(200);
    expect(green).toBeGreaterThan(150);
    expect(blue).toBeLessThan(80);
  });

  it('scales large photos down and accepts PNG and WebP', async () => {
    const { cookie } = await logIn({ paidUser: true });
    const big = await upload(cookie, await gradientJpeg(2400, 1800, 80), 'application/octet-stream');
    expect(big.json().photo).toMatchObject({ width: PHOTO_MAX_SIDE, height: 1200 });
    const png = await upload(cookie, await flatImage('png', 400, 300), 'image/png');
    expect(png.json().photo).toMatchObject({ width: 400, height: 300, main: false });
    const webp = await upload(cookie, await flatImage('webp', 300, 300), 'image/webp');
    expect(webp.statusCode).toBe(200);
  });

  it('reads the real type from the bytes: a text file sent as image/jpeg is refused, nothing kept', async () => {
    const { member, cookie } = await logIn();
    const before = await storedFiles();
    const res = await upload(cookie, Buffer.from('just some text, named photo.jpg\n'.repeat(100)), 'image/jpeg');
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual({ code: 'wrongType', message: 'This file is not a photo we can use. Please choose a JPEG, PNG or WebP image.' });
    // A GIF (a real image, but not one we take) and a JPEG header with garbage behind it.
    const gif = await upload(cookie, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'application/octet-stream');
    expect(gif.json().error.code).toBe('wrongType');
    const broken = await upload(cookie, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]));
    expect(broken.statusCode).toBe(415);
    expect(broken.json().error.code).toBe('unreadable');
    const textType = await upload(cookie, jpeg, 'text/plain');
    expect(textType.statusCode).toBe(415);
    expect(textType.json().error.code).toBe('wrongType');
    expect((await list(cookie)).json().photos).toEqual([]);
    expect(await mainPhotoOf(member.id)).toBeNull();
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses photos too small, with too many pixels or too many bytes, in the visitor language', async () => {
    const { cookie } = await logIn();
    const small = await upload(cookie, await gradientJpeg(199, 600));
    expect(small.statusCode).toBe(422);
    expect(small.json().error).toEqual({ code: 'tooSmall', message: 'This photo is too small. It must be at least 200 × 200 pixels.' });
    const bomb = await upload(cookie, pngHeaderOnly(10_000, 10_000), 'image/png');
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().error).toEqual({ code: 'tooManyPixels', message: 'This photo has too many pixels. The maximum is 24 megapixels.' });
    const huge = await upload(cookie, Buffer.concat([jpeg, Buffer.alloc(PHOTO_MAX_UPLOAD_BYTES)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toEqual({ code: 'tooLarge', message: 'This photo is too large. The maximum is 15 MB.' });
    const german = await upload(cookie.replace('i18n_redirected=en', 'i18n_redirected=de'), await gradientJpeg(150, 150));
    expect(german.json().error.message).toBe('Dieses Foto ist zu klein. Es muss mindestens 200 × 200 Pixel groß sein.');
    expect((await list(cookie)).json().photos).toEqual([]);
  });

  it('refuses a 49-megapixel PNG before decoding it: lossless images are decoded at full size (a phone camera writes JPEG)', async () => {
    const { cookie } = await logIn();
    const png = await upload(cookie.replace('i18n_redirected=en', 'i18n_redirected=de'), pngHeaderOnly(7000, 7000), 'image/png');
    expect(png.statusCode).toBe(413);
    expect(png.json().error).toEqual({ code: 'tooManyPixels', message: 'Dieses Foto hat zu viele Pixel. Das Maximum ist 24 Megapixel.' });
    // A baseline JPEG is decoded scaled down: the largest phone sensor (200 MP) passes the cap.
    expect(pixelCap('jpeg', { isProgressive: false })).toBeGreaterThanOrEqual(16_320 * 12_240);
    expect(pixelCap('jpeg', { isProgressive: true })).toBe(PHOTO_MAX_PIXELS_FULL_DECODE);
    expect(pixelCap('png', { isProgressive: false })).toBe(PHOTO_MAX_PIXELS_FULL_DECODE);
    expect(pixelCap('webp', { isProgressive: false })).toBe(PHOTO_MAX_PIXELS_FULL_DECODE);
  });

  it('needs a logged-in member', async () => {
    const res = await upload(null, jpeg);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('authRequired');
    expect((await get('/api/photos.php')).statusCode).toBe(403);
  });

  it('keeps chat photos out of the gallery, its limit and the main photo', async () => {
    const { member, cookie } = await logIn();
    const res = await upload(cookie, jpeg, 'image/jpeg', '?kind=chat');
    expect(res.json().photo).toMatchObject({ kind: 'chat', main: false });
    expect(res.json().photo.url).toMatch(/\/c\/[0-9a-f]{2}\//);
    expect(await mainPhotoOf(member.id)).toBeNull();
    expect((await list(cookie)).json().photos).toEqual([]);
    expect((await get('/api/photos.php?kind=chat', cookie)).json().photos).toHaveLength(1);
    expect((await upload(cookie, jpeg, 'image/jpeg', '?kind=avatar')).statusCode).toBe(400);
  });
});

describe('unsent chat photos', () => {
  it(`allows ${CHAT_PHOTOS_UNSENT_MAX} chat photos not sent yet; the next is refused in the member language and leaves no file`, async () => {
    const { cookie } = await logIn();
    for (let i = 0; i < CHAT_PHOTOS_UNSENT_MAX; i += 1) expect((await upload(cookie, jpeg, 'image/jpeg', '?kind=chat')).statusCode).toBe(200);
    const files = (await storedFiles()).length;
    const refused = await upload(cookie.replace('i18n_redirected=en', 'i18n_redirected=nl'), jpeg, 'image/jpeg', '?kind=chat');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'unsentChatPhotos', message: `Je hebt ${CHAT_PHOTOS_UNSENT_MAX} chatfoto's die nog niet zijn verstuurd. Verstuur er een of probeer het morgen opnieuw.` });
    expect((await storedFiles()).length).toBe(files);
    // Parallel uploads cannot pass the cap together (checked again with the member row locked).
    const other = await logIn();
    for (let i = 0; i < CHAT_PHOTOS_UNSENT_MAX - 2; i += 1) expect((await upload(other.cookie, jpeg, 'image/jpeg', '?kind=chat')).statusCode).toBe(200);
    const results = await Promise.all(Array.from({ length: 5 }, () => upload(other.cookie, jpeg, 'image/jpeg', '?kind=chat')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    const count = await t.database.db.select().from(photos).where(eq(photos.memberId, other.member.id));
    expect(count).toHaveLength(CHAT_PHOTOS_UNSENT_MAX);
  });

  it(`the hourly purge deletes chat photos not sent within ${CHAT_PHOTO_UNSENT_HOURS} hours, and keeps sent and recent ones`, async () => {
    const sender = await logIn({ emailConfirmedAt: new Date() });
    const recipient = await createMember(t.database.db, { emailConfirmedAt: new Date() });
    await addCreditEntry(t.database.db, { memberId: sender.member.id, amount: 100, kind: 'adjustment' });
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await upload(sender.cookie, jpeg, 'image/jpeg', '?kind=chat')).json<{ photo: Photo }>().photo.id);
    const [old, sent, fresh] = ids as [number, number, number];
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/message.php',
      remoteAddress: nextIp(),
      headers: { host, origin: `http://${host}`, cookie: sender.cookie, 'content-type': 'application/json' },
      payload: { profile: recipient.id, client_id: `purge-${Date.now()}`, kind: 'photo', photo_id: sent },
    });
    expect(send.statusCode, send.body).toBe(200);
    const dayAgo = new Date(Date.now() - (CHAT_PHOTO_UNSENT_HOURS * 3600 + 60) * 1000);
    await t.database.db.update(photos).set({ createdAt: dayAgo }).where(inArray(photos.id, [old, sent]));
    const rows = async () => new Map((await t.database.db.select().from(photos).where(inArray(photos.id, ids))).map((p) => [p.id, p]));
    const before = await rows();

    await t.app.jobs.runOnce(chatPhotosPurgeJob({ storage: () => t.app.photoStorage, log: t.app.log }), new Date());

    const after = await rows();
    expect([old, sent, fresh].map((id) => after.get(id)!.status)).toEqual(['deleted', 'active', 'active']);
    expect(await t.app.photoStorage.get(before.get(old)!.filename)).toBeNull();
    expect(await t.app.photoStorage.get(before.get(old)!.thumbFilename)).toBeNull();
    expect(await t.app.photoStorage.get(before.get(sent)!.filename)).not.toBeNull();
  });
});

describe('photo limits', () => {
  it(`allows a free member ${PHOTO_LIMIT_FREE} photos and says Premium allows ${PHOTO_LIMIT_PREMIUM}`, async () => {
    const { cookie } = await logIn();
    for (let i = 0; i < PHOTO_LIMIT_FREE; i += 1) expect((await upload(cookie, jpeg)).statusCode).toBe(200);
    const refused = await upload(cookie, jpeg);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'limitFree', message: 'You can have up to 3 photos. With Premium you can have up to 25.' });
    expect((await list(cookie)).json().photos).toHaveLength(PHOTO_LIMIT_FREE);
  });

  it('holds for parallel uploads of a free member, and leaves no files of the refused ones', async () => {
    const { member, cookie } = await logIn();
    const before = (await storedFiles()).length;
    const results = await Promise.all(Array.from({ length: PHOTO_LIMIT_FREE + 4 }, () => upload(cookie, jpeg)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(PHOTO_LIMIT_FREE);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
    const rows = await t.database.db.select().from(photos).where(eq(photos.memberId, member.id));
    expect(rows).toHaveLength(PHOTO_LIMIT_FREE);
    expect(new Set(rows.map((r) => r.position))).toEqual(new Set([0, 1, 2]));
    expect((await storedFiles()).length - before).toBe(2 * PHOTO_LIMIT_FREE);
  });

  it(`allows a premium member ${PHOTO_LIMIT_PREMIUM}, also in parallel; deleted photos do not count`, async () => {
    const { member, cookie } = await logIn({ paidUser: true });
    // 22 photos already there (rows only), one of them deleted: 21 count.
    await t.database.db.insert(photos).values(
      Array.from({ length: 22 }, (_, i) => ({ memberId: member.id, filename: `p/00/x${i}.webp`, thumbFilename: `p/00/y${i}.webp`, width: 800, height: 600, status: i === 0 ? 'deleted' : 'active', position: i })),
    );
    const results = await Promise.all(Array.from({ length: 6 }, () => upload(cookie, jpeg)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(PHOTO_LIMIT_PREMIUM - 21);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().error).toEqual({ code: 'limitPremium', message: 'You can have up to 25 photos. Delete one to add another.' });
    expect((await list(cookie)).json().photos).toHaveLength(PHOTO_LIMIT_PREMIUM);
  });
});

describe('GET and DELETE /api/photos.php', () => {
  it('lists own photos and deletes one: files gone, the next photo becomes main, then none', async () => {
    const { member, cookie } = await logIn();
    const first = (await upload(cookie, jpeg)).json().photo as Photo;
    const second = (await upload(cookie, await gradientJpeg(600, 800))).json().photo as Photo;
    const listed = await list(cookie);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.json().photos.map((p: Photo) => [p.id, p.main])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);

    const res = await remove(cookie, { id: first.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, main_photo_id: second.id });
    const [row] = await t.database.db.select().from(photos).where(eq(photos.id, first.id));
    expect(row!.status).toBe('deleted');
    expect(await t.app.photoStorage.get(row!.filename)).toBeNull();
    expect(await t.app.photoStorage.get(row!.thumbFilename)).toBeNull();
    expect((await get(first.url)).statusCode).toBe(404);
    expect(await mainPhotoOf(member.id)).toBe(second.id);
    expect((await list(cookie)).json().photos.map((p: Photo) => p.id)).toEqual([second.id]);
    // Deleted already: not found.
    expect((await remove(cookie, { id: first.id })).statusCode).toBe(404);

    expect((await remove(cookie, { id: second.id })).json()).toEqual({ ok: true, main_photo_id: null });
    expect(await mainPhotoOf(member.id)).toBeNull();
    expect((await get('/api/user.php', cookie)).json().user.profile.main_image).toBeNull();
  });

  it('keeps the shared demo pool file when a demo photo is deleted', async () => {
    const { member, cookie } = await logIn();
    await t.app.photoStorage.put('demo/female-001.webp', Buffer.from('shared'), 'image/webp');
    const [row] = await t.database.db
      .insert(photos)
      .values({ memberId: member.id, filename: 'demo/female-001.webp', thumbFilename: 'demo/female-001-thumb.webp', width: 600, height: 750, status: 'active' })
      .returning();
    expect((await remove(cookie, { id: row!.id })).statusCode).toBe(200);
    expect(await t.app.photoStorage.get('demo/female-001.webp')).not.toBeNull();
  });

  it("answers 404 for another member's photo and changes nothing", async () => {
    const owner = await logIn();
    const other = await logIn();
    const photo = (await upload(owner.cookie, jpeg)).json().photo as Photo;
    const res = await remove(other.cookie, { id: photo.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'notFound', message: 'This photo could not be found.' });
    expect((await list(owner.cookie)).json().photos.map((p: Photo) => p.status)).toEqual(['in_inspection']);
    expect((await get(photo.url)).statusCode).toBe(200);
    expect((await list(other.cookie)).json().photos).toEqual([]);
  });

  it('refuses bad input and logged-out visitors', async () => {
    const { cookie } = await logIn();
    const bad = await remove(cookie, { id: 'one' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalidInput');
    expect((await remove(cookie, {})).statusCode).toBe(400);
    expect((await remove('i18n_redirected=en', { id: 1 })).statusCode).toBe(403);
  });
});
