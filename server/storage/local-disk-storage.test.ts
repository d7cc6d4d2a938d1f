import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk-storage';
import { isValidStorageKey } from './storage-keys';

let dir: string;
let storage: LocalDiskStorage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rv-storage-'));
  storage = new LocalDiskStorage(path.join(dir, 'media'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('local disk storage', () => {
  it('stores, reads and deletes a file under its key', async () => {
    await storage.put('p/ab/abcdef.webp', Buffer.from('image bytes'), 'image/webp');
    expect(await readFile(path.join(dir, 'media/p/ab/abcdef.webp'), 'utf8')).toBe('image bytes');
    const file = await storage.get('p/ab/abcdef.webp');
    expect(file).toMatchObject({ contentType: 'image/webp', size: 11 });
    expect(await text(file!.body)).toBe('image bytes');
    await storage.delete('p/ab/abcdef.webp');
    expect(await storage.get('p/ab/abcdef.webp')).toBeNull();
    // Deleting what is gone is not an error.
    await storage.delete('p/ab/abcdef.webp');
  });

  it('replaces a file whole and leaves no temporary file behind', async () => {
    await storage.put('p/cd/one.webp', Buffer.alloc(100_000, 1), 'image/webp');
    await Promise.all([storage.put('p/cd/one.webp', Buffer.alloc(50_000, 2), 'image/webp'), storage.put('p/cd/one.webp', Buffer.alloc(70_000, 3), 'image/webp')]);
    const bytes = await readFile(path.join(dir, 'media/p/cd/one.webp'));
    // One of the two writes, never a mix or a truncated file.
    expect([50_000, 70_000]).toContain(bytes.length);
    expect(new Set(bytes).size).toBe(1);
    expect(await readdir(path.join(dir, 'media/p/cd'))).toEqual(['one.webp']);
  });

  it('refuses keys that could leave the storage folder', async () => {
    await writeFile(path.join(dir, 'secret.txt'), 'do not serve');
    for (const key of ['../secret.txt', 'p/../../secret.txt', '/etc/passwd', 'p/./x.webp', 'p\\..\\x', 'p//x.webp', '', '.hidden', 'p/%2e%2e/x']) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(storage.get(key), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/invalid storage key/);
    }
    expect(await readFile(path.join(dir, 'secret.txt'), 'utf8')).toBe('do not serve');
  });

  it('answers null for a folder or a missing file', async () => {
    await storage.put('p/ef/a.webp', Buffer.from('x'), 'image/webp');
    expect(await storage.get('p/ef')).toBeNull();
    expect(await storage.get('p/zz/missing.webp')).toBeNull();
  });
});
