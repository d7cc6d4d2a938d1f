import path from 'node:path';
import type { AppConfig } from '../config';
import { LocalDiskStorage } from './local-disk-storage';
import type { ObjectStorage } from './object-storage';
import { S3Storage } from './s3-storage';

/** The folder under DATA_DIR that local storage uses (the demo pool lives in its demo/). */
export const MEDIA_DIR_NAME = 'media';

/** Photo storage as configured: an S3-compatible bucket when S3_BUCKET is set, else local disk. */
export function createStorage(config: AppConfig): ObjectStorage {
  if (config.S3_BUCKET) {
    return new S3Storage({
      endpoint: config.S3_ENDPOINT!,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    });
  }
  return new LocalDiskStorage(path.join(config.DATA_DIR, MEDIA_DIR_NAME));
}
