/**
 * Web Push throughput (issue 27's budget): PUSHES notifications through the product's sender
 * (WebPushSender: the SSRF-guarded agent, timeouts, outcome handling) against the bare
 * `web-push` library with a plain keep-alive agent, to the same local push service (its own
 * process, RFC 8030, decrypting every push), CONCURRENCY in flight, rounds interleaved.
 *
 *   npm run bench:push
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import webpush from 'web-push';
import type { PushPayload } from '../common/notifications/push-payload';
import { WebPushSender, type PushDelivery } from '../server/domain/notifications/push-sender';
import { alternate, median } from './lib/load';
import { ROOT } from './lib/server-process';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 10_000);
const CONCURRENCY = 50;

interface Service {
  origin: string;
  caFile: string;
  subscriptions: Array<{ endpoint: string; keys: { p256dh: string; auth: string } }>;
}

async function startService(): Promise<{ service: Service; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/push-service-process.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`push service exited ${code}`)));
  });
  return { service: JSON.parse(line) as Service, stop: () => child.kill('SIGTERM') };
}

/** Runs `send(i)` for i < PUSHES with CONCURRENCY in flight; resolves with pushes per second. */
async function rate(send: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < PUSHES) await send(next++);
    }),
  );
  return PUSHES / ((performance.now() - started) / 1000);
}

export async function pushBenchRow(): Promise<string[]> {
  const { service, stop } = await startService();
  try {
    const vapid = webpush.generateVAPIDKeys();
    const ca = readFileSync(service.caFile, 'utf8');
    const payload = (i: number): PushPayload => ({ kind: 'message', title: 'Anna sent you a message', body: '', url: `/chats/${i}`, tag: `chat-${i}`, badge: 3, icon: '/app-icons/192.png' });
    const delivery: PushDelivery = { subject: 'mailto:support@rendezvous.example', ttlSeconds: 86_400, urgency: 'high', topic: 'chat-1' };
    const device = (i: number) => {
      const s = service.subscriptions[i % service.subscriptions.length]!;
      return { endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth };
    };

    const sender = new WebPushSender(vapid, { origin: service.origin, ca });
    const bareAgent = new Agent({ keepAlive: true, maxSockets: 64, ca });
    const ours = async () =>
      rate(async (i) => {
        if ((await sender.send(device(i), payload(i), delivery)) !== 'sent') throw new Error('push not accepted');
      });
    const bare = async () =>
      rate(async (i) => {
        const d = device(i);
        await webpush.sendNotification({ endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } }, JSON.stringify(payload(i)), {
          vapidDetails: { subject: delivery.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: delivery.ttlSeconds,
          urgency: delivery.urgency,
          topic: delivery.topic,
          contentEncoding: 'aes128gcm',
          agent: bareAgent,
        });
      });
    const { as, bs } = await alternate(ROUNDS, ours, bare);
    sender.close();
    bareAgent.destroy();
    const a = median(as);
    const b = median(bs);
    return [`${PUSHES.toLocaleString('en')} Web Pushes: product sender vs bare web-push`, `${a.toFixed(0)} vs ${b.toFixed(0)} pushes/s`, (a / b).toFixed(2), '>= 0.8'];
  } finally {
    stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  console.log((await pushBenchRow()).join(' | '));
}
