import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ObjectStorage } from './object-storage';
import { EMPTY_PAYLOAD_HASH, sha256Hex, signRequest, uriEncode, type SigV4Credentials } from './sigv4';
import { assertValidStorageKey } from './storage-keys';

export interface S3StorageOptions extends SigV4Credentials {
  /** "https://s3.eu-central-1.amazonaws.com", "http://127.0.0.1:9000" (MinIO)... */
  endpoint: string;
  bucket: string;
  fetch?: typeof fetch;
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2...), addressed
 * path-style (endpoint/bucket/key), which every one of them accepts. Objects stay
 * private: the app streams them to visitors behind its own signed URLs.
 */
export class S3Storage implements ObjectStorage {
  private readonly base: string;
  private readonly doFetch: typeof fetch;

  constructor(private readonly options: S3StorageOptions) {
    this.base = `${options.endpoint.replace(/\/+$/, '')}/${uriEncode(options.bucket)}`;
    this.doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  private async send(method: string, key: string, body?: Buffer, headers: Record<string, string> = {}): Promise<Response> {
    assertValidStorageKey(key);
    const url = new URL(`${this.base}/${key.split('/').map(uriEncode).join('/')}`);
    const payloadHash = body ? sha256Hex(body) : EMPTY_PAYLOAD_HASH;
    const signed = signRequest({ method, url, headers, payloadHash }, this.options);
    return this.doFetch(url, { method, headers: signed.headers, body: body ? new Uint8Array(body) : undefined });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, body, { 'content-type': contentType });
    if (!res.ok) throw new Error(`S3 PUT ${key}: ${res.status} ${await res.text()}`);
  }

  async get(key: string) {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok || !res.body) throw new Error(`S3 GET ${key}: ${res.status} ${await res.text()}`);
    return {
      body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      size: Number(res.headers.get('content-length') ?? 0),
    };
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    // S3 answers 204 whether or not the key existed; some compatibles answer 404.
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key}: ${res.status} ${await res.text()}`);
  }
}
