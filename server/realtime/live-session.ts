import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { liveClientMessageSchema, sendMessageSchema, type LiveServerMessage } from '../../common/chat/chat-schema';
import type { Locale } from '../../common/reference/countries';
import { sendMessage, typingTarget, type ChatDeps } from '../domain/chat/chat-service';
import { presentEvent } from '../domain/member-events/present-event';
import { ApiError } from '../http/api-error';
import { hasNulCharacter } from '../plugins/text-input';
import { errorCode } from '../plugins/error-handler';
import type { ServerTranslations } from '../i18n/server-translations';
import type { AckBatcher } from './ack-batcher';
import type { BusMessage, LiveBus } from './live-bus';
import { MemberEventStream } from './member-event-stream';
import { isDistributedBus } from './redis-bus';
import { SocketWriter } from './socket-writer';

export const TYPING_INTERVAL_MS = 1000;

export const CLOSE_NOT_LOGGED_IN = 4401;
export const CLOSE_BAD_ORIGIN = 4403;
export const CLOSE_UNSUPPORTED = 1003;
export const CLOSE_POLICY = 1008;
export const CLOSE_SERVER_ERROR = 1011;

/** What every connection of one app shares (one object, not one per connection). */
export interface LiveContext {
  /** What sends and reads need (server/app.ts builds it once). */
  chat: ChatDeps;
  translations: ServerTranslations;
  log: Pick<FastifyBaseLogger, 'error'>;
  bus: LiveBus;
  /** Frames a member may send per second over all their connections; false: over the limit. */
  admit(memberId: number): 'ok' | 'over' | 'abuse';
  /** Delivery acknowledgements of all connections, written together. */
  acks: AckBatcher;
}

/**
 * One member's WebSocket: the resume handshake, then live events in seq order exactly once
 * (member-event-stream.ts), acknowledgements, typing and sends. Kept small: an idle
 * connection holds a few numbers and the bus subscription (acknowledgements wait in the
 * process's AckBatcher).
 */
export class LiveSession {
  private unsubscribe: (() => void) | null = null;
  private readonly events: MemberEventStream;
  private readonly writer: SocketWriter;
  private lastTypingAt = 0;
  /** Sends run one after another so that a conversation keeps the member's order. */
  private sending: Promise<void> = Promise.resolve();
  /** Answered the last ping (the shared interval terminates connections that did not). */
  alive = true;

  constructor(
    private readonly ctx: LiveContext,
    readonly socket: WebSocket,
    readonly memberId: number,
    readonly siteId: number,
    /** The session's token hash: every send checks that the session is still live (a log-out elsewhere ends sending). */
    readonly sessionHash: string,
    private readonly locale: Locale,
  ) {
    this.writer = new SocketWriter(socket);
    this.events = new MemberEventStream(ctx.chat.db, memberId, {
      event: (seq, event) => this.write({ type: 'event', seq, event: presentEvent(ctx.chat.urls, event) }),
      reset: (seq) => this.write({ type: 'reset', seq }),
      isOpen: () => this.unsubscribe !== null,
      fail: (err) => this.fail(err),
    });
  }

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
    this.events.close();
  }

  /** The bus may have lost messages (Redis reconnected): read what came since lastSent. */
  catchUp(): void {
    if (this.unsubscribe) this.events.catchUp();
  }

  private async hello(after: number | null): Promise<void> {
    if (this.unsubscribe) return; // One hello per connection.
    // Listen before reading the database so that nothing committed in between is missed;
    // what arrives meanwhile waits in the queue and is sent after the replay, deduplicated by seq.
    this.events.hold();
    this.unsubscribe = this.ctx.bus.subscribe(this.memberId, (m) => this.onBus(m));
    if (isDistributedBus(this.ctx.bus)) await this.ctx.bus.whenSubscribed(this.memberId);
    await this.events.resume(after);
    if (!this.unsubscribe) return;
    this.write({ type: 'ready', seq: this.events.lastSent });
    await this.events.release();
  }

  private onBus(message: BusMessage): void {
    if (message.type === 'typing') {
      if (this.events.lastSent >= 0) this.write({ type: 'typing', conversation: message.conversation });
      return;
    }
    this.events.enqueue(message);
  }

  /** Delivery receipts: only what this connection sent can have been received. */
  private ack(seq: number): void {
    const upTo = Math.min(seq, this.events.lastSent);
    if (upTo > 0) this.ctx.acks.add(this.memberId, upTo);
  }

  private async typing(conversation: number): Promise<void> {
    const now = Date.now();
    if (now - this.lastTypingAt < TYPING_INTERVAL_MS) return;
    this.lastTypingAt = now;
    const other = await typingTarget(this.ctx.chat.db, this.memberId, conversation);
    if (other !== null) this.ctx.bus.publish(other, { type: 'typing', conversation, from: this.memberId });
  }

  private async send(raw: unknown): Promise<void> {
    const parsed = sendMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const key = parsed.error.issues.find((i) => /^(\w+:)?errors\.\w+$/.test(i.message))?.message ?? 'errors.invalidInput';
      return this.refuseSend(raw, 400, key);
    }
    try {
      const result = await sendMessage(this.ctx.chat, { id: this.memberId, siteId: this.siteId }, parsed.data, this.sessionHash);
      this.write({ type: 'sent', client_id: parsed.data.client_id, result });
    } catch (error) {
      // Logged out elsewhere (or the account was disabled): this connection ends too.
      if (error instanceof ApiError && error.key === 'errors.authRequired') return this.socket.close(CLOSE_NOT_LOGGED_IN, 'not logged in');
      if (error instanceof ApiError) return this.refuseSend(raw, error.statusCode, error.key, error.vars);
      this.ctx.log.error({ err: error }, 'live send failed');
      this.refuseSend(raw, 500, 'errors.generic');
    }
  }

  private refuseSend(raw: unknown, status: number, key: string, vars: Record<string, string | number> = {}): void {
    const id = (raw as { client_id?: unknown } | null)?.client_id;
    const message = this.ctx.translations.t(this.locale)(key, vars);
    this.write({ type: 'send_error', client_id: typeof id === 'string' ? id.slice(0, 64) : '', status, error: { code: errorCode(key), message } });
  }

  private write(message: LiveServerMessage): void {
    this.writer.write(message);
  }

  /** A database or bus failure: the browser reconnects and resumes from what it saw. */
  private fail(err: unknown): void {
    this.ctx.log.error({ err }, 'live connection failed');
    this.socket.close(CLOSE_SERVER_ERROR, 'server error');
  }
}
