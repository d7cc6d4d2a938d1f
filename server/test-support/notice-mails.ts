import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser, type ParsedMail } from 'mailparser';
import { outboxOf } from './outbox';
import type { TestApp } from './test-app';

/** The mails to `to` in a development outbox, oldest first, parsed (headers unfolded, parts decoded). */
export async function parsedMailsTo(outboxDir: string, to: string): Promise<ParsedMail[]> {
  const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails: ParsedMail[] = [];
  for (const f of files) {
    const mail = await simpleParser(await readFile(path.join(outboxDir, f)));
    const addresses = [mail.to].flat().flatMap((a) => a?.value ?? []).map((v) => v.address?.toLowerCase());
    if (addresses.includes(to.toLowerCase())) mails.push(mail);
  }
  return mails;
}

export const noticeMailsTo = (t: TestApp, to: string) => parsedMailsTo(outboxOf(t), to);

/** A header's raw value (mailparser keeps unknown headers as strings, List-* as objects). */
export function headerLine(mail: ParsedMail, name: string): string | undefined {
  return mail.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '').replace(/\r?\n\s+/g, ' ');
}

/**
 * Hands over the queued work after API calls: their notices are queued after the answer
 * (when the event is published), so this waits until a drain finds nothing twice.
 */
export async function settle(t: TestApp): Promise<void> {
  let idle = 0;
  while (idle < 2) {
    await sleep(30);
    idle = (await t.app.jobs.drain()) === 0 ? idle + 1 : 0;
  }
}

/** Makes a queue's delayed jobs due now (time passing, for the debounced mail jobs). */
export async function makeDue(t: TestApp, queue: string): Promise<number> {
  const { rowCount } = await t.database.pool.query(`update pgboss.job set start_after = now() where name = $1 and state in ('created', 'retry')`, [queue]);
  return rowCount ?? 0;
}

/** When a queue's waiting job starts (null: none waits). */
export async function waitingStart(t: TestApp, queue: string): Promise<Date | null> {
  const { rows } = await t.database.pool.query<{ start_after: Date }>(`select start_after from pgboss.job where name = $1 and state = 'created' order by start_after desc limit 1`, [queue]);
  return rows[0]?.start_after ?? null;
}
