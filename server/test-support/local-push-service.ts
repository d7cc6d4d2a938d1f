import { createECDH, createPublicKey, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as ece from 'http_ece';
import * as jws from 'jws';
import { selfSignedCertificate } from './https-standin';

/** What a browser's PushSubscription.toJSON() gives; the service keeps the private half. */
export interface LocalSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** One push the service accepted, decrypted with the subscription's keys. */
export interface ReceivedPush {
  endpoint: string;
  /** The decrypted body (the JSON text the server encrypted). */
  text: string;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID claims and public key the request was signed with. */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
}

export interface LocalPushService {
  /** https://127.0.0.1:<port>: PUSH_TEST_ORIGIN. */
  origin: string;
  /** Its self-signed certificate as a PEM file: PUSH_TEST_CA_FILE. */
  caFile: string;
  /** A new subscription at this service, as a browser would save it. */
  newSubscription(): LocalSubscription;
  /** Every push accepted so far, oldest first. */
  received: ReceivedPush[];
  /** Every request that reached the service, accepted or not (path and status). */
  requests: { path: string; status: number }[];
  /** Answer `status` to pushes for this endpoint from now on (410: expired; 500: failing). */
  answerWith(endpoint: string, status: number): void;
  /** Resolves with the first push (waiting up to `ms`) that `match` accepts. */
  waitForPush(match?: (push: ReceivedPush) => boolean, ms?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

interface Keys {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

/**
 * A push service for tests speaking RFC 8030: POST to a subscription's endpoint answers 201
 * after checking the VAPID signature (RFC 8292: ES256 JWT for this origin, not expired, with a
 * contact) and decrypting the aes128gcm body (RFC 8291) with the subscription's private key.
 * `vapidPublicKey`, when given, is the only key accepted (the app's). `port` fixes the port
 * (a Playwright server must know the origin before it starts); by default a free one.
 * `certificate` (PEM key and certificate) replaces the one made at start.
 */
export async function startLocalPushService(options: { port?: number; vapidPublicKey?: string; certificate?: { key: string; cert: string } } = {}): Promise<LocalPushService> {
  const keys = new Map<string, Keys>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const requests: { path: string; status: number }[] = [];
  const waiters: Array<{ match: (push: ReceivedPush) => boolean; resolve: (push: ReceivedPush) => void }> = [];
  // A given certificate: the one a server started earlier already trusts (Playwright's).
  const certificate = options.certificate ?? selfSignedCertificate();
  const certDir = mkdtempSync(path.join(tmpdir(), 'local-push-'));
  const caFile = path.join(certDir, 'ca.pem');
  writeFileSync(caFile, certificate.cert);
  let origin = '';

  const handle = (pathname: string, headers: IncomingHttpHeaders, body: Buffer): { status: number; push?: ReceivedPush } => {
    const id = /^\/push\/([\w-]+)$/.exec(pathname)?.[1];
    const subscription = id ? keys.get(id) : undefined;
    if (!id || !subscription) return { status: 404 };
    const endpoint = `${origin}/push/${id}`;
    const fixed = answers.get(endpoint);
    if (fixed) return { status: fixed };
    const vapid = verifyVapid(headers.authorization, origin, options.vapidPublicKey);
    if (!vapid) return { status: 403 };
    const ttl = Number(headers.ttl);
    if (headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) return { status: 400 };
    if (headers['content-encoding'] !== 'aes128gcm') return { status: 415 };
    let text: string;
    try {
      text = ece.decrypt(body, { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.auth }).toString('utf8');
    } catch {
      return { status: 400 };
    }
    const push: ReceivedPush = { endpoint, text, ttl, urgency: headerValue(headers.urgency), topic: headerValue(headers.topic), vapid };
    return { status: 201, push };
  };

  const server = createServer(certificate, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const pathname = new URL(req.url ?? '/', 'https://local').pathname;
      const answer = req.method === 'POST' ? handle(pathname, req.headers, Buffer.concat(chunks)) : { status: 405 };
      requests.push({ path: pathname, status: answer.status });
      if (answer.push) {
        received.push(answer.push);
        const push = answer.push;
        for (const waiter of waiters.splice(0)) {
          if (waiter.match(push)) waiter.resolve(push);
          else waiters.push(waiter);
        }
      }
      if (answer.status === 201) res.setHeader('location', `${origin}/message/${randomUUID()}`);
      res.writeHead(answer.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the local push service has no port');
  origin = `https://127.0.0.1:${address.port}`;

  return {
    origin,
    caFile,
    received,
    requests,
    newSubscription() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, auth });
      return { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    answerWith(endpoint, status) {
      answers.set(endpoint, status);
    },
    waitForPush(match = () => true, ms = 10_000) {
      const done = received.find(match);
      if (done) return Promise.resolve(done);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching push within ${ms} ms`)), ms);
        waiters.push({
          match,
          resolve: (push) => {
            clearTimeout(timer);
            resolve(push);
          },
        });
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        rmSync(certDir, { recursive: true, force: true });
      }),
  };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * RFC 8292: "vapid t=<JWT>, k=<P-256 public key>", the JWT signed ES256 by that key, for this
 * origin, expiring within 24 hours, with a mailto: or https: contact. Null when anything fails.
 */
function verifyVapid(authorization: string | undefined, origin: string, expectedKey: string | undefined): ReceivedPush['vapid'] | null {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) return null;
  const [, token, publicKey] = match as unknown as [string, string, string];
  if (expectedKey !== undefined && publicKey !== expectedKey) return null;
  const raw = Buffer.from(publicKey, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return null;
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
  if (!jws.verify(token, 'ES256', key)) return null;
  const claims = jws.decode(token, { json: true })?.payload as { aud?: unknown; sub?: unknown; exp?: unknown } | undefined;
  const now = Date.now() / 1000;
  if (!claims || claims.aud !== origin || typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return null;
  if (typeof claims.exp !== 'number' || claims.exp < now || claims.exp > now + 24 * 60 * 60) return null;
  return { aud: claims.aud, sub: claims.sub, exp: claims.exp, publicKey };
}
