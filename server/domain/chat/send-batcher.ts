import type pg from 'pg';

/** One send as rv_chat_send takes it (migration 0009). */
export interface SendItem {
  session_hash: string | null;
  sender: number;
  site: number;
  profile: number;
  client_id: string;
  kind: string;
  body: string;
  photo_id: number | null;
  gift: string | null;
  cost: number;
  free_messages: number;
  free_conversations: number;
}

/** The batch's statement: its prepared name and text (one jsonb parameter, the SendItems). */
export const SEND_MANY_STATEMENT = { name: 'rv_chat_send_many', text: 'select rv_chat_send_many($1::jsonb) as r' } as const;

interface Waiting {
  item: SendItem;
  resolve: (answer: unknown) => void;
  reject: (error: unknown) => void;
}

/** At most this many sends share one call. */
const MAX_BATCH = 100;
/**
 * Batches of one process in the database at once (several processes each have theirs). One:
 * what arrives while a batch runs goes in the next, so batches grow with the load, and a
 * batch of five costs the database a third less per send than one of one (decision 0009).
 * Measured at 1,000 msg/s on 2 cores (chat bench, 2026-11-23, three runs of three rounds
 * per setup and count): PostgreSQL's CPU per message 0.58-0.65 ms with one in flight against
 * 0.67-0.77 ms with two, in one process; 0.74-0.86 against 0.76-0.91 ms across two
 * processes, whose p99 was 33-53 ms against 44-69 ms (one process: 25-40 against 22-38 ms).
 * Two in flight had been measured better (p99 140 against 202 ms) when every send of a
 * batch was a call of its own.
 */
const MAX_IN_FLIGHT = 1;

/**
 * Group commit for chat sends (decision 0009): a send that arrives while the process's
 * batch is in the database waits for it to finish and then goes with every other send that
 * arrived meanwhile, in one call (rv_chat_send_many) and one transaction, in arrival order.
 * Alone, a send goes at once. With more than one batch in flight (`maxInFlight`), a member
 * with a send in the database waits for it before their next send joins a batch, so the
 * batches in flight never wait for each other's locks (within a process). If a batch fails
 * as a whole (a deadlock, or one broken send), each of its sends is tried alone, so one
 * cannot fail the others; a send is idempotent by its client id, so trying again never
 * stores it twice.
 */
export class SendBatcher {
  private queue: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** Members with a send in a batch in the database, and how many such sends. */
  private readonly busy = new Map<number, number>();

  constructor(
    private readonly pool: pg.Pool,
    /**
     * Prepare the call once per connection (a named statement). Not on the embedded database:
     * its connections share one session, which keeps a name a reset connection's successor
     * does not know about.
     */
    private readonly prepared: boolean,
    private readonly maxInFlight = MAX_IN_FLIGHT,
  ) {}

  /** rv_chat_send's answer for `item`. */
  send(item: SendItem): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    // Sends that arrive in the same turn of the event loop go together.
    setImmediate(() => {
      this.scheduled = false;
      while (this.inFlight < this.maxInFlight) {
        const batch = this.take();
        if (batch.length === 0) return;
        this.inFlight += 1;
        for (const w of batch) this.hold(w.item, 1);
        void this.run(batch).finally(() => {
          for (const w of batch) this.hold(w.item, -1);
          this.inFlight -= 1;
          this.schedule();
        });
      }
    });
  }

  /**
   * The next batch: the waiting sends in arrival order, except those of a member who has a
   * send in the database now (the two batches would wait for each other's row locks;
   * measured, such waits made the slowest deliveries), and every later send of a sender
   * passed over, so that each member's sends (credits, the free conversations) and each
   * conversation's go in the order they came.
   */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const passed = new Set<number>();
    for (const w of this.queue) {
      const { sender, profile } = w.item;
      if (batch.length < MAX_BATCH && !this.busy.has(sender) && !this.busy.has(profile) && !passed.has(sender)) {
        batch.push(w);
      } else {
        rest.push(w);
        passed.add(sender);
      }
    }
    this.queue = rest;
    return batch;
  }

  /** Counts the members of a send in the database (+1) or out of it (-1). */
  private hold(item: SendItem, delta: 1 | -1): void {
    for (const id of new Set([item.sender, item.profile])) {
      const n = (this.busy.get(id) ?? 0) + delta;
      if (n > 0) this.busy.set(id, n);
      else this.busy.delete(id);
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    try {
      const answers = await this.call(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(answers[i]));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const w of batch) {
        try {
          w.resolve((await this.call([w.item]))[0]);
        } catch (alone) {
          w.reject(alone);
        }
      }
    }
  }

  private async call(items: SendItem[]): Promise<unknown[]> {
    const { rows } = await this.pool.query<{ r: unknown[] }>({
      ...(this.prepared ? { name: SEND_MANY_STATEMENT.name } : {}),
      text: SEND_MANY_STATEMENT.text,
      values: [JSON.stringify(items)],
    });
    return rows[0]!.r;
  }
}
