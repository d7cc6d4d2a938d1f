import { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { ObjectStorage } from './object-storage';
import { assertValidStorageKey } from './storage-keys';

export interface S3StorageOptions {
  /** "https://s3.eu-central-1.amazonaws.com", "http://127.0.0.1:9000" (MinIO)... */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2...) through the AWS SDK
 * (decision 0018), addressed path-style (endpoint/bucket/key), which every one of them
 * accepts. Objects stay private: the app streams them to visitors behind its own signed URLs.
 */
export class S3Storage implements ObjectStorage {
  private connection: Promise<{ sdk: typeof S3; client: S3.S3Client }> | null = null;

  constructor(private readonly options: S3StorageOptions) {}

  /** The SDK loads on first use: a site on local disk never pays its import (~150 ms) at start. */
  private connect() {
    this.connection ??= import('@aws-sdk/client-s3').then((sdk) => {
      const { endpoint, region, accessKeyId, secretAccessKey } = this.options;
      const client = new sdk.S3Client({
        endpoint,
        region,
        credentials: { accessKeyId, secretAccessKey },
        forcePathStyle: true,
        // Checksums only where S3 requires them: R2, B2 and older MinIO refuse the CRC32
        // headers the SDK adds to every upload since 3.729 (aws/aws-sdk-js-v3#6810).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { sdk, client };
    });
    return this.connection;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidStorageKey(key);
    const { sdk, client } = await this.connect();
    const command = new sdk.PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType });
    await client.send(command).catch(failed('PUT', key));
  }

  async get(key: string) {
    assertValidStorageKey(key);
    const { sdk, client } = await this.connect();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      // In Node the SDK answers the HTTP response itself, a Readable.
      if (!(object.Body instanceof Readable)) throw new Error(`S3 GET ${key}: no body`);
      return { body: object.Body, contentType: object.ContentType ?? 'application/octet-stream', size: object.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      return failed('GET', key)(error);
    }
  }

  async delete(key: string): Promise<void> {
    assertValidStorageKey(key);
    const { sdk, client } = await this.connect();
    // S3 answers 204 whether or not the key existed; some compatibles answer 404.
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: key })).catch((error: unknown) => {
      if (!isNotFound(error)) failed('DELETE', key)(error);
    });
  }
}

/** The SDK's service errors carry the HTTP answer (`$metadata`). */
interface ServiceError {
  name: string;
  $metadata: { httpStatusCode?: number };
}

function isServiceError(error: unknown): error is ServiceError {
  return error instanceof Error && typeof (error as Partial<ServiceError>).$metadata === 'object';
}

function isNotFound(error: unknown): boolean {
  return isServiceError(error) && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}

/** Rethrows an SDK error with the operation, the key and the HTTP status, for the logs. */
function failed(method: string, key: string) {
  return (error: unknown): never => {
    const status = isServiceError(error) ? ` ${error.$metadata.httpStatusCode ?? ''} ${error.name}` : '';
    throw new Error(`S3 ${method} ${key}:${status}`, { cause: error });
  };
}
