import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { BusMessage, LiveBus } from './live-bus';

/** The Redis channel of one member's live messages. */
export const CHANNEL_PREFIX = 'rv:live:';
export const memberChannel = (memberId: number) => `${CHANNEL_PREFIX}${memberId}`;

/**
 * What a bus across processes adds to LiveBus (LocalBus needs neither): a subscription
 * takes a round trip before messages flow, and a lost Redis connection loses what was
 * published meanwhile. The live route uses both so that a connection misses nothing.
 */
export interface DistributedBus extends LiveBus {
  /** Resolves once the member's channel is subscribed (messages published from now on arrive). */
  whenSubscribed(memberId: number): Promise<void>;
  /** Called after the subscriber reconnected: messages may have been lost, re-read the database. */
  onResync(listener: () => void): () => void;
}

export function isDistributedBus(bus: LiveBus): bus is DistributedBus {
  return typeof (bus as Partial<DistributedBus>).whenSubscribed === 'function';
}

type Listener = (message: BusMessage) => void;

interface Logger {
  warn(obj: object, msg: string): void;
}

/** Length of the origin mark (hex) that starts every payload a process publishes. */
const ORIGIN_LENGTH = 16;

/**
 * Live events across processes through Redis pub/sub: one connection publishes, one
 * subscribes to the channels of the members connected to this process (SUBSCRIBE on the
 * first local listener, UNSUBSCRIBE after the last). ioredis reconnects and subscribes
 * again by itself; publishing while disconnected is queued until the connection is back.
 * Events are stored before they are published, so a lost message is a delay, never a
 * loss: the live route reads the gap from the database.
 *
 * A message for a member connected to this process reaches its listeners here at once, as
 * with LocalBus, and is published for the member's connections elsewhere; every payload
 * starts with the publishing process's origin mark, so the copy Redis hands back to this
 * process is dropped unread. The publishes of one turn of the event loop leave in one write
 * (see flush). Both halve the system calls a message costs across processes (decision 0008).
 */
export class RedisBus implements DistributedBus {
  private readonly listeners = new Map<number, Set<Listener>>();
  /** The SUBSCRIBE in flight or done, per member with local listeners. */
  private readonly subscriptions = new Map<number, Promise<void>>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  /** This process's mark at the start of what it publishes. */
  private readonly origin = randomBytes(ORIGIN_LENGTH / 2).toString('hex');
  /** Channel and payload of the publishes of this turn, written together on the next tick. */
  private pending: [string, string][] = [];
  private closed = false;

  constructor(
    url: string,
    private readonly log: Logger = { warn: () => {} },
  ) {
    // No retry limit per command: a publish waits for the connection rather than failing.
    this.publisher = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true });
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (err: Error) => this.log.warn({ err }, 'redis live bus'));
    }
    this.subscriber.on('message', (channel: string, payload: string) => this.deliver(channel, payload));
    let connectedBefore = false;
    this.subscriber.on('ready', () => {
      if (connectedBefore) for (const listener of this.resyncListeners) listener();
      connectedBefore = true;
    });
  }

  /** Connects both connections; rejects when Redis cannot be reached at start. */
  async connect(): Promise<void> {
    await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
  }

  publish(memberId: number, message: BusMessage): void {
    if (this.closed) return;
    // Queued for the other processes first: a failing listener here cannot keep it from them.
    if (this.pending.length === 0) process.nextTick(() => this.flush());
    this.pending.push([memberChannel(memberId), this.origin + JSON.stringify(message)]);
    const local = this.listeners.get(memberId);
    if (local) for (const listener of local) listener(message);
  }

  /**
   * Writes this turn's publishes, in order, in one write: the connection's socket is corked
   * while ioredis writes them (while it is not ready, ioredis queues them, in order, for the
   * connection's return). Not a pipeline: ioredis's pipeline objects outlived young-generation
   * collections and made the servers' pauses twice as long (decision 0008).
   */
  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    if (this.closed || batch.length === 0) return;
    const failed = (err: unknown) => this.log.warn({ err }, 'redis publish failed');
    const socket = batch.length > 1 && this.publisher.status === 'ready' ? this.publisher.stream : null;
    socket?.cork();
    try {
      for (const [channel, payload] of batch) this.publisher.publish(channel, payload).catch(failed);
    } finally {
      socket?.uncork();
    }
  }

  subscribe(memberId: number, listener: Listener): () => void {
    let set = this.listeners.get(memberId);
    if (!set) {
      this.listeners.set(memberId, (set = new Set()));
      this.subscriptions.set(memberId, this.command(() => this.subscriber.subscribe(memberChannel(memberId))));
    }
    set.add(listener);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      set.delete(listener);
      if (set.size > 0 || this.listeners.get(memberId) !== set) return;
      this.listeners.delete(memberId);
      this.subscriptions.delete(memberId);
      void this.command(() => this.subscriber.unsubscribe(memberChannel(memberId)));
    };
  }

  whenSubscribed(memberId: number): Promise<void> {
    return this.subscriptions.get(memberId) ?? Promise.resolve();
  }

  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /** Members with local listeners (tests and metrics). */
  subscribedMembers(): number[] {
    return [...this.listeners.keys()];
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // What was published before the close still goes (quit waits for its replies).
    this.flush();
    this.closed = true;
    this.listeners.clear();
    this.subscriptions.clear();
    this.resyncListeners.clear();
    await Promise.all(
      [this.publisher, this.subscriber].map(async (c) => {
        if (c.status === 'ready') await c.quit().catch(() => c.disconnect());
        else c.disconnect();
      }),
    );
  }

  private command(run: () => Promise<unknown>): Promise<void> {
    if (this.closed) return Promise.resolve();
    return run().then(
      () => undefined,
      (err: unknown) => {
        // ioredis subscribes again after a reconnect; a failed command needs no retry here.
        if (!this.closed) this.log.warn({ err }, 'redis subscription command failed');
      },
    );
  }

  private deliver(channel: string, payload: string): void {
    if (!channel.startsWith(CHANNEL_PREFIX)) return;
    const set = this.listeners.get(Number(channel.slice(CHANNEL_PREFIX.length)));
    // Published here: this process's listeners had it at once.
    if (!set || payload.startsWith(this.origin)) return;
    let message: BusMessage;
    try {
      // Another process's origin mark, then JSON (a bare JSON payload is read too).
      message = JSON.parse(payload.startsWith('{') ? payload : payload.slice(ORIGIN_LENGTH)) as BusMessage;
    } catch {
      return;
    }
    for (const listener of set) listener(message);
  }
}
