/**
 * What one hop through Redis costs on this machine when it is otherwise idle: the time from
 * a PUBLISH in one process to its delivery in another (subscribed) one, against the same
 * message written straight from the one process to the other over a TCP socket. The chat's
 * cross-process path at a low rate is the one-process path plus such a hop (the sender's
 * process publishes, Redis passes it on, the recipient's process delivers), so its p99
 * bounds how close the chat bench's 50 msg/s ratio can come to 1 here.
 *
 *   npm run bench:redis-hop
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { startRedis } from '../server/test-support/processes';
import { quantile } from './lib/load';

/** Messages per way; the two ways take turns every 10 ms, so each sends every 20 ms, as the chat bench's 50 msg/s does. */
const MESSAGES = 1500;
const INTERVAL_MS = 10;
const CHANNEL = 'rv:bench:hop';

/** Milliseconds on the monotonic clock, which every process on the machine shares. */
const now = () => Number(process.hrtime.bigint()) / 1e6;

export interface HopFigures {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface RedisHopResult {
  redis: HopFigures;
  direct: HopFigures;
}

function figures(latencies: number[]): HopFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), p99: quantile(sorted, 0.99), max: sorted[sorted.length - 1] ?? NaN };
}

/** The receiving process: subscribes, listens, and reports every latency when both ways are done. */
async function receiver(redisUrl: string): Promise<void> {
  const redis: number[] = [];
  const direct: number[] = [];
  const done = () => {
    if (redis.length < MESSAGES || direct.length < MESSAGES) return;
    process.send!({ type: 'latencies', redis, direct }, () => process.exit(0));
  };
  const subscriber = new Redis(redisUrl);
  subscriber.on('message', (_channel: string, payload: string) => {
    redis.push(now() - Number(payload));
    done();
  });
  await subscriber.subscribe(CHANNEL);
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    let rest = '';
    socket.on('data', (chunk) => {
      const at = now();
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop()!;
      for (const line of lines) direct.push(at - Number(line));
      done();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  process.send!({ type: 'ready', port: (server.address() as AddressInfo).port });
}

/** The receiving process's next message; rejects if it exits first or says nothing for `ms`. */
function nextMessage<T>(child: ChildProcess, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const done = (settle: () => void) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      settle();
    };
    const onMessage = (message: unknown) => done(() => resolve(message as T));
    const onExit = (code: number | null) => done(() => reject(new Error(`the receiving process exited (${code})`)));
    const timer = setTimeout(() => done(() => reject(new Error(`the receiving process said nothing for ${ms} ms`))), ms);
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

export async function redisHopBench(): Promise<RedisHopResult> {
  const redis = await startRedis();
  const child = fork(fileURLToPath(import.meta.url), ['--receiver', redis.url], { execArgv: ['--import', 'tsx'] });
  let publisher: Redis | null = null;
  let socket: Socket | null = null;
  try {
    const ready = await nextMessage<{ port: number }>(child, 30_000);
    publisher = new Redis(redis.url);
    socket = createConnection({ host: '127.0.0.1', port: ready.port, noDelay: true });
    await once(socket, 'connect');
    // Every message sent, plus time for the last ones to arrive.
    const result = nextMessage<{ redis: number[]; direct: number[] }>(child, MESSAGES * INTERVAL_MS * 2 + 30_000);
    result.catch(() => {}); // awaited below; a failure while sending is not left unhandled meanwhile
    for (let i = 0; i < MESSAGES; i += 1) {
      await publisher.publish(CHANNEL, String(now()));
      await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
      socket.write(`${now()}\n`);
      await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
    }
    const latencies = await result;
    return { redis: figures(latencies.redis), direct: figures(latencies.direct) };
  } finally {
    socket?.destroy();
    publisher?.disconnect();
    child.kill();
    await redis.stop();
  }
}

const ms = (x: number) => `${x.toFixed(2)} ms`;
const describe = (f: HopFigures) => `p50 ${ms(f.p50)}, p90 ${ms(f.p90)}, p99 ${ms(f.p99)}, max ${ms(f.max)}`;

if (process.argv[2] === '--receiver') {
  await receiver(process.argv[3]!);
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await redisHopBench();
  console.log(`one hop between two processes, ${MESSAGES} messages each way, one every ${INTERVAL_MS * 2} ms, machine otherwise idle:`);
  console.log(`  through Redis (PUBLISH to delivery): ${describe(r.redis)}`);
  console.log(`  straight over TCP:                   ${describe(r.direct)}`);
}
