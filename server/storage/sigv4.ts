import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for requests with the payload in one piece (the header form),
 * as documented in "Signature Calculations for the Authorization Header" of the Amazon S3
 * API reference. Written here because the project carries no AWS SDK; sigv4.test.ts
 * checks it against the examples AWS publishes.
 */
export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** "s3" unless told otherwise. */
  service?: string;
}

export interface SigV4Request {
  method: string;
  url: URL;
  /** Headers to sign and send besides host, x-amz-date and x-amz-content-sha256. */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (EMPTY_PAYLOAD_HASH for none). */
  payloadHash: string;
}

export interface SigV4Result {
  /** Every header to send, authorization included (host is left to fetch, which sets the same). */
  headers: Record<string, string>;
  canonicalRequest: string;
  signature: string;
}

export const EMPTY_PAYLOAD_HASH = sha256Hex('');

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: every byte but A-Z a-z 0-9 - _ . ~ escaped. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The URL's path with each segment encoded once (S3 does not double-encode). */
export function canonicalPath(url: URL): string {
  return url.pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
}

export function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** "20130524T000000Z" */
export function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export function signRequest(request: SigV4Request, credentials: SigV4Credentials, date: Date = new Date()): SigV4Result {
  const service = credentials.service ?? 's3';
  const stamp = amzDate(date);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value.trim().replace(/\s+/g, ' ');
  headers['x-amz-date'] = stamp;
  // S3 wants the payload hash as a header too; other services sign without it.
  if (service === 's3') headers['x-amz-content-sha256'] = request.payloadHash;
  const signed = { ...headers, host: request.url.host };
  const names = Object.keys(signed).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalPath(request.url),
    canonicalQuery(request.url),
    names.map((n) => `${n}:${signed[n as keyof typeof signed]}\n`).join(''),
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), service), 'aws4_request');
  const signature = hmac(key, stringToSign).toString('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { headers, canonicalRequest, signature };
}
