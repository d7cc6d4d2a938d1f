import type { FastifyInstance } from 'fastify';
import { mailAboutMessages } from './mail-notifications';
import type { MessageNoticeFilter } from './message-notice-filter';
import { messageNoticeFacts } from './message-notice-repository';
import type { MessageNotice } from './notification-queues';
import { pushAboutMessage } from './push-notifications';

/**
 * Message notices together: a busy chat gives a notice per message, and most recipients can
 * get neither a push (no device) nor a mail (opted out, unconfirmed), which one query for the
 * batch finds. Each conversation gets one push per recipient, about its newest message (an
 * earlier one's notification would be replaced by it: same tag); the mail jobs go in one
 * statement per type. Throws after both steps when either failed: the batch is retried, and
 * its pushes repeat with the same tag, replacing the notifications shown (decision 0025).
 */
export async function handleMessageNotices(app: FastifyInstance, notices: readonly MessageNotice[], filter: MessageNoticeFilter): Promise<void> {
  const found = await messageNoticeFacts(app.database.db, notices);
  // What decides the next messages' notices (a first message's mail type is another one).
  for (const f of found) if (!f.first) filter.learned(f.recipientId, f.push, f.mail);
  const facts = new Map(found.map((f) => [`${f.messageId}:${f.recipientId}`, f]));
  const factsOf = (n: MessageNotice) => facts.get(`${n.messageId}:${n.recipientId}`);

  const newest = new Map<string, MessageNotice>();
  for (const notice of notices) {
    const known = factsOf(notice);
    if (!known?.push) continue;
    const key = `${notice.recipientId}:${notice.conversationId}`;
    if ((newest.get(key)?.messageId ?? 0) < notice.messageId) newest.set(key, notice);
  }
  const pushed = await Promise.allSettled([...newest.values()].map((n) => pushAboutMessage(app, n)));

  const mailed = notices.flatMap((notice) => {
    const known = factsOf(notice);
    return known?.mail ? [{ notice, first: known.first }] : [];
  });
  const [mailStep] = await Promise.allSettled([mailAboutMessages(app, mailed, filter.waitingMails)]);

  const failed = [...pushed, mailStep].find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}
