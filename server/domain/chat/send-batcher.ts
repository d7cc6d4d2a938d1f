import type pg from 'pg';
import { sendMany, type SendItem } from './chat-send-repository';

interface Waiting {
  item: SendItem;
  resolve: (answer: unknown) => void;
  reject: (error: unknown) => void;
}

/** At most this many sends share one call (the first that wait, in arrival order). */
const MAX_BATCH = 100;
/**
 * Group commit for chat sends (decision 0009): one batch of a process in the database at a
 * time (several processes each have theirs). A send that arrives while it runs waits for it
 * to finish and then goes with every other send that arrived meanwhile, in one call
 * (rv_chat_send_many) and one transaction, in arrival order, so batches grow with the load
 * and cost the database less per send; two batches in flight cost it more per message
 * (decision 0009). Alone, a send goes at once. If a batch fails as a whole (a
 * deadlock, or one broken send), each of its sends is tried alone, so one cannot fail the
 * others; a send is idempotent by its client id, so trying again never stores it twice.
 */
export class SendBatcher {
  private queue: Waiting[] = [];
  private running = false;
  private scheduled = false;

  constructor(
    private readonly pool: pg.Pool,
    /**
     * Prepare the call once per connection (a named statement). Not on the embedded database:
     * its connections share one session, which keeps a name a reset connection's successor
     * does not know about.
     */
    private readonly prepared: boolean,
  ) {}

  /** rv_chat_send's answer for `item`. */
  send(item: SendItem): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running || this.queue.length === 0) return;
    this.scheduled = true;
    // Sends that arrive in the same turn of the event loop go together.
    setImmediate(() => {
      this.scheduled = false;
      const batch = this.queue.splice(0, MAX_BATCH);
      if (batch.length === 0) return;
      this.running = true;
      void this.run(batch).finally(() => {
        this.running = false;
        this.schedule();
      });
    });
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

  private call(items: SendItem[]): Promise<unknown[]> {
    return sendMany(this.pool, items, this.prepared);
  }
}
