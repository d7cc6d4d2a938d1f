import type { FastifyInstance } from 'fastify';
import type { LiveEvent } from '../../../common/chat/chat-schema';
import {
  handleLikes,
  handleNewConversation,
  handleNewMessages,
  mailAboutLike,
  MAIL_LIKES,
  MAIL_NEW_CONVERSATION,
  MAIL_NEW_MESSAGES,
  conversationKey,
  type WaitingMailJobs,
  type ConversationJob,
  type LikesJob,
} from './mail-notifications';
import { handleNoticeJob, MAIL_NOTICE, type NoticeJob } from './mail-digests';
import { noticeDeps } from './notification-mail';
import type { MessageNoticeFilter } from './message-notice-filter';
import { handleMessageNotices } from './message-notices';
import { pushAboutLike } from './push-notifications';

/** A message the recipient may want to hear about (push now, e-mail as batching allows). */
export interface MessageNotice {
  recipientId: number;
  messageId: number;
  conversationId: number;
}

/** A like (or match) the liked member may want to hear about. */
export interface LikeNotice {
  recipientId: number;
  likerId: number;
  match: boolean;
}

/** A queue as server/jobs' JobQueue takes it (domains do not import the job queue): jobs one by one, or gathered. */
export type NoticeQueue<T> = {
  name: string;
  batchSize: number;
  pollingIntervalSeconds: number;
  policy?: 'standard' | 'short';
} & ({ handle(data: T): Promise<void>; handleGathered?: never } | { handleGathered(items: T[]): Promise<void>; handle?: never });

export const NOTIFY_MESSAGE = 'notify-message';
export const NOTIFY_LIKE = 'notify-like';

/**
 * The queues that turn committed events into pushes and mails. Each handler reads the state
 * again when it runs (blocked since, read since, preferences) and is safe to run twice.
 */
export function notificationQueues(app: FastifyInstance, filter: MessageNoticeFilter): [NoticeQueue<MessageNotice>, NoticeQueue<LikeNotice>, ...MailQueues] {
  return [
    // A busy chat gives a notice per message: they are stored and handled together, set-based.
    {
      name: NOTIFY_MESSAGE,
      batchSize: 10,
      pollingIntervalSeconds: 1,
      handleGathered: (notices) => handleMessageNotices(app, notices, filter),
    },
    {
      name: NOTIFY_LIKE,
      batchSize: 20,
      pollingIntervalSeconds: 1,
      // The push goes first: a failed mail step retries the job, and the push's tag replaces its copy.
      async handle(notice) {
        await pushAboutLike(app, notice);
        await mailAboutLike(app, notice);
      },
    },
    ...mailQueues(app, filter.waitingMails),
  ];
}

type MailQueues = [NoticeQueue<MessageNotice>, NoticeQueue<ConversationJob>, NoticeQueue<LikesJob>, NoticeQueue<NoticeJob>];

/** The delayed, debounced mail jobs (one waiting per conversation or member) and the scheduled mails' queue. */
function mailQueues(app: FastifyInstance, waitingMails: WaitingMailJobs): MailQueues {
  const deps = () => noticeDeps(app);
  const resend = (name: string, data: object, options: { singletonKey: string; startAfter: Date }) => app.jobs.send(name, data, options);
  return [
    {
      name: MAIL_NEW_CONVERSATION,
      batchSize: 20,
      pollingIntervalSeconds: 2,
      handle: (notice) => handleNewConversation(deps(), notice),
    },
    {
      name: MAIL_NEW_MESSAGES,
      policy: 'short',
      batchSize: 20,
      pollingIntervalSeconds: 5,
      handle: async (job) => {
        waitingMails.forget(conversationKey(job));
        await handleNewMessages(deps(), resend, job);
      },
    },
    {
      name: MAIL_LIKES,
      policy: 'short',
      batchSize: 20,
      pollingIntervalSeconds: 5,
      handle: (job) => handleLikes(deps(), resend, job),
    },
    // Weekly updates and news reach every member: a sizeable batch keeps SMTP busy.
    {
      name: MAIL_NOTICE,
      batchSize: 100,
      pollingIntervalSeconds: 5,
      handle: async (job) => void (await handleNoticeJob(deps(), job)),
    },
  ];
}

/** The notices a committed live event gives rise to (the other member's messages and likes only). */
export function noticeOf(memberId: number, event: LiveEvent): { queue: string; data: MessageNotice | LikeNotice } | null {
  if (event.kind === 'message' && !event.message.mine) {
    return {
      queue: NOTIFY_MESSAGE,
      data: {
        recipientId: memberId,
        messageId: event.message.id,
        conversationId: event.message.conversation,
      },
    };
  }
  if (event.kind === 'like')
    return {
      queue: NOTIFY_LIKE,
      data: {
        recipientId: memberId,
        likerId: event.profile.id,
        match: event.match,
      },
    };
  return null;
}

/**
 * Queues the notices of each committed event published in this process, but not a message's
 * that `filter` knows can come to nothing. `enqueue` gathers them for a moment and stores them
 * together (JobQueue.enqueue), and logs a failure rather than throwing: the event is stored and
 * delivered live; the unread-message reminder still finds an unread message later.
 */
export function queueNotices(enqueue: (queue: string, data: object) => void, filter: MessageNoticeFilter) {
  return (memberId: number, message: { type: string; event?: unknown }): void => {
    if (message.type !== 'event') return;
    const notice = noticeOf(memberId, message.event as LiveEvent);
    if (!notice) return;
    if ('conversationId' in notice.data && filter.needless(memberId, notice.data.conversationId)) return;
    enqueue(notice.queue, notice.data);
  };
}
