import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestApp } from './test-app';

/** Undoes quoted-printable encoding (how nodemailer writes long or non-ASCII text parts). */
export function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The mails in a development outbox addressed to `to`, oldest first, decoded. */
export async function outboxMailsTo(outboxDir: string, to: string): Promise<string[]> {
  const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails: string[] = [];
  for (const f of files) {
    const raw = await readFile(path.join(outboxDir, f), 'utf8');
    if (raw.includes(`To: ${to}`)) mails.push(decodeQuotedPrintable(raw));
  }
  return mails;
}

export function firstLink(mail: string, pathPrefix: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${pathPrefix.replace(/[/]/g, '\\/')}[^\\s"<>]*`).exec(mail);
  if (!match) throw new Error(`no link to ${pathPrefix} in mail`);
  return match[0].replace(/&amp;/g, '&');
}

/** The development outbox of a test app (mails are written there as .eml files). */
export const outboxOf = (t: TestApp) => path.join(t.dataDir, 'outbox');

/** The mails to `to`, once there are at least `count` (resends are mailed after the answer). */
export async function waitForMails(t: TestApp, to: string, count: number, timeoutMs = 5_000): Promise<string[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = await outboxMailsTo(outboxOf(t), to);
    if (mails.length >= count || Date.now() > until) return mails;
    await sleep(50);
  }
}

/** The reactivation token of a mail's link. */
export function reactivationToken(mail: string): string {
  return new URL(firstLink(mail, '/account-deleted')).searchParams.get('reactivate')!;
}
