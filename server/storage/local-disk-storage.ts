import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStorage } from './object-storage';
import { assertValidStorageKey, contentTypeOfKey, randomKeyId } from './storage-keys';

/**
 * Files under one root folder (DATA_DIR/media by default), one file per key. The content
 * type follows from the key's extension, which the photo pipeline always sets.
 */
export class LocalDiskStorage implements ObjectStorage {
  constructor(readonly root: string) {}

  private fileOf(key: string): string {
    assertValidStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write under a temporary name and rename: a reader (or a crash) never sees half a file.
    const tmp = `${file}.${randomKeyId()}.tmp`;
    try {
      await writeFile(tmp, body);
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async get(key: string) {
    const file = this.fileOf(key);
    let size: number;
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      size = info.size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return { body: createReadStream(file), contentType: contentTypeOfKey(key), size };
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }
}
