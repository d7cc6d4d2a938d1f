import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portraitSvg } from './portrait-svg';
import { ensurePortraitPool, THUMB_HEIGHT, THUMB_WIDTH, type PortraitPool } from './portraits';

let mediaDir: string;
let pool: PortraitPool;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'portraits-'));
  pool = await ensurePortraitPool(mediaDir, { perGender: 3 });
});

afterAll(async () => {
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

describe('ensurePortraitPool', () => {
  it('writes WebP portraits and thumbnails of the stated size', async () => {
    expect(pool.female).toHaveLength(3);
    expect(pool.male).toHaveLength(3);
    for (const file of [...pool.female, ...pool.male]) {
      expect(file.filename).toMatch(/^demo\//);
      const main = await sharp(path.join(mediaDir, file.filename)).metadata();
      expect(main).toMatchObject({ format: 'webp', width: file.width, height: file.height });
      expect(file.width / file.height).toBeCloseTo(4 / 5);
      const thumb = await sharp(path.join(mediaDir, file.thumbFilename)).metadata();
      expect(thumb).toMatchObject({ format: 'webp', width: THUMB_WIDTH, height: THUMB_HEIGHT });
    }
  });

  it('keeps existing files on a second call', async () => {
    const file = path.join(mediaDir, pool.male[0]!.filename);
    const before = (await stat(file)).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await ensurePortraitPool(mediaDir, { perGender: 3 });
    expect(again).toEqual(pool);
    expect((await stat(file)).mtimeMs).toBe(before);
  });
});

describe('portraitSvg', () => {
  it('is deterministic and varies by index and gender', () => {
    expect(portraitSvg(5, 'female')).toBe(portraitSvg(5, 'female'));
    expect(portraitSvg(5, 'female')).not.toBe(portraitSvg(6, 'female'));
    expect(portraitSvg(5, 'female')).not.toBe(portraitSvg(5, 'male'));
  });
});
