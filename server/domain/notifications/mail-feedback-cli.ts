/**
 * The mail server's door for bounces and spam complaints (Postfix `pipe`, procmail, a cron job
 * reading a mailbox):
 *   npm run mail-feedback [-- --site <key>] < report.eml
 * Reads one raw message from standard input and prints what it did. A message that is no report,
 * or names nobody we know, changes nothing and still ends with code 0, so the mail server does
 * not bounce the bounce back.
 */
import { buffer } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { runAsCommand } from '../../db/command';
import type { Db } from '../../db/database';
import { loadSecrets } from '../../secrets';
import { describeOutcome, MAIL_FEEDBACK_MAX_BYTES, noticeHeaderReader, takeMailFeedback, type MemberOfOriginal } from './mail-feedback';
import { noticeKeysOf } from './notice-token';
import { defaultSiteId } from './mail-feedback-repository';

export const USAGE = 'Usage: npm run mail-feedback [-- --site <key>] < report.eml';

/** Takes `message` as the report; --site names the site whose members a report without its sender concerns (default: the default site). */
export async function runMailFeedbackCommand(db: Db, argv: string[], message: Buffer, memberOf?: MemberOfOriginal): Promise<string> {
  const { values } = parseArgs({ args: argv, options: { site: { type: 'string' } }, strict: true });
  if (message.toString('utf8').trim() === '') throw new Error(`No message on standard input.\n${USAGE}`);
  if (message.length > MAIL_FEEDBACK_MAX_BYTES) throw new Error(`The message is larger than ${MAIL_FEEDBACK_MAX_BYTES} bytes: not a report.`);
  const siteId = await defaultSiteId(db, values.site);
  if (siteId === null) throw new Error(values.site ? `No site ${values.site}.` : 'No default site.');
  return describeOutcome(await takeMailFeedback(db, message, { siteId, ...(memberOf ? { memberOf } : {}) }));
}

runAsCommand(import.meta.url, async (db, config, argv) => {
  // The server's keys (DATA_DIR/secrets.json or COOKIE_SECRET) check the notice header of returned notification mails.
  const secrets = await loadSecrets(config.DATA_DIR);
  return runMailFeedbackCommand(db, argv, await buffer(process.stdin), noticeHeaderReader(noticeKeysOf(secrets.cookieSecret).notice));
});
