import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestApp } from './test-app';

export interface OutboxSms {
  to: string;
  text: string;
}

/** The SMS in a test app's development outbox (DATA_DIR/sms-outbox) sent to `to`, oldest first. */
export async function smsTo(t: TestApp, to: string): Promise<OutboxSms[]> {
  const dir = path.join(t.dataDir, 'sms-outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  const all = await Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as OutboxSms));
  return all.filter((m) => m.to === to);
}

/** The code of the newest SMS to `to`. */
export async function lastSmsCode(t: TestApp, to: string): Promise<string> {
  const last = (await smsTo(t, to)).at(-1);
  const code = last && /\b(\d{6})\b/.exec(last.text)?.[1];
  if (!code) throw new Error(`no SMS code sent to ${to}`);
  return code;
}
