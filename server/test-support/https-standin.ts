import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The plumbing the payment-provider stand-ins share: a local HTTPS server (both official clients
 * speak only https) with a certificate made at test time, and the switch that lets the test
 * process, and only it, accept that certificate.
 */

export interface StandinRequest {
  method: string;
  /** The path with its query, as the client sent it. */
  url: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body, or undefined for an empty one. */
  body: unknown;
}

export interface StandinReply {
  status: number;
  body?: unknown;
}

export interface HttpsStandin {
  /** https://127.0.0.1:<port> */
  origin: string;
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1 and localhost, made with openssl for this test run. */
export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'standin-cert-'));
  try {
    const keyPath = path.join(dir, 'key.pem');
    const certPath = path.join(dir, 'cert.pem');
    const args = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'];
    args.push('-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', keyPath, '-out', certPath);
    const result = spawnSync('openssl', args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`openssl could not make a test certificate: ${result.stderr || result.error?.message}`);
    return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An HTTPS JSON server on a free loopback port answering each request with `handle`. */
export async function startHttpsStandin(handle: (request: StandinRequest) => StandinReply | Promise<StandinReply>): Promise<HttpsStandin> {
  const server = createServer(selfSignedCertificate(), (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        let reply: StandinReply;
        try {
          const text = Buffer.concat(chunks).toString('utf8');
          reply = await handle({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: text ? JSON.parse(text) : undefined });
        } catch (error) {
          reply = { status: 500, body: { status: 500, message: error instanceof Error ? error.message : String(error) } };
        }
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the stand-in has no port');
  return {
    origin: `https://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // The clients keep connections alive; a closed stand-in should not wait for them.
        server.closeAllConnections();
      }),
  };
}

/**
 * Lets this test process accept the stand-ins' self-signed certificates (the Mollie client
 * trusts only the CA bundle it ships; Adyen's only the system's). Returns the undo.
 */
export function trustStandinCertificates(): () => void {
  const before = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  return () => {
    if (before === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = before;
  };
}
