import type { FastifyBaseLogger } from 'fastify';
import { acknowledgeMany, type ChatDeps } from '../domain/chat/chat-service';

/** Acknowledgements wait at most this long to be written together. */
export const ACK_BATCH_MS = 100;
/** PostgreSQL's "deadlock detected": the batch is written again (receipts touch many rows). */
const DEADLOCK = '40P01';
const RETRIES = 2;

/**
 * The delivery acknowledgements of all of a process's live connections, written together:
 * per member the highest seq a device received, one transaction per batch (at most one
 * running; what comes meanwhile forms the next). Delivered ticks cost no database round trip
 * per message, however many members chat at once.
 */
export class AckBatcher {
  private pending = new Map<number, number>();
  /** Per member with a connection here: the seq acknowledged last (receipts read only the events after it). */
  private written = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly chat: Pick<ChatDeps, 'db' | 'bus'>,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    /** Whether the member still has a connection on this process (else their last seq is not kept). */
    private readonly connected: (memberId: number) => boolean,
    private readonly delayMs = ACK_BATCH_MS,
  ) {}

  /** A device of `memberId` received the member's events up to `seq`. */
  add(memberId: number, seq: number): void {
    if ((this.pending.get(memberId) ?? this.written.get(memberId) ?? 0) >= seq) return;
    this.pending.set(memberId, seq);
    this.schedule();
  }

  /** Writes what waits now (and waits for a batch already being written). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.running) await this.running;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.running = this.write(batch).finally(() => {
      this.running = null;
      if (this.pending.size > 0) this.schedule();
    });
    await this.running;
  }

  /** The member's last connection here closed. */
  forget(memberId: number): void {
    this.written.delete(memberId);
  }

  private schedule(): void {
    if (this.timer || this.running) return;
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  private async write(batch: Map<number, number>): Promise<void> {
    const acks = new Map([...batch].map(([memberId, seq]) => [memberId, { seq, after: this.written.get(memberId) ?? 0 }]));
    for (let attempt = 0; ; attempt += 1) {
      try {
        await acknowledgeMany(this.chat, acks);
        for (const [memberId, seq] of batch) if (this.connected(memberId)) this.written.set(memberId, Math.max(seq, this.written.get(memberId) ?? 0));
        return;
      } catch (err) {
        if ((err as { code?: string }).code === DEADLOCK && attempt < RETRIES) continue;
        // Receipts are a courtesy: the messages themselves are delivered; the next ack moves the ticks on.
        this.log.warn({ err, members: batch.size }, 'live acknowledgements failed');
        return;
      }
    }
  }
}
