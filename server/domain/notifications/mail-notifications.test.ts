import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { likes, members, notificationMails } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { loggedInMember } from '../../test-support/test-client';
import { createMember } from '../../test-support/test-members';
import { addCreditEntry } from '../credits/credits-repository';
import { headerLine, makeDue, noticeMailsTo, settle, waitingStart } from '../../test-support/notice-mails';
import { MAIL_LIKES, MAIL_NEW_MESSAGES, MESSAGE_MAIL_DELAY_S, MESSAGE_MAIL_GAP_HOURS } from './mail-notifications';
import { memberOfNoticeHeader, NOTICE_HEADER, readUnsubscribeToken } from './notice-token';

const t = testAppForFile();
/** A notice-mails text as the member's language gives it. */
const text = (locale: 'de' | 'en', key: string, vars: Record<string, unknown> = {}) => t.app.translations.t(locale)(`notice-mails:${key}`, { siteName: 'Rendezvous', ...vars });
const db = () => t.database.db;
const HOUR = 3600_000;

let n = 0;
/** A member who may get mail and is not online (last active an hour ago). */
const recipient = (fields: Parameters<typeof createMember>[1] = {}) =>
  createMember(db(), { emailConfirmedAt: new Date(), lastActiveAt: new Date(Date.now() - HOUR), name: `Anna${++n}`, ...fields });
async function sender() {
  const who = await loggedInMember(t, { emailConfirmedAt: new Date(), name: `Bert${++n}`, paidUser: true });
  await addCreditEntry(db(), { memberId: who.member.id, amount: 500, kind: 'adjustment' });
  return who;
}
const cid = () => `c${Math.random().toString(36).slice(2)}`;

async function write(from: Awaited<ReturnType<typeof sender>>, to: number, text = 'hello there'): Promise<number> {
  const res = await from.api.post('/api/message.php', { profile: to, client_id: cid(), text });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ message: { conversation: number } }>().message.conversation;
}

const like = async (from: Awaited<ReturnType<typeof sender>>, to: number) => expect((await from.api.post('/api/like.php', { profile_id: to, source: 'profile' })).statusCode).toBe(200);

/** Pretends the mails to a member went out `hours` ago. */
const backdateMails = (memberId: number, hours: number) =>
  db()
    .update(notificationMails)
    .set({ sentAt: new Date(Date.now() - hours * HOUR) })
    .where(eq(notificationMails.memberId, memberId));

describe('new conversation and new messages mails', () => {
  it('mails the first message at once, in the member language, with one-click unsubscribe and the notice header, without the text', async () => {
    const anna = await recipient({ language: 'de' });
    const bert = await sender();
    const conversation = await write(bert, anna.id, 'a very private first line');
    await settle(t);
    const mails = await noticeMailsTo(t, anna.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(text('de', 'newConversation.subject', { sender: bert.member.name }));
    expect(mail.subject).not.toBe(text('en', 'newConversation.subject', { sender: bert.member.name }));
    expect(mail.text).toContain(text('de', 'newConversation.body', { sender: bert.member.name }));
    expect(mail.text).toContain(`/chats/${conversation}`);
    expect(mail.text).not.toContain('very private');
    expect(mail.html).not.toContain('very private');
    // RFC 8058: the one-click address (POST) and the visible footer link (the page that asks first).
    const listUnsubscribe = headerLine(mail, 'List-Unsubscribe')!;
    const oneClick = /<([^>]+)>/.exec(listUnsubscribe)![1]!;
    expect(oneClick).toMatch(/^http:\/\/localhost(:\d+)?\/api\/unsubscribe\.php\?token=/);
    expect(headerLine(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(readUnsubscribeToken(t.app.noticeKeys, new URL(oneClick).searchParams.get('token')!)).toEqual({ memberId: anna.id, type: 'new_conversations' });
    expect(mail.html).toContain(`/unsubscribe?token=`);
    expect(mail.html).toContain(text('de', 'unsubscribe'));
    expect(memberOfNoticeHeader(headerLine(mail, NOTICE_HEADER), t.app.noticeKeys.notice)).toBe(anna.id);
    expect(headerLine(mail, 'Feedback-ID')).toBe('new_conversations:rendezvous:rendezvous');
    expect(mail.from?.text).toContain('Rendezvous');
  });

  it('batches further messages into one delayed mail per conversation, and none within the gap', async () => {
    const anna = await recipient();
    const bert = await sender();
    const conversation = await write(bert, anna.id);
    await settle(t);
    await backdateMails(anna.id, MESSAGE_MAIL_GAP_HOURS + 1);
    await write(bert, anna.id, 'second');
    await write(bert, anna.id, 'third');
    await settle(t);
    // Delayed: nothing yet, and one waiting job for the conversation however many messages.
    expect(await noticeMailsTo(t, anna.email)).toHaveLength(1);
    expect(await t.app.jobs.waiting(MAIL_NEW_MESSAGES)).toBe(1);
    expect((await waitingStart(t, MAIL_NEW_MESSAGES))!.getTime()).toBeGreaterThan(Date.now() + (MESSAGE_MAIL_DELAY_S - 60) * 1000);
    await makeDue(t, MAIL_NEW_MESSAGES);
    await settle(t);
    const mails = await noticeMailsTo(t, anna.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(text('en', 'newMessages.subject', { sender: bert.member.name }));
    expect(mails[1]!.text).toContain(text('en', 'newMessages.body', { sender: bert.member.name, count: '2' }));
    expect(mails[1]!.text).toContain(`/chats/${conversation}`);

    // A fourth message within the gap: the job waits for the gap's end instead of mailing.
    await write(bert, anna.id, 'fourth');
    await settle(t);
    await makeDue(t, MAIL_NEW_MESSAGES);
    await settle(t);
    expect(await noticeMailsTo(t, anna.email)).toHaveLength(2);
    const next = await waitingStart(t, MAIL_NEW_MESSAGES);
    expect(next!.getTime()).toBeGreaterThan(Date.now() + (MESSAGE_MAIL_GAP_HOURS - 0.1) * HOUR);
    // When the gap is over, only the message no mail covered is counted.
    await backdateMails(anna.id, MESSAGE_MAIL_GAP_HOURS + 1);
    await makeDue(t, MAIL_NEW_MESSAGES);
    await settle(t);
    const last = (await noticeMailsTo(t, anna.email))[2]!;
    expect(last.text).toContain(text('en', 'newMessages.body', { sender: bert.member.name, count: '1' }));
  });

  it('sends nothing to a member who is online or has read the messages', async () => {
    const anna = await recipient();
    const bert = await sender();
    const conversation = await write(bert, anna.id);
    await settle(t);
    await backdateMails(anna.id, MESSAGE_MAIL_GAP_HOURS + 1);
    await db().update(members).set({ lastActiveAt: new Date() }).where(eq(members.id, anna.id));
    await write(bert, anna.id, 'are you there?');
    await settle(t);
    await makeDue(t, MAIL_NEW_MESSAGES);
    await settle(t);
    expect(await noticeMailsTo(t, anna.email)).toHaveLength(1);

    // Offline again, but the message was read before the job ran.
    await db().update(members).set({ lastActiveAt: new Date(Date.now() - HOUR) }).where(eq(members.id, anna.id));
    await write(bert, anna.id, 'hello?');
    await settle(t);
    await t.database.pool.query(`update conversation_members set read_up_to = (select max(id) from messages where conversation_id = $1), unread = 0 where conversation_id = $1 and member_id = $2`, [conversation, anna.id]);
    await t.database.pool.query(`update event_streams set unread = 0 where member_id = $1`, [anna.id]);
    await makeDue(t, MAIL_NEW_MESSAGES);
    await settle(t);
    expect(await noticeMailsTo(t, anna.email)).toHaveLength(1);
  });

  it('honours the opt-out of a type, and a bounce or spam report stops every type while an unsubscribe stops only its own', async () => {
    const optedOut = await recipient({ emailOptOuts: ['new_conversations'] });
    const bounced = await recipient({ notificationsDisabled: ['bounce'] });
    const spam = await recipient({ notificationsDisabled: ['fbl'] });
    const unsubscribedLikes = await recipient({ emailOptOuts: ['likes'], notificationsDisabled: ['listunsubscribe'] });
    const unconfirmed = await recipient();
    const leaving = await recipient();
    const bert = await sender();
    for (const m of [optedOut, bounced, spam, unsubscribedLikes, leaving]) await write(bert, m.id);
    for (const m of [optedOut, bounced, spam, unsubscribedLikes, unconfirmed]) await like(bert, m.id);
    // Read when the jobs run, not when they were queued.
    await db().update(members).set({ emailConfirmedAt: null, status: 'not_confirmed' }).where(eq(members.id, unconfirmed.id));
    await db().update(members).set({ status: 'pending_deletion', deletionRequestedAt: new Date() }).where(eq(members.id, leaving.id));
    await settle(t);
    expect(await noticeMailsTo(t, optedOut.email)).toHaveLength(1); // the like only
    expect((await noticeMailsTo(t, optedOut.email))[0]!.subject).toBe(text('en', 'likes.one.subject', { liker: bert.member.name }));
    expect(await noticeMailsTo(t, bounced.email)).toHaveLength(0);
    expect(await noticeMailsTo(t, spam.email)).toHaveLength(0);
    expect(await noticeMailsTo(t, unconfirmed.email)).toHaveLength(0);
    expect(await noticeMailsTo(t, leaving.email)).toHaveLength(0);
    const other = await noticeMailsTo(t, unsubscribedLikes.email);
    expect(other.map((m) => m.subject)).toEqual([text('en', 'newConversation.subject', { sender: bert.member.name })]);
  });
});

describe('likes mails', () => {
  it('names a single like, counts likes that came together, and mails at most hourly', async () => {
    const anna = await recipient();
    const [b, c, d, e] = [await sender(), await sender(), await sender(), await sender()];
    await like(b, anna.id);
    await settle(t);
    let mails = await noticeMailsTo(t, anna.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/members/${b.member.id}`);

    // An hour and more later (B's like is as old as that mail).
    await backdateMails(anna.id, 2);
    await db().update(likes).set({ createdAt: new Date(Date.now() - 2 * HOUR - 1000) }).where(eq(likes.likerId, b.member.id));
    await like(c, anna.id);
    await like(d, anna.id);
    await like(e, anna.id);
    await settle(t);
    mails = await noticeMailsTo(t, anna.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(text('en', 'likes.many.subject', { count: '3' }));

    const f = await sender();
    await like(f, anna.id);
    await settle(t);
    expect(await noticeMailsTo(t, anna.email)).toHaveLength(2);
    expect((await waitingStart(t, MAIL_LIKES))!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
  });

  it('calls a like back a match', async () => {
    const anna = await loggedInMember(t, { emailConfirmedAt: new Date(), name: `Anna${++n}` });
    const bert = await sender();
    await like(anna, bert.member.id);
    await db().update(members).set({ lastActiveAt: new Date(Date.now() - HOUR) }).where(eq(members.id, anna.member.id));
    await like(bert, anna.member.id);
    await settle(t);
    const mails = await noticeMailsTo(t, anna.member.email);
    expect(mails.map((m) => m.subject)).toEqual([text('en', 'likes.match.subject', { liker: bert.member.name })]);
    expect(mails[0]!.text).toContain('/likes/matches');
    const recorded = await db()
      .select()
      .from(notificationMails)
      .where(and(eq(notificationMails.memberId, anna.member.id), eq(notificationMails.type, 'likes')));
    expect(recorded).toHaveLength(1);
    expect((await db().execute(sql`select count(*)::int as n from notification_mails where member_id = ${bert.member.id}`)).rows[0]).toEqual({ n: 1 });
  });
});
