/**
 * Photo upload: a 12-megapixel JPEG through POST /api/photos.php (app.inject: checks,
 * decode, auto-rotate, resize, WebP full size + thumbnail, two storage writes, the
 * locked transaction) against a bare `sharp(jpeg).resize(1600).webp()` of the same image
 * in the same run. Time to the stored thumbnail = the upload's answer (it is sent once
 * both files and the row are stored). Run alone: `node --import tsx bench/photo-upload.ts`.
 */
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { PHOTO_MAX_SIDE } from '../common/photos/photo-schema';
import { createTestApp } from '../server/test-support/test-app';
import { createMember } from '../server/test-support/test-members';
import { photoLikeJpeg } from '../server/test-support/test-images';
import { alternate, median } from './lib/load';

export interface PhotoUploadResult {
  jpegBytes: number;
  uploadP50Ms: number;
  bareP50Ms: number;
  ratio: number;
  runs: number;
}

export async function photoUploadBench(runs = 7): Promise<PhotoUploadResult> {
  const t = await createTestApp({ RATE_LIMIT_MAX: 1_000_000 });
  try {
    const jpeg = await photoLikeJpeg(4000, 3000);
    const member = await createMember(t.database.db, { paidUser: true });
    const headers = { host: 'localhost:3000', origin: 'http://localhost:3000' };
    const login = await t.app.inject({ method: 'POST', url: '/api/user.php', headers: { ...headers, 'content-type': 'application/json' }, payload: { email: member.email, password: member.password } });
    const cookie = `auth.session=${login.cookies.find((c) => c.name === 'auth.session')!.value}`;

    const upload = async () => {
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url: '/api/photos.php', headers: { ...headers, cookie, 'content-type': 'image/jpeg' }, payload: jpeg });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
      // Delete again so the premium limit never stops the run.
      const { id } = res.json().photo as { id: number };
      await t.app.inject({ method: 'DELETE', url: '/api/photos.php', headers: { ...headers, cookie, 'content-type': 'application/json' }, payload: { id } });
      return ms;
    };
    const bare = async () => {
      const started = performance.now();
      await sharp(jpeg).resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside' }).webp().toBuffer();
      return performance.now() - started;
    };

    // Interleaved, after warming both up once (libvips caches, the JIT).
    const { as: uploads, bs: bares } = await alternate(runs, upload, bare);
    const uploadP50Ms = median(uploads);
    const bareP50Ms = median(bares);
    return { jpegBytes: jpeg.length, uploadP50Ms, bareP50Ms, ratio: uploadP50Ms / bareP50Ms, runs };
  } finally {
    await t.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await photoUploadBench(9);
  console.log(
    `photo upload (12 MP JPEG, ${(r.jpegBytes / 1e6).toFixed(1)} MB) p50 ${r.uploadP50Ms.toFixed(0)} ms vs bare sharp resize+webp ${r.bareP50Ms.toFixed(0)} ms: ratio ${r.ratio.toFixed(2)} (${r.runs} runs)`,
  );
}
