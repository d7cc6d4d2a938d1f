import { eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { members } from '../../db/schema';
import type { NoticeSubject } from './notice-token';

/**
 * One-click unsubscribe (RFC 8058): the token's type joins the member's opt-outs and the reason
 * `listunsubscribe` joins notifications_disabled, in one statement (so /notifications and the
 * disabled-notifications alert explain it). Other types go on: only a bounce or a spam report
 * stops every mail. Doing it twice changes nothing more.
 */
export async function unsubscribe(db: Db, subject: NoticeSubject): Promise<void> {
  const add = (column: AnyColumn, value: string) =>
    sql`case when ${value} = any(${column}) then ${column} else array_append(${column}, ${value}::text) end`;
  await db
    .update(members)
    .set({ emailOptOuts: add(members.emailOptOuts, subject.type), notificationsDisabled: add(members.notificationsDisabled, 'listunsubscribe') })
    .where(eq(members.id, subject.memberId));
}
