import { ExpiringEntries } from './expiring-entries';
import { WaitingMailJobs } from './mail-notifications';

/** How long what a worker learned about a recipient is trusted. */
export const RECIPIENT_REACH_TTL_MS = 60_000;

interface Reach {
  /** A device and an account a push goes to. */
  push: boolean;
  /** May get the new-messages mail. */
  mail: boolean;
  until: number;
}

/**
 * What this process knows about whether a message notice can come to anything, so that a
 * busy chat does not queue one per message: the conversations whose new-messages mail job
 * waits, and what the notice worker found out about recipients in the last minute (no device,
 * mail or not). A notice is needless when its recipient can get no push and either no mail or
 * the mail job that waits will cover the message. What the worker learned is forgotten when
 * the member saves a device or their notification settings in this process, and after a
 * minute anyway (another process's change: at worst a minute without a push or a mail job,
 * which the daily unread reminder still covers).
 */
export class MessageNoticeFilter {
  readonly waitingMails = new WaitingMailJobs();
  private readonly reach: ExpiringEntries<number, Reach>;

  constructor(limit = 100_000) {
    this.reach = new ExpiringEntries(limit);
  }

  needless(recipientId: number, conversationId: number, now = Date.now()): boolean {
    const known = this.reach.get(recipientId, now);
    if (!known || known.push) return false;
    return !known.mail || !this.waitingMails.free(`${recipientId}:${conversationId}`, now);
  }

  /** What the worker found for a message that did not open its conversation. */
  learned(recipientId: number, push: boolean, mail: boolean, now = Date.now()): void {
    this.reach.set(recipientId, { push, mail, until: now + RECIPIENT_REACH_TTL_MS }, now);
  }

  /** The member changed what they can get (a device saved, notification settings). */
  forget(recipientId: number): void {
    this.reach.delete(recipientId);
  }
}
