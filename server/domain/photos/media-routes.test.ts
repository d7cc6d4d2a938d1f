import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '../../../common/photos/photo-schema';
import { photos, sites } from '../../db/schema';
import { createTestApp } from '../../test-support/test-app';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { loggedInMember } from '../../test-support/test-client';
import { runPhotosCommand } from './photos-cli';
import { gradientJpeg } from '../../test-support/test-images';

const t = testAppForFile();
let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await gradientJpeg(500, 625);
});

const host = 'localhost:3000';
let ip = 0;
let teaserClock = Date.now();

async function memberWithPhoto(app = t) {
  const { member, cookie } = await loggedInMember(app, { name: `Photo owner ${(ip += 1)}` });
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/photos.php',
    remoteAddress: `203.0.113.${ip % 250}`,
    headers: { host, origin: `http://${host}`, 'content-type': 'image/jpeg', cookie },
    payload: jpeg,
  });
  expect(res.statusCode).toBe(200);
  return { member, cookie, photo: res.json().photo as Photo };
}

const get = (url: string, cookie = 'i18n_redirected=en') => t.app.inject({ url, headers: { host, cookie } });

async function teaserIds(app = t): Promise<Map<number, string>> {
  const [site] = await app.database.db.select().from(sites).where(eq(sites.key, 'rendezvous'));
  // Each call a minute later than the last: past the teaser's cache, so it reads the database.
  const tiles = await app.app.teaser.tiles(site!.id, 1000, (teaserClock += 61_000));
  return new Map(tiles.map((tile) => [tile.id, tile.photo!.thumb]));
}

describe('signed media URLs', () => {
  it('serve the file while valid, privately cacheable until they expire', async () => {
    const { photo } = await memberWithPhoto();
    const res = await get(photo.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const maxAge = Number(/private, max-age=(\d+)/.exec(String(res.headers['cache-control']))![1]);
    expect(maxAge).toBeGreaterThan(3590);
    expect(maxAge).toBeLessThanOrEqual(7200);
    const expires = Number(photo.url.split('/')[3]);
    expect(expires % 3600).toBe(0);
    expect(expires - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(maxAge);
  });

  it('refuse tampered, borrowed and expired URLs with 403, and unknown files with 404', async () => {
    const { photo } = await memberWithPhoto();
    const other = await memberWithPhoto();
    const [, , , expires, signature, ...key] = photo.url.split('/');
    const otherKey = other.photo.url.split('/').slice(5).join('/');

    const tampered = await get(`/media/s/${expires}/${signature!.slice(0, -2)}xx/${key.join('/')}`);
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().error).toEqual({ code: 'linkInvalid', message: 'This photo link is not valid.' });
    // A valid signature does not open another file, nor the same file for longer.
    expect((await get(`/media/s/${expires}/${signature}/${otherKey}`)).statusCode).toBe(403);
    expect((await get(`/media/s/${Number(expires) + 3600}/${signature}/${key.join('/')}`)).statusCode).toBe(403);
    expect((await get(`/media/s/${expires}/${signature}/../../secrets.json`)).statusCode).not.toBe(200);

    const old = t.app.photoUrls.signer.url(key.join('/'), Date.now() - 3 * 3_600_000);
    const expired = await get(old);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.code).toBe('linkExpired');

    const missing = await get(t.app.photoUrls.signer.url('p/00/00000000000000000000000000000000.webp'));
    expect(missing.statusCode).toBe(404);
  });

  it('leave no public path to any file: uploads and the demo pool are only served signed', async () => {
    const { photo } = await memberWithPhoto();
    const key = photo.url.split('/').slice(5).join('/');
    expect((await get(`/media/${key}`)).statusCode).toBe(404);
    await mkdir(path.join(t.dataDir, 'media/demo'), { recursive: true });
    await writeFile(path.join(t.dataDir, 'media/demo/female-001.webp'), 'demo image');
    // A guessed path to a demo photo (which may be a locked photo of a demo member) is not served.
    expect((await get('/media/demo/female-001.webp')).statusCode).toBe(404);
    const demo = await get(t.app.photoUrls.file('demo/female-001.webp'));
    expect(demo.statusCode).toBe(200);
    expect(demo.body).toBe('demo image');
    expect(demo.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
  });
});

describe('photos in inspection', () => {
  it('reach only their owner until approved with `npm run photos -- approve`', async () => {
    const { member, photo, cookie } = await memberWithPhoto();
    const stranger = await memberWithPhoto();
    expect((await teaserIds()).has(member.id)).toBe(false);
    // The stranger's own user object carries only their own photo.
    const theirs = (await get('/api/user.php', stranger.cookie)).json().user.profile.main_image;
    expect(theirs.filename).toBe(stranger.photo.url);
    expect(JSON.stringify((await get('/api/user.php', stranger.cookie)).json())).not.toContain(photo.url.split('/').at(-1));

    expect(await runPhotosCommand(t.database.db, ['approve', String(photo.id), '999999'])).toBe(
      `Approved 1 photo(s): ${photo.id}.\nNot in inspection (unknown, already active or deleted): 999999.`,
    );
    const thumb = (await teaserIds()).get(member.id);
    expect(thumb).toBe(photo.thumb_url);
    expect((await get(thumb!)).statusCode).toBe(200);
    expect((await get('/api/user.php', cookie)).json().user.profile.main_image.status).toBe('active');
  });

  it('approve --all-pending approves every photo in inspection, and the command checks its arguments', async () => {
    await memberWithPhoto();
    await memberWithPhoto();
    const out = await runPhotosCommand(t.database.db, ['approve', '--all-pending']);
    expect(out).toMatch(/^Approved [2-9]\d* photo\(s\)/);
    expect(await t.database.db.select().from(photos).where(eq(photos.status, 'in_inspection'))).toEqual([]);
    await expect(runPhotosCommand(t.database.db, ['approve'])).rejects.toThrow(/Usage/);
    await expect(runPhotosCommand(t.database.db, ['approve', '--all-pending', '3'])).rejects.toThrow(/Usage/);
    await expect(runPhotosCommand(t.database.db, ['approve', 'x1'])).rejects.toThrow(/not a photo id/);
    await expect(runPhotosCommand(t.database.db, ['reject', '1'])).rejects.toThrow(/Usage/);
  });

  it('are active at once with PHOTO_AUTO_APPROVE', async () => {
    const demo = await createTestApp({ PHOTO_AUTO_APPROVE: true });
    try {
      const { member, photo } = await memberWithPhoto(demo);
      expect(photo.status).toBe('active');
      expect((await teaserIds(demo)).get(member.id)).toBe(photo.thumb_url);
    } finally {
      await demo.close();
    }
  });
});
