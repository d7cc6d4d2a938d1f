import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { notificationMails } from '../../db/schema';
import { ExpiringEntries } from './expiring-entries';
import type { LikeNotice, MessageNotice } from './notification-queues';
import { isOnline, sendNotice, type NoticeDeps } from './notification-mail';
import { lastMail, mailedUpTo, messageFacts, newLikesSince, recipient, unmailedUnread } from './mail-repository';

export const MAIL_NEW_CONVERSATION = 'mail-new-conversation';
export const MAIL_NEW_MESSAGES = 'mail-new-messages';
export const MAIL_LIKES = 'mail-likes';

/** A new-messages mail waits this long: a member who reads in the meantime gets none. */
export const MESSAGE_MAIL_DELAY_S = 15 * 60;
/** At most one mail per conversation in this time (new conversation, new messages). */
export const MESSAGE_MAIL_GAP_HOURS = 3;
/** At most one likes mail an hour; likes in between are counted in the next ("3 new likes"). */
export const LIKES_MAIL_GAP_MINUTES = 60;
/** Likes older than this are not news any more. */
const LIKES_LOOKBACK_DAYS = 7;

export interface ConversationJob {
  recipientId: number;
  conversationId: number;
}
export interface LikesJob {
  recipientId: number;
}

/** One waiting job per key: a queue with pg-boss's `short` policy drops further sends while one waits. */
export const conversationKey = (j: ConversationJob) => `${j.recipientId}:${j.conversationId}`;

/**
 * The conversations this process queued a new_messages job for, until that job is due. A send
 * while one waits is dropped by the queue (one waiting job per conversation), but each still
 * costs the database an insert attempt, one per message of a busy chat; this spares them. With
 * several processes each sends once per wait, and the queue keeps one.
 */
export class WaitingMailJobs {
  private readonly dueAt: ExpiringEntries<string, { until: number }>;

  constructor(limit = 100_000) {
    this.dueAt = new ExpiringEntries(limit);
  }

  /** Whether no job of this process waits for the key at `now`. */
  free(key: string, now: number): boolean {
    return this.dueAt.get(key, now) === undefined;
  }

  /** The job is being handled: a message from now on needs a new one. */
  forget(key: string): void {
    this.dueAt.delete(key);
  }

  waits(key: string, dueAt: number, now: number): void {
    this.dueAt.set(key, { until: dueAt }, now);
  }
}

/**
 * Messages: the first of a conversation is mailed at once (new_conversations: someone new
 * wrote, which happens once per conversation); a further one queues the new_messages job,
 * delayed and one per conversation, which reads the unread state when it runs. Mails are jobs
 * of their own, queued for a whole batch of notices in one statement per type: a failed mail
 * is retried without repeating the push of the same notice.
 */
export async function mailAboutMessages(
  app: FastifyInstance,
  messages: readonly { notice: MessageNotice; first: boolean }[],
  waiting: WaitingMailJobs,
  now = Date.now(),
): Promise<void> {
  const further = new Map<string, ConversationJob>();
  for (const { notice, first } of messages) {
    const job: ConversationJob = { recipientId: notice.recipientId, conversationId: notice.conversationId };
    const key = conversationKey(job);
    if (!first && waiting.free(key, now)) further.set(key, job);
  }
  await app.jobs.sendMany(
    MAIL_NEW_CONVERSATION,
    messages.filter((m) => m.first).map((m) => ({ data: m.notice })),
  );
  await app.jobs.sendMany(
    MAIL_NEW_MESSAGES,
    [...further].map(([singletonKey, job]) => ({ data: job, singletonKey, startAfterSeconds: MESSAGE_MAIL_DELAY_S })),
  );
  for (const key of further.keys()) waiting.waits(key, now + MESSAGE_MAIL_DELAY_S * 1000, now);
}

/** A like or match: the likes job, at once unless a likes mail went out in the last hour. */
export async function mailAboutLike(app: FastifyInstance, notice: LikeNotice): Promise<void> {
  await app.jobs.send(MAIL_LIKES, { recipientId: notice.recipientId } satisfies LikesJob, { singletonKey: String(notice.recipientId) });
}

/** The new-conversation mail: who wrote, a button to the chat. */
export async function handleNewConversation(deps: NoticeDeps, notice: MessageNotice): Promise<void> {
  const [member, facts] = await Promise.all([recipient(deps.db, notice.recipientId), messageFacts(deps.db, notice.messageId)]);
  // A retried job: this message was mailed already.
  if (!member || !facts || (await mailedUpTo(deps.db, member.id, notice.conversationId)) >= notice.messageId) return;
  const sender = facts.senderName;
  // No message text, ever: mails are read on shared screens and lock screens (decision 0026).
  await sendNotice(
    deps,
    member,
    'new_conversations',
    (origin) => ({ keys: 'newConversation', vars: { sender }, paragraphs: ['body'], link: `${origin}/chats/${notice.conversationId}` }),
    { conversationId: notice.conversationId, upToMessageId: notice.messageId },
  );
}

/** The newest mail about one conversation to one member, whatever its type. */
async function lastMailAbout(deps: NoticeDeps, memberId: number, conversationId: number) {
  const [row] = await deps.db
    .select({ sentAt: notificationMails.sentAt })
    .from(notificationMails)
    .where(and(eq(notificationMails.memberId, memberId), eq(notificationMails.conversationId, conversationId)))
    .orderBy(desc(notificationMails.sentAt))
    .limit(1);
  return row;
}

type Resend = (name: string, data: object, options: { singletonKey: string; startAfter: Date }) => Promise<unknown>;

/**
 * The delayed new_messages job: nothing while the member is online (they see it live; what
 * stays unread reaches the daily reminder) or once read; within the gap after the last mail
 * about the conversation it comes back when the gap ends; else one mail for what is unread.
 */
export async function handleNewMessages(deps: NoticeDeps, resend: Resend, job: ConversationJob, now = new Date()): Promise<void> {
  const member = await recipient(deps.db, job.recipientId);
  if (!member || isOnline(member, now)) return;
  const last = await lastMailAbout(deps, member.id, job.conversationId);
  const gapEnds = last ? last.sentAt.getTime() + MESSAGE_MAIL_GAP_HOURS * 3600_000 : 0;
  if (gapEnds > now.getTime()) {
    await resend(MAIL_NEW_MESSAGES, job, { singletonKey: conversationKey(job), startAfter: new Date(gapEnds) });
    return;
  }
  const unread = await unmailedUnread(deps.db, member.id, job.conversationId, await mailedUpTo(deps.db, member.id, job.conversationId));
  if (unread.count === 0) return;
  await sendNotice(
    deps,
    member,
    'new_messages',
    (origin) => ({ keys: 'newMessages', vars: { sender: unread.senderName ?? '', count: unread.count }, paragraphs: ['body'], link: `${origin}/chats/${job.conversationId}` }),
    { conversationId: job.conversationId, upToMessageId: unread.newest },
  );
}

/** The likes job: one like or match by name, several as a count ("3 new likes"), at most hourly. */
export async function handleLikes(deps: NoticeDeps, resend: Resend, job: LikesJob, now = new Date()): Promise<void> {
  const member = await recipient(deps.db, job.recipientId);
  if (!member) return;
  const last = await lastMail(deps.db, member.id, 'likes');
  const gapEnds = last ? last.sentAt.getTime() + LIKES_MAIL_GAP_MINUTES * 60_000 : 0;
  if (gapEnds > now.getTime()) {
    await resend(MAIL_LIKES, job, { singletonKey: String(member.id), startAfter: new Date(gapEnds) });
    return;
  }
  const since = new Date(Math.max(last?.sentAt.getTime() ?? 0, now.getTime() - LIKES_LOOKBACK_DAYS * 86_400_000));
  const likes = await newLikesSince(deps.db, member.id, since);
  const newest = likes[0];
  if (!newest) return;
  await sendNotice(
    deps,
    member,
    'likes',
    (origin) =>
      likes.length > 1
        ? { keys: 'likes.many', vars: { count: likes.length }, paragraphs: ['body'], link: `${origin}/likes` }
        : newest.match
          ? { keys: 'likes.match', vars: { liker: newest.name }, paragraphs: ['body'], link: `${origin}/likes/matches` }
          : { keys: 'likes.one', vars: { liker: newest.name }, paragraphs: ['body'], link: `${origin}/members/${newest.likerId}` },
    { ref: String(likes.length) },
  );
}
