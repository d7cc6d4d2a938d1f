import type { Readable } from 'node:stream';

/**
 * Where uploaded files (photos, thumbnails) live: local disk by default, an S3-compatible
 * bucket when configured. Keys are random and never derived from member data.
 */
export interface ObjectStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as a stream, or null when there is no such key. */
  get(key: string): Promise<{ body: Readable; contentType: string; size: number } | null>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}
