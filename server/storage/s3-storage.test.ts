import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createStorage } from './create-storage';
import { LocalDiskStorage } from './local-disk-storage';
import { S3Storage } from './s3-storage';
import { sha256Hex, signRequest } from './sigv4';

const CREDENTIALS = { accessKeyId: 'test-access', secretAccessKey: 'test-secret', region: 'eu-central-1' };

/**
 * A small S3 look-alike on the loopback interface (path-style, like MinIO): it checks
 * each request's signature by signing what it received itself, and keeps objects in memory.
 */
function fakeS3(): Promise<{ server: Server; endpoint: string; objects: Map<string, { body: Buffer; type: string }>; refused: string[] }> {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const refused: string[] = [];
  const verify = (req: IncomingMessage, body: Buffer): boolean => {
    const auth = req.headers.authorization ?? '';
    const signedNames = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
    if (sha256Hex(body) !== req.headers['x-amz-content-sha256']) return false;
    const headers: Record<string, string> = {};
    for (const name of signedNames) if (!['host', 'x-amz-date', 'x-amz-content-sha256'].includes(name)) headers[name] = String(req.headers[name]);
    const stamp = String(req.headers['x-amz-date']);
    const date = new Date(`${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`);
    const url = new URL(`http://${req.headers.host}${req.url}`);
    const expected = signRequest({ method: req.method!, url, headers, payloadHash: sha256Hex(body) }, CREDENTIALS, date);
    return expected.headers.authorization === auth;
  };
  const server = createServer(async (req, res) => {
    const body = await buffer(req);
    if (!verify(req, body)) {
      refused.push(`${req.method} ${req.url}`);
      res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    const key = decodeURIComponent(req.url!);
    if (req.method === 'PUT') {
      objects.set(key, { body, type: String(req.headers['content-type']) });
      res.writeHead(200).end();
    } else if (req.method === 'GET') {
      const object = objects.get(key);
      if (!object) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      else res.writeHead(200, { 'content-type': object.type, 'content-length': object.body.length }).end(object.body);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else res.writeHead(405).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, objects, refused })),
  );
}

let s3: Awaited<ReturnType<typeof fakeS3>>;
beforeAll(async () => {
  s3 = await fakeS3();
});
afterAll(async () => new Promise<void>((resolve) => s3?.server.close(() => resolve())));

describe('S3 storage', () => {
  it('puts, gets and deletes objects with signed requests, path-style', async () => {
    const storage = new S3Storage({ ...CREDENTIALS, endpoint: `${s3.endpoint}/`, bucket: 'photos' });
    await storage.put('p/ab/0123.webp', Buffer.from('webp bytes'), 'image/webp');
    expect(s3.objects.get('/photos/p/ab/0123.webp')).toEqual({ body: Buffer.from('webp bytes'), type: 'image/webp' });
    const file = await storage.get('p/ab/0123.webp');
    expect(file).toMatchObject({ contentType: 'image/webp', size: 10 });
    expect(await text(file!.body)).toBe('webp bytes');
    await storage.delete('p/ab/0123.webp');
    expect(await storage.get('p/ab/0123.webp')).toBeNull();
    await storage.delete('p/ab/0123.webp');
    expect(s3.refused).toEqual([]);
  });

  it('fails loudly when the bucket refuses the credentials', async () => {
    const storage = new S3Storage({ ...CREDENTIALS, secretAccessKey: 'wrong', endpoint: s3.endpoint, bucket: 'photos' });
    await expect(storage.put('p/ab/x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/403/);
    await expect(storage.get('p/ab/x.webp')).rejects.toThrow(/403/);
  });

  it('refuses unsafe keys before sending anything', async () => {
    const storage = new S3Storage({ ...CREDENTIALS, endpoint: s3.endpoint, bucket: 'photos' });
    const before = s3.refused.length;
    await expect(storage.get('../other-bucket/x')).rejects.toThrow(/invalid storage key/);
    expect(s3.refused.length).toBe(before);
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
