/**
 * A small SMTP server for the user flows: the server under test sends every mail over real
 * SMTP (its SMTP_URL points here) and the sink writes each accepted message as an .eml file
 * into the outbox folder the tests read (fixtures.ts OUTBOX), named as the development outbox
 * names them (<time>-<uuid>.eml, so sorted by arrival), written whole before the 250 reply.
 * Started by Playwright's globalSetup (this file's default export); closed at the end.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** The host name in the Received line of every mail the sink takes. */
export const SINK_NAME = 'e2e-smtp-sink';

/** Larger mails are refused, as a real server would (ours are a few dozen KB). */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface SmtpSink {
  port: number;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1:`port` (0: any free port). A message that a strict receiving server
 * would refuse (no From, To, Date or Message-ID, or not parseable) is answered 554, so the
 * sending code fails the test as it would fail in production.
 */
export async function startSmtpSink(options: { port: number; outboxDir: string }): Promise<SmtpSink> {
  const server = new SMTPServer({
    // Plain SMTP on the loopback, no login: the test's own network.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded) return callback(refusal(552, 'message too large'));
        // LF line ends, as the development outbox writes them: the tests read both alike.
        // A trace line on top as every receiving server adds (RFC 5321 4.4): the mail came over SMTP.
        const trace = `Received: from ${session.clientHostname} by ${SINK_NAME} with SMTP; ${new Date().toUTCString()}\n`;
        const raw = trace + Buffer.concat(chunks).toString('utf8').replace(/\r\n/g, '\n');
        store(raw, options.outboxDir).then(
          (problem) => callback(problem ? refusal(554, problem) : null),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Writes an acceptable message into the outbox; the reason it is refused otherwise. */
async function store(raw: string, outboxDir: string): Promise<string | null> {
  const mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  for (const header of ['from', 'to', 'date', 'message-id']) {
    if (!mail.headers.has(header)) return `missing ${header} header`;
  }
  await mkdir(outboxDir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
  const tmp = path.join(outboxDir, `.${name}.tmp`);
  await writeFile(tmp, raw);
  // Written whole, then renamed: a reader never sees half a mail.
  await rename(tmp, path.join(outboxDir, name));
  return null;
}

function refusal(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/** Playwright's globalSetup: the sink on the port of the web server's SMTP_URL, writing to its DATA_DIR/outbox. */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const env: Record<string, string | undefined> = config.webServer?.env ?? {};
  if (!env.SMTP_URL || !env.DATA_DIR) throw new Error('playwright.config.ts: the webServer env needs SMTP_URL and DATA_DIR');
  const sink = await startSmtpSink({ port: Number(new URL(env.SMTP_URL).port), outboxDir: path.resolve(path.dirname(config.configFile ?? '.'), env.DATA_DIR, 'outbox') });
  return () => sink.close();
}
