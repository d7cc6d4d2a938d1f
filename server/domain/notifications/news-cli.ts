/**
 * The operator's news mails (spec 9 type "news"):
 *   npm run news -- send --site <key> --file <news.json>
 *   npm run news -- list
 * news.json holds the text per locale, English required (the fallback for other languages):
 *   { "en": { "subject": "...", "body": "First paragraph.\n\nSecond paragraph." }, "de": { ... } }
 * `send` stores the news; the news job of the running server (every 5 minutes) queues one mail
 * per member of the site who allows news, and the mail-notice queue sends them in batches.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES } from '../../../common/reference/countries';
import { runAsCommand } from '../../db/command';
import type { Db } from '../../db/database';
import { noticeNews, sites } from '../../db/schema';

export const USAGE = ['Usage: npm run news -- send --site <key> --file <news.json>', '       npm run news -- list'].join('\n');

const text = z.strictObject({ subject: z.string().trim().min(1).max(200), body: z.string().trim().min(1).max(20_000) });
const newsFile = z.partialRecord(z.enum(LOCALES), text).refine((texts) => texts.en !== undefined, 'an "en" text is required (the fallback)');

/** Runs one command; returns what to print. Throws with the usage on bad arguments. */
export async function runNewsCommand(db: Db, argv: string[]): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { site: { type: 'string' }, file: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, { cause: error });
  }
  const { positionals, values } = parsed;
  if (positionals.length === 1 && positionals[0] === 'send' && values.site && values.file) return send(db, values.site, values.file);
  if (positionals.length === 1 && positionals[0] === 'list' && !values.site && !values.file) return list(db);
  throw new Error(USAGE);
}

async function send(db: Db, siteKey: string, file: string): Promise<string> {
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.key, siteKey));
  if (!site) throw new Error(`No site ${siteKey}.`);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const result = newsFile.safeParse(json);
  if (!result.success) throw new Error(`${file}: ${result.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`).join('; ')}`);
  const [row] = await db.insert(noticeNews).values({ siteId: site.id, texts: result.data }).returning({ id: noticeNews.id });
  return `News #${row!.id} for ${siteKey} stored (${Object.keys(result.data).join(', ')}): the running server queues it within 5 minutes for members who allow news.`;
}

async function list(db: Db): Promise<string> {
  const rows = await db
    .select({
      id: noticeNews.id,
      site: sites.key,
      createdAt: noticeNews.createdAt,
      queuedAt: noticeNews.queuedAt,
      subject: sql<string>`${noticeNews.texts}->'en'->>'subject'`,
      sent: sql<number>`(select count(*)::int from notification_mails n where n.type = 'news' and n.ref = 'news:' || ${noticeNews.id})`,
    })
    .from(noticeNews)
    .innerJoin(sites, eq(sites.id, noticeNews.siteId))
    .orderBy(desc(noticeNews.id));
  if (rows.length === 0) return 'No news.';
  return rows.map((r) => `#${r.id} ${r.site} "${r.subject}" · ${r.queuedAt ? `queued ${r.queuedAt.toISOString()}` : 'waiting'} · ${r.sent} sent`).join('\n');
}

runAsCommand(import.meta.url, (db, _config, argv) => runNewsCommand(db, argv));
