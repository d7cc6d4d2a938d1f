import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

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
