import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { liveClientMessageSchema, sendMessageSchema, type LiveEvent, type LiveServerMessage } from '../../common/chat/chat-schema';
import type { Locale } from '../../common/reference/countries';
import { sendMessage, typingTarget } from '../domain/chat/chat-service';
import { currentSeq, eventsAfter } from '../domain/member-events/member-events-repository';
import { presentEvent } from '../domain/member-events/present-event';
import { ApiError } from '../http/api-error';
import { hasNulCharacter } from '../plugins/text-input';
import { errorCode } from '../plugins/error-handler';
import type { AckBatcher } from './ack-batcher';
import type { BusMessage, LiveBus } from './live-bus';
import { isDistributedBus } from './redis-bus';

/** Events read from the database per query when replaying or filling a gap. */
const REPLAY_PAGE = 500;
export const TYPING_INTERVAL_MS = 1000;
/**
 * How long a later event waits for the ones before it to come over the bus before they are
 * read from the database. With several processes a member's events are published by
 * different processes, and Redis may pass on a later one first: in the chat bench at
 * 1,000 msg/s about one message in ten reached its member's process out of order, and
 * each such gap cost two statements and a round trip; the missing event usually follows
 * within a millisecond.
 */
export const GAP_WAIT_MS = 10;
/** A browser that reads this much slower than events come is dropped; it resumes on reconnect. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export const CLOSE_NOT_LOGGED_IN = 4401;
export const CLOSE_BAD_ORIGIN = 4403;
export const CLOSE_UNSUPPORTED = 1003;
export const CLOSE_POLICY = 1008;
export const CLOSE_SERVER_ERROR = 1011;

/** What every connection of one app shares (one object, not one per connection). */
export interface LiveContext {
  app: FastifyInstance;
  bus: LiveBus;
  /** Frames a member may send per second over all their connections; false: over the limit. */
  admit(memberId: number): 'ok' | 'over' | 'abuse';
  /** Delivery acknowledgements of all connections, written together. */
  acks: AckBatcher;
}

/** Marks "re-read the database": queued after a bus reconnect, when messages may have been lost. */
const CATCH_UP = null;

/**
 * One member's WebSocket: the resume handshake, live events in seq order exactly once,
 * acknowledgements, typing and sends. Kept small: an idle connection holds a few numbers
 * and the bus subscription (acknowledgements wait in the process's AckBatcher).
 */
export class LiveSession {
  /** Highest seq sent on this connection; -1 until hello. */
  private lastSent = -1;
  private unsubscribe: (() => void) | null = null;
  /** Non-null while events are being read from the database: live ones wait here, in order. */
  private queue: (BusMessage | typeof CATCH_UP)[] | null = null;
  /** Events after a gap, waiting up to GAP_WAIT_MS for the missing ones to come over the bus. */
  private early: Extract<BusMessage, { type: 'event' }>[] | null = null;
  private gapTimer: NodeJS.Timeout | null = null;
  private lastTypingAt = 0;
  /** Sends run one after another so that a conversation keeps the member's order. */
  private sending: Promise<void> = Promise.resolve();
  /** Answered the last ping (the shared interval terminates connections that did not). */
  alive = true;
  private corked = false;

  constructor(
    private readonly ctx: LiveContext,
    readonly socket: WebSocket,
    readonly memberId: number,
    readonly siteId: number,
    /** The session's token hash: every send checks that the session is still live (a log-out elsewhere ends sending). */
    readonly sessionHash: string,
    private readonly locale: Locale,
  ) {}

  onFrame(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    const admitted = this.ctx.admit(this.memberId);
    if (admitted === 'abuse') return this.socket.close(CLOSE_POLICY, 'rate limit');
    let frame: unknown;
    try {
      if (isBinary) throw new Error('binary');
      frame = JSON.parse(String(data));
    } catch {
      return this.socket.close(CLOSE_UNSUPPORTED, 'invalid frame');
    }
    // PostgreSQL text cannot hold NUL: such a send is invalid input, like over HTTP.
    if (hasNulCharacter(frame)) {
      const send = frame as { type?: unknown; message?: unknown };
      return send.type === 'send' ? this.refuseSend(send.message, 400, 'errors.invalidInput') : undefined;
    }
    const parsed = liveClientMessageSchema.safeParse(frame);
    // Unknown or malformed messages are ignored: a newer browser may speak more.
    if (!parsed.success) return;
    const message = parsed.data;
    if (admitted === 'over') {
      if (message.type === 'send') this.refuseSend(message.message, 429, 'errors.tooManyRequests');
      return;
    }
    switch (message.type) {
      case 'hello':
        return void this.hello(message.after).catch((err: unknown) => this.fail(err));
      case 'ack':
        return this.ack(message.seq);
      case 'typing':
        return void this.typing(message.conversation).catch((err: unknown) => this.fail(err));
      case 'send':
        this.sending = this.sending.then(() => this.send(message.message)).catch((err: unknown) => this.fail(err));
    }
  }

  /** The connection ended: stop listening (its acknowledgements are already with the batcher). */
  closed(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.queue = null;
    this.stopWaiting();
  }

  /** The bus may have lost messages (Redis reconnected): read what came since lastSent. */
  catchUp(): void {
    if (this.lastSent < 0 || !this.unsubscribe) return;
    this.enqueue(CATCH_UP);
  }

  private async hello(after: number | null): Promise<void> {
    if (this.unsubscribe) return; // One hello per connection.
    // Listen before reading the database so that nothing committed in between is missed;
    // what arrives meanwhile waits in the queue and is sent after the replay, deduplicated by seq.
    this.queue = [];
    this.unsubscribe = this.ctx.bus.subscribe(this.memberId, (m) => this.onBus(m));
    if (isDistributedBus(this.ctx.bus)) await this.ctx.bus.whenSubscribed(this.memberId);
    const db = this.ctx.app.database.db;
    if (after === null) this.lastSent = await currentSeq(db, this.memberId);
    else {
      this.lastSent = after;
      await this.replayAfterLastSent();
    }
    if (!this.unsubscribe) return;
    this.write({ type: 'ready', seq: this.lastSent });
    await this.drain();
  }

  private onBus(message: BusMessage): void {
    if (message.type === 'typing') {
      if (this.lastSent >= 0) this.write({ type: 'typing', conversation: message.conversation });
      return;
    }
    this.enqueue(message);
  }

  private enqueue(message: BusMessage | typeof CATCH_UP): void {
    if (this.queue) {
      this.queue.push(message);
      return;
    }
    if (message && message.type === 'event') {
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
  private fillGap(first?: BusMessage | typeof CATCH_UP): void {
    const early = (this.early ?? []).sort((a, b) => a.seq - b.seq);
    this.stopWaiting();
    const queued: (BusMessage | typeof CATCH_UP)[] = first === undefined ? early : [first, ...early];
    if (queued.length === 0 || !this.unsubscribe) return;
    if (this.queue) {
      this.queue.push(...queued);
      return;
    }
    this.queue = queued;
    void this.drain().catch((err: unknown) => this.fail(err));
  }

  /** Sends the queued live events in order, reading gaps from the database. */
  private async drain(): Promise<void> {
    while (this.queue && this.queue.length > 0) {
      const message = this.queue.shift()!;
      if (message === CATCH_UP) await this.replayAfterLastSent();
      else if (message.type !== 'event' || message.seq <= this.lastSent) continue;
      else if (message.seq === this.lastSent + 1) this.emit(message.seq, message.event as LiveEvent);
      // A gap: another process published a later event first. The database has them all.
      else await this.replayAfterLastSent();
    }
    this.queue = null;
  }

  /** Sends what the database holds after lastSent, or a reset when that is gone. */
  private async replayAfterLastSent(): Promise<void> {
    const db = this.ctx.app.database.db;
    for (;;) {
      const result = await eventsAfter(db, this.memberId, this.lastSent, REPLAY_PAGE);
      if (!this.unsubscribe) return;
      if (result.reset) {
        this.lastSent = result.seq;
        this.write({ type: 'reset', seq: result.seq });
        return;
      }
      for (const e of result.events) if (e.seq > this.lastSent) this.emit(e.seq, e.event);
      if (result.events.length < REPLAY_PAGE) return;
    }
  }

  private emit(seq: number, event: LiveEvent): void {
    this.lastSent = seq;
    this.write({ type: 'event', seq, event: presentEvent(this.ctx.app.photoUrls, event) });
  }

  /** Delivery receipts: only what this connection sent can have been received. */
  private ack(seq: number): void {
    const upTo = Math.min(seq, this.lastSent);
    if (upTo > 0) this.ctx.acks.add(this.memberId, upTo);
  }

  private async typing(conversation: number): Promise<void> {
    const now = Date.now();
    if (now - this.lastTypingAt < TYPING_INTERVAL_MS) return;
    this.lastTypingAt = now;
    const other = await typingTarget(this.ctx.app.database.db, this.memberId, conversation);
    if (other !== null) this.ctx.bus.publish(other, { type: 'typing', conversation, from: this.memberId });
  }

  private async send(raw: unknown): Promise<void> {
    const parsed = sendMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const key = parsed.error.issues.find((i) => /^(\w+:)?errors\.\w+$/.test(i.message))?.message ?? 'errors.invalidInput';
      return this.refuseSend(raw, 400, key);
    }
    try {
      const result = await sendMessage(this.ctx.app, { id: this.memberId, siteId: this.siteId }, parsed.data, this.sessionHash);
      this.write({ type: 'sent', client_id: parsed.data.client_id, result });
    } catch (error) {
      // Logged out elsewhere (or the account was disabled): this connection ends too.
      if (error instanceof ApiError && error.key === 'errors.authRequired') return this.socket.close(CLOSE_NOT_LOGGED_IN, 'not logged in');
      if (error instanceof ApiError) return this.refuseSend(raw, error.statusCode, error.key, error.vars);
      this.ctx.app.log.error({ err: error }, 'live send failed');
      this.refuseSend(raw, 500, 'errors.generic');
    }
  }

  private refuseSend(raw: unknown, status: number, key: string, vars: Record<string, string | number> = {}): void {
    const id = (raw as { client_id?: unknown } | null)?.client_id;
    const message = this.ctx.app.translations.t(this.locale)(key, vars);
    this.write({ type: 'send_error', client_id: typeof id === 'string' ? id.slice(0, 64) : '', status, error: { code: errorCode(key), message } });
  }

  private write(message: LiveServerMessage): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) return void this.socket.terminate();
    this.corkUntilNextTick();
    this.socket.send(JSON.stringify(message));
  }

  /**
   * Frames written in the same turn of the event loop leave in one system call (a send's
   * own event and its answer, a replay): the TCP socket (ws keeps it as `_socket`) is
   * corked until the next tick.
   */
  private corkUntilNextTick(): void {
    if (this.corked) return;
    const tcp = (this.socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    if (!tcp) return;
    this.corked = true;
    tcp.cork();
    process.nextTick(() => {
      this.corked = false;
      tcp.uncork();
    });
  }

  /** A database or bus failure: the browser reconnects and resumes from what it saw. */
  private fail(err: unknown): void {
    this.ctx.app.log.error({ err }, 'live connection failed');
    this.socket.close(CLOSE_SERVER_ERROR, 'server error');
  }
}
