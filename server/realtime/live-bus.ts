/**
 * Fan-out of live events to the processes holding members' WebSocket connections. One
 * process: LocalBus (in memory). With REDIS_URL several processes share events through
 * Redis pub/sub (redis-bus.ts): a member connected to any process receives what was
 * published on any other.
 */

/** An event already stored (member_events) and committed, or a typing signal (never stored). */
export type BusMessage = { type: 'event'; seq: number; event: unknown } | { type: 'typing'; conversation: number; from: number };

export interface LiveBus {
  /** Called after the transaction that stored the event committed. */
  publish(memberId: number, message: BusMessage): void;
  /** Listens for one member's messages; returns the unsubscribe function. */
  subscribe(memberId: number, listener: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

/** One process: listeners per member in memory. */
export class LocalBus implements LiveBus {
  private readonly listeners = new Map<number, Set<(message: BusMessage) => void>>();

  publish(memberId: number, message: BusMessage): void {
    for (const listener of this.listeners.get(memberId) ?? []) listener(message);
  }

  subscribe(memberId: number, listener: (message: BusMessage) => void): () => void {
    let set = this.listeners.get(memberId);
    if (!set) this.listeners.set(memberId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(memberId);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

/**
 * The bus with `onPublish` called for every message published in this process (not for
 * those arriving from other processes): work that follows a committed event, once. Every
 * other member (a Redis bus's whenSubscribed, onResync) is the bus's own.
 */
export function withPublishHook<B extends LiveBus>(bus: B, onPublish: (memberId: number, message: BusMessage) => void): B {
  const publish = (memberId: number, message: BusMessage) => {
    bus.publish(memberId, message);
    onPublish(memberId, message);
  };
  return new Proxy(bus, {
    get(target, property) {
      if (property === 'publish') return publish;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
