import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { intArray } from '../../db/pg-array';
import { MAY_MAIL_SQL } from './notification-mail';

/** What the notice of one message to one recipient needs to know before anything is sent. */
export interface MessageNoticeFacts {
  messageId: number;
  recipientId: number;
  /** The message opened its conversation. */
  first: boolean;
  /** The recipient has a push subscription and an account a push still goes to. */
  push: boolean;
  /** The recipient may get this message's mail (mayMail, new_conversations for the first, else new_messages). */
  mail: boolean;
}

/**
 * The facts of a batch of message notices in one query, the rules decided in SQL (only
 * booleans come back). A message the recipient sent (not a notice for them) or that is gone
 * is left out.
 */
export async function messageNoticeFacts(db: Db, notices: readonly { messageId: number; recipientId: number }[]): Promise<MessageNoticeFacts[]> {
  if (notices.length === 0) return [];
  const { rows } = await db.execute<{ message_id: number; recipient_id: number; first: boolean; push: boolean; mail: boolean }>(sql`
    select n.message_id, n.recipient_id, f.first,
        m.status in ('active', 'not_confirmed') and exists (select 1 from push_subscriptions p where p.member_id = m.id) as push,
        ${sql.raw(MAY_MAIL_SQL)} and not ((case when f.first then 'new_conversations' else 'new_messages' end) = any(m.email_opt_outs)) as mail
      from unnest(${intArray(notices.map((n) => n.messageId))}::int[], ${intArray(notices.map((n) => n.recipientId))}::int[]) as n(message_id, recipient_id)
      join messages msg on msg.id = n.message_id and msg.sender_id <> n.recipient_id
      join members m on m.id = n.recipient_id
      cross join lateral (select not exists (select 1 from messages m2 where m2.conversation_id = msg.conversation_id and m2.id < msg.id) as first) f`);
  return rows.map((r) => ({ messageId: Number(r.message_id), recipientId: Number(r.recipient_id), first: r.first, push: r.push, mail: r.mail }));
}
