import type { LiveEvent } from '../../common/chat/chat-schema';
import type { Db } from '../db/database';
import { currentSeq, eventsAfter } from '../domain/member-events/member-events-repository';
import type { BusMessage } from './live-bus';

/** Events read from the database per query when replaying or filling a gap. */
const REPLAY_PAGE = 500;
/**
 * How long a later event waits for the ones before it to come over the bus before they are
 * read from the database. With several processes a member's events are published by
 * different processes, and Redis may pass on a later one first: in the chat bench at
 * 1,000 msg/s about one message in ten reached its member's process out of order, and
 * each such gap cost two statements and a round trip; the missing event usually follows
 * within a millisecond.
 */
export const GAP_WAIT_MS = 10;

/** Marks "re-read the database": queued after a bus reconnect, when messages may have been lost. */
const CATCH_UP = null;

type EventMessage = Extract<BusMessage, { type: 'event' }>;

export interface EventStreamOutput {
  /** The next event in seq order (stored form; the session signs it). */
  event(seq: number, event: LiveEvent): void;
  /** The events after what the tab saw are gone: it reloads its state and continues from `seq`. */
  reset(seq: number): void;
  /** The connection still listens (it may close while the database is read). */
  isOpen(): boolean;
  fail(err: unknown): void;
}

/**
 * One member's events on one connection in seq order, exactly once: live ones from the bus
 * as they come, missing ones (a gap, a replay after hello, a bus that reconnected) read from
 * the database while the live ones wait in order behind them.
 */
export class MemberEventStream {
  /** Highest seq sent on this connection; -1 until hello. */
  lastSent = -1;
  /** Non-null while events are being read from the database: live ones wait here, in order. */
  private queue: (EventMessage | typeof CATCH_UP)[] | null = null;
  /** Events after a gap, waiting up to GAP_WAIT_MS for the missing ones to come over the bus. */
  private early: EventMessage[] | null = null;
  private gapTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly memberId: number,
    private readonly out: EventStreamOutput,
  ) {}

  /** Call before subscribing to the bus: what arrives while the database is read waits, deduplicated by seq. */
  hold(): void {
    this.queue = [];
  }

  /** Starts after `after` (replaying what the tab missed), or from now when null. */
  async resume(after: number | null): Promise<void> {
    if (after === null) this.lastSent = await currentSeq(this.db, this.memberId);
    else {
      this.lastSent = after;
      await this.replayAfterLastSent();
    }
  }

  /** Sends what waited during resume, then passes live events straight through. */
  release(): Promise<void> {
    return this.drain();
  }

  /** The bus may have lost messages (Redis reconnected): read what came since lastSent. */
  catchUp(): void {
    if (this.lastSent >= 0) this.enqueue(CATCH_UP);
  }

  close(): void {
    this.queue = null;
    this.stopWaiting();
  }

  enqueue(message: EventMessage | typeof CATCH_UP): void {
    if (this.queue) {
      this.queue.push(message);
      return;
    }
    if (message) {
      // The common case: the next event, sent at once without touching the database.
      if (message.seq <= this.lastSent + 1) {
        if (message.seq === this.lastSent + 1) {
          this.emit(message.seq, message.event as LiveEvent);
          this.sendEarly();
        }
        return;
      }
      // A gap: the events before this one are most likely still on their way.
      (this.early ??= []).push(message);
      this.gapTimer ??= setTimeout(() => this.fillGap(), GAP_WAIT_MS);
      return;
    }
    this.fillGap(message);
  }

  /** Sends the early events that follow on from lastSent; stops waiting when none is left. */
  private sendEarly(): void {
    if (!this.early) return;
    this.early.sort((a, b) => a.seq - b.seq);
    while (this.early.length > 0 && this.early[0]!.seq <= this.lastSent + 1) {
      const next = this.early.shift()!;
      if (next.seq === this.lastSent + 1) this.emit(next.seq, next.event as LiveEvent);
    }
    if (this.early.length === 0) this.stopWaiting();
  }

  private stopWaiting(): void {
    this.early = null;
    if (this.gapTimer) clearTimeout(this.gapTimer);
    this.gapTimer = null;
  }

  /** Reads from the database what the early events (and `first`, if any) need, then sends them in order. */
  private fillGap(first?: EventMessage | typeof CATCH_UP): void {
    const early = (this.early ?? []).sort((a, b) => a.seq - b.seq);
    this.stopWaiting();
    const queued: (EventMessage | typeof CATCH_UP)[] = first === undefined ? early : [first, ...early];
    if (queued.length === 0 || !this.out.isOpen()) return;
    if (this.queue) {
      this.queue.push(...queued);
      return;
    }
    this.queue = queued;
    void this.drain().catch((err: unknown) => this.out.fail(err));
  }

  /** Sends the queued live events in order, reading gaps from the database. */
  private async drain(): Promise<void> {
    while (this.queue && this.queue.length > 0) {
      const message = this.queue.shift()!;
      if (message === CATCH_UP) await this.replayAfterLastSent();
      else if (message.seq <= this.lastSent) continue;
      else if (message.seq === this.lastSent + 1) this.emit(message.seq, message.event as LiveEvent);
      // A gap: another process published a later event first. The database has them all.
      else await this.replayAfterLastSent();
    }
    this.queue = null;
  }

  /** Sends what the database holds after lastSent, or a reset when that is gone. */
  private async replayAfterLastSent(): Promise<void> {
    for (;;) {
      const result = await eventsAfter(this.db, this.memberId, this.lastSent, REPLAY_PAGE);
      if (!this.out.isOpen()) return;
      if (result.reset) {
        this.lastSent = result.seq;
        this.out.reset(result.seq);
        return;
      }
      for (const e of result.events) if (e.seq > this.lastSent) this.emit(e.seq, e.event);
      if (result.events.length < REPLAY_PAGE) return;
    }
  }

  private emit(seq: number, event: LiveEvent): void {
    this.lastSent = seq;
    this.out.event(seq, event);
  }
}
