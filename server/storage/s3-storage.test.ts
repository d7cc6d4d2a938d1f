import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createStorage } from './create-storage';
import { LocalDiskStorage } from './local-disk-storage';
import { S3Storage, type S3StorageOptions } from './s3-storage';

// s3rver's built-in account; it checks the access key id, not the signature.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'eu-central-1' };
const BUCKET = 'photos';

let server: S3rver;
let directory: string;
let options: S3StorageOptions;

/** A real S3-compatible server on a free loopback port, its objects in a temporary folder. */
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'rv-s3-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  options = { ...CREDENTIALS, endpoint: `http://127.0.0.1:${port}`, bucket: BUCKET };
  const admin = new S3Client({ ...options, credentials: CREDENTIALS, forcePathStyle: true });
  await admin.send(new CreateBucketCommand({ Bucket: BUCKET }));
  admin.destroy();
});
afterAll(async () => {
  await server?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

describe('S3 storage', () => {
  it('puts, gets and deletes an object with its content type and bytes', async () => {
    const storage = new S3Storage(options);
    const bytes = Buffer.from([0x52, 0x49, 0x46, 0x46, 0x00, 0xff, 0x10, 0x80]);
    await storage.put('p/ab/0123.webp', bytes, 'image/webp');
    const file = await storage.get('p/ab/0123.webp');
    expect(file).toMatchObject({ contentType: 'image/webp', size: bytes.length });
    expect(await buffer(file!.body)).toEqual(bytes);

    await storage.delete('p/ab/0123.webp');
    expect(await storage.get('p/ab/0123.webp')).toBeNull();
  });

  it('answers null for a missing key, and deleting a missing key is fine', async () => {
    const storage = new S3Storage(options);
    expect(await storage.get('p/none/missing.webp')).toBeNull();
    await expect(storage.delete('p/none/missing.webp')).resolves.toBeUndefined();
  });

  it('replaces an object put again under its key', async () => {
    const storage = new S3Storage(options);
    await storage.put('u/cd/again.png', Buffer.from('first'), 'image/png');
    await storage.put('u/cd/again.png', Buffer.from('second version'), 'image/jpeg');
    const file = await storage.get('u/cd/again.png');
    expect(file).toMatchObject({ contentType: 'image/jpeg', size: 14 });
    expect((await buffer(file!.body)).toString()).toBe('second version');
  });

  it('fails loudly when the server refuses the credentials', async () => {
    const storage = new S3Storage({ ...options, accessKeyId: 'unknown' });
    await expect(storage.put('p/ab/x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/S3 PUT p\/ab\/x\.webp: 403 InvalidAccessKeyId/);
    await expect(storage.get('p/ab/x.webp')).rejects.toThrow(/S3 GET p\/ab\/x\.webp: 403/);
    await expect(storage.delete('p/ab/x.webp')).rejects.toThrow(/S3 DELETE p\/ab\/x\.webp: 403/);
  });

  it('refuses unsafe keys before sending anything', async () => {
    // An endpoint nobody listens on: a request sent would fail with a connection error instead.
    const storage = new S3Storage({ ...options, endpoint: 'http://127.0.0.1:1' });
    for (const key of ['../other-bucket/x', '/p/x.webp', 'p/../x', 'P/X.webp', 'p\\x']) {
      await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/invalid storage key/);
    }
  });
});

describe('createStorage', () => {
  it('uses local disk by default and the bucket when S3_BUCKET is set', () => {
    expect(createStorage(loadConfig({}, { DATA_DIR: '/tmp/x' }))).toBeInstanceOf(LocalDiskStorage);
    const env = { S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 's' };
    expect(createStorage(loadConfig(env))).toBeInstanceOf(S3Storage);
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(/S3_ENDPOINT: required when S3_BUCKET is set/);
  });
});
