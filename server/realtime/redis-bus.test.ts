import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { LocalBus, type BusMessage } from './live-bus';
import { createLiveBus } from './create-live-bus';
import { memberChannel, type RedisBus } from './redis-bus';
import { redisTestsSkipped, startRedisServer, type RedisTestServer } from '../test-support/redis-test-server';

const skip = redisTestsSkipped();

/** Resolves with the next `count` messages a listener receives. */
function collect(bus: RedisBus, memberId: number, count: number) {
  const received: BusMessage[] = [];
  let done: () => void;
  const all = new Promise<void>((resolve) => (done = resolve));
  const unsubscribe = bus.subscribe(memberId, (m) => {
    received.push(m);
    if (received.length === count) done();
  });
  return { received, all, unsubscribe };
}

const until = async (check: () => Promise<boolean> | boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.skipIf(skip)('RedisBus', () => {
  let redis: RedisTestServer;
  let inspector: Redis;
  beforeAll(async () => {
    redis = await startRedisServer();
    inspector = new Redis(redis.url);
  });
  afterAll(async () => {
    inspector?.disconnect();
    await redis?.stop();
  });

  /** Runs `test` with two buses, as two processes would have, and closes both after it. */
  const withTwoBuses = async (test: (one: RedisBus, two: RedisBus) => Promise<void>) => {
    const one = (await createLiveBus(redis.url)) as RedisBus;
    const two = (await createLiveBus(redis.url)) as RedisBus;
    try {
      await test(one, two);
    } finally {
      await one.close();
      await two.close();
    }
  };

  const subscribers = async (memberId: number) => {
    const [, count] = (await inspector.pubsub('NUMSUB', memberChannel(memberId))) as [string, number];
    return Number(count);
  };

  it('carries a member message from one process to another, in order, as JSON', () =>
    withTwoBuses(async (one, two) => {
      const a = collect(one, 101, 3);
      const other = collect(one, 102, 1);
      await one.whenSubscribed(101);
      await one.whenSubscribed(102);
      two.publish(101, { type: 'event', seq: 1, event: { kind: 'read', conversation: 5, up_to: 9, by: 'them', total_unread_messages: 0 } });
      two.publish(101, { type: 'typing', conversation: 5, from: 102 });
      two.publish(101, { type: 'event', seq: 2, event: { kind: 'delivered', conversation: 5, up_to: 9 } });
      await a.all;
      expect(a.received.map((m) => (m.type === 'event' ? m.seq : m.type))).toEqual([1, 'typing', 2]);
      expect(a.received[1]).toEqual({ type: 'typing', conversation: 5, from: 102 });
      expect(other.received).toEqual([]);
    }));

  it('delivers to listeners in the publishing process at once and once, and to other processes through Redis', () =>
    withTwoBuses(async (one, two) => {
      const here = collect(one, 401, 1);
      const there = collect(two, 401, 1);
      await one.whenSubscribed(401);
      await two.whenSubscribed(401);
      one.publish(401, { type: 'typing', conversation: 7, from: 402 });
      // Before any round trip: the listener here has it already.
      expect(here.received).toEqual([{ type: 'typing', conversation: 7, from: 402 }]);
      await there.all;
      expect(there.received).toEqual([{ type: 'typing', conversation: 7, from: 402 }]);
      // Redis hands this process its own publish back too: dropped, not delivered twice.
      await new Promise((r) => setTimeout(r, 200));
      expect(here.received).toHaveLength(1);
      expect(there.received).toHaveLength(1);
    }));

  it('still publishes to other processes when a listener here throws', () =>
    withTwoBuses(async (one, two) => {
      one.subscribe(501, () => {
        throw new Error('listener failed');
      });
      const there = collect(two, 501, 1);
      await one.whenSubscribed(501);
      await two.whenSubscribed(501);
      expect(() => one.publish(501, { type: 'typing', conversation: 9, from: 502 })).toThrow('listener failed');
      await there.all;
      expect(there.received).toEqual([{ type: 'typing', conversation: 9, from: 502 }]);
    }));

  it('sends a turn\'s publishes together, in order, and those made just before closing', () =>
    withTwoBuses(async (one, two) => {
      const got = collect(one, 403, 41);
      await one.whenSubscribed(403);
      for (let seq = 1; seq <= 40; seq += 1) two.publish(403, { type: 'event', seq, event: { kind: 'delivered', conversation: 1, up_to: seq } });
      await new Promise((r) => setTimeout(r, 50));
      two.publish(403, { type: 'event', seq: 41, event: { kind: 'delivered', conversation: 1, up_to: 41 } });
      await two.close();
      await got.all;
      expect(got.received.map((m) => (m.type === 'event' ? m.seq : 0))).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
    }));

  it('writes a turn\'s publishes to Redis in one write', () =>
    withTwoBuses(async (one, two) => {
      const got = collect(one, 404, 3);
      await one.whenSubscribed(404);
      // Every write the publishing connection's socket makes from here: one chunk each, or several at once.
      const socket = (two as unknown as { publisher: Redis }).publisher.stream as unknown as {
        _write: (...args: unknown[]) => void;
        _writev: (chunks: unknown[], ...rest: unknown[]) => void;
      };
      const writes: number[] = [];
      const write = socket._write.bind(socket);
      const writev = socket._writev.bind(socket);
      socket._write = (...args) => (writes.push(1), write(...args));
      socket._writev = (chunks, ...rest) => (writes.push(chunks.length), writev(chunks, ...rest));
      for (let seq = 1; seq <= 3; seq += 1) two.publish(404, { type: 'event', seq, event: { kind: 'delivered', conversation: 4, up_to: seq } });
      await got.all;
      expect(writes).toEqual([3]);
      expect(got.received.map((m) => (m.type === 'event' ? m.seq : 0))).toEqual([1, 2, 3]);
    }));

  it('subscribes a member channel once for all local listeners and unsubscribes after the last', async () => {
    const bus = (await createLiveBus(redis.url)) as RedisBus;
    try {
      const first = bus.subscribe(201, () => {});
      const second = bus.subscribe(201, () => {});
      await bus.whenSubscribed(201);
      expect(await subscribers(201)).toBe(1);
      first();
      first(); // twice is harmless
      await until(async () => (await subscribers(201)) === 1);
      expect(bus.subscribedMembers()).toEqual([201]);
      second();
      await until(async () => (await subscribers(201)) === 0);
      expect(bus.subscribedMembers()).toEqual([]);
      // Subscribing again after the last unsubscribe works.
      const again = collect(bus, 201, 1);
      await bus.whenSubscribed(201);
      inspector.publish(memberChannel(201), JSON.stringify({ type: 'typing', conversation: 1, from: 2 }));
      await again.all;
    } finally {
      await bus.close();
    }
    await until(async () => (await subscribers(201)) === 0);
  });

  it('subscribes again after Redis comes back and asks the listeners to re-read what they missed', async () => {
    const server = await startRedisServer();
    const bus = (await createLiveBus(server.url)) as RedisBus;
    const publisher = (await createLiveBus(server.url)) as RedisBus;
    try {
      let resyncs = 0;
      bus.onResync(() => (resyncs += 1));
      const got = collect(bus, 301, 1);
      await bus.whenSubscribed(301);
      await server.stop();
      const restarted = await startRedisServer(server.port);
      try {
        await until(() => resyncs === 1, 15_000);
        await until(async () => {
          publisher.publish(301, { type: 'typing', conversation: 3, from: 4 });
          await new Promise((r) => setTimeout(r, 50));
          return got.received.length > 0;
        }, 15_000);
        expect(got.received[0]).toEqual({ type: 'typing', conversation: 3, from: 4 });
      } finally {
        await bus.close();
        await publisher.close();
        await restarted.stop();
      }
    } finally {
      await server.stop();
    }
  });
});

describe('createLiveBus', () => {
  it('works alone in memory without REDIS_URL', async () => {
    const bus = await createLiveBus(undefined);
    expect(bus).toBeInstanceOf(LocalBus);
    await bus.close();
  });

  it('refuses to start when Redis is configured but unreachable', async () => {
    await expect(createLiveBus('redis://127.0.0.1:1')).rejects.toThrow(/REDIS_URL: cannot connect to Redis/);
  });
});
