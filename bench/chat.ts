/**
 * The chat in real time (issue 5): 1,000 WebSocket clients (500 pairs) on this machine,
 * sending over the live connection's `send` at a total rate, measuring send-to-receive
 * latency (the sender's frame leaves -> the receiver's event arrives, one clock: clients
 * run in this process); the heap an idle connection costs the server; and the same with
 * two server processes and Redis, every pair split across them (the cross-process p99 as a
 * ratio of the single-process p99).
 *
 *   npm run bench:chat                            # throwaway PostgreSQL cluster, redis-server
 *   BENCH_DATABASE_URL=postgres://... npm run bench:chat
 *
 * BENCH_ROUNDS (3) rounds at 50 msg/s (a low rate, where the cross-process ratio shows the
 * hop through Redis alone: context, decision 0012), then 10 rounds at the goal rate of 1,000
 * msg/s after 5 s of each setup at that rate, not measured. Each round runs both setups, the
 * order alternating; each ratio compares the p99 of all rounds' messages together. Ten rounds
 * at the goal rate, because one round's p99 of the same code moves by a factor of two or
 * three with the machine's state (decision 0012).
 * PostgreSQL's maintenance runs between runs, not at random inside them: autovacuum is off
 * for the tables a send writes, and each run starts after a VACUUM (ANALYZE) of them (else
 * it landed in whichever setup's round was running when the tables crossed its thresholds).
 * BENCH_TRACE=1 prints each run's latency per half second of sending (messages, p99, max,
 * how many over 50 ms) with the wall-clock start, and every stall of the event loop of the
 * clients' process and of the servers, their garbage collections of 5 ms or more, and each
 * server's statements to PostgreSQL per 5 s (bench/lib/loop-watch.ts, bench/lib/chat-server.ts).
 * BENCH_SERVER_NODE_ARGS: more Node.js flags for the servers, space-separated (for example
 * `--trace-gc-nvp`, each young-generation collection's pause and surviving bytes, or
 * `--cpu-prof --cpu-prof-dir=<folder>`, a CPU profile of each server).
 * The servers are bench/lib/chat-server.ts (the real app via buildApp, API only) so that
 * the heap can be read after GC, bundled as `npm run build` bundles the product's server and
 * run with the Node.js flags of `npm start` (decision 0012): what ships is what is measured.
 * run.ts adds chatBenchRows() to `npm run bench`.
 * The clients' process (this one) runs with young-generation semi-spaces of 64 MB
 * (`npm run bench` and `npm run bench:chat` pass --max-semi-space-size=64): with V8's 16 MB
 * the measuring process's own old-generation pauses showed up as latency spikes in whichever
 * setup was running (docs/performance.md). Without the flag a warning says so.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import type { LiveServerMessage } from '../common/chat/chat-schema';
import { openDatabase, type Database } from '../server/db/database';
import { creditEntries, members, sessions, sites } from '../server/db/schema';
import { ensureDemoSites } from '../server/db/seed/demo-data';
import { hashPassword } from '../server/domain/auth/password';
import { hashToken } from '../server/domain/auth/sessions';
import { freePort, startPostgres, startRedis } from '../server/test-support/processes';
import type { HeapReport } from './lib/chat-server';
import { buildChatServer } from './lib/chat-server-bundle';
import { benchMember } from './lib/bench-member';
import { busyShare, cpuTimes, describeSteal, stealShare } from './lib/host-steal';
import { describeSlowdown, HostSlowdownWatch } from './lib/host-slowdown';
import { median, quantile } from './lib/load';
import { cpuBetween, cpuByRole, type CpuRoles } from './lib/process-cpu';
import { shuffled } from './lib/shuffle';
import { clock, watchEventLoop } from './lib/loop-watch';
import { ROOT, startScriptNodeFlags } from './lib/server-process';

/** Clients per setup, the goal rate (messages/s) and the seconds of one round at it. */
const CLIENTS = 1000;
const RATE = 1000;
const SECONDS = 5;
/** The low rate (context) and the seconds of one round at it. */
const LOW_RATE = 50;
const LOW_SECONDS = 10;
/** After the last send, how long to wait for the deliveries still on their way. */
const DRAIN_TIMEOUT_MS = 120_000;
const HOST = 'localhost';
const TRACE = Boolean(process.env.BENCH_TRACE);
/** Node.js flags for the server processes besides the bench's own. */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------
// Server processes

interface ChatServer {
  port: number;
  child: ChildProcess;
  heap(): Promise<HeapReport>;
  stop(): Promise<void>;
}

/** `bundle`: bench/lib/chat-server.ts bundled (buildChatServer), run without a TypeScript loader. */
async function startChatServer(bundle: string, env: Record<string, string>): Promise<ChatServer> {
  const port = await freePort();
  const child = fork(bundle, [], {
    cwd: ROOT,
    execArgv: ['--expose-gc', ...startScriptNodeFlags(), ...SERVER_NODE_ARGS],
    env: { ...process.env, ...env, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('chat server did not start within 120 s')), 120_000);
    child.on('message', (m: { type?: string }) => {
      if (m.type === 'ready') {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`chat server exited (${code}) before it was ready`)));
  });
  process.once('exit', () => child.kill('SIGKILL'));
  return {
    port,
    child,
    heap: () =>
      new Promise((resolve) => {
        const onMessage = (m: HeapReport) => {
          if (m.type !== 'heap') return;
          child.off('message', onMessage);
          resolve(m);
        };
        child.on('message', onMessage);
        child.send({ type: 'heap' });
      }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// ---------------------------------------------------------------------------------------
// Members and their connections

interface BenchMember {
  id: number;
  token: string;
  partner: number;
}

/** CLIENTS confirmed members with credits and a session each, in pairs (2i, 2i+1). */
async function createMembers(database: Database, count: number): Promise<BenchMember[]> {
  const { db } = database;
  await ensureDemoSites(db);
  const [site] = await db.select({ id: sites.id }).from(sites).where(sql`${sites.key} = 'rendezvous'`);
  const passwordHash = await hashPassword('bench chat password');
  const run = randomBytes(4).toString('hex');
  const rows: { id: number }[] = [];
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, k) => benchMember(site!.id, start + k, `chat-bench-${run}`, passwordHash));
    rows.push(...(await db.insert(members).values(batch).returning({ id: members.id })));
  }
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  const expiresAt = new Date(Date.now() + 86_400_000);
  for (let start = 0; start < rows.length; start += 500) {
    const slice = rows.slice(start, start + 500);
    await db.insert(creditEntries).values(slice.map((r) => ({ memberId: r.id, amount: 1_000_000, kind: 'purchase' })));
    await db.insert(sessions).values(slice.map((r, k) => ({ tokenHash: hashToken(tokens[start + k]!), memberId: r.id, expiresAt, userAgent: 'chat bench' })));
  }
  return rows.map((r, i) => ({ id: r.id, token: tokens[i]!, partner: rows[i ^ 1]!.id }));
}

/** Send times by message number (the text carries the number). */
let sentAt: Float64Array = new Float64Array(0);
let latencies: number[] = [];
/** With BENCH_TRACE: each delivery's send time and latency. */
let traced: [number, number][] = [];
let delivered = 0;
let refused = 0;
/** 'sent' answers (the sender's side of a send is done). */
let answered = 0;

interface Client {
  member: BenchMember;
  socket: WebSocket;
  lastSeq: number;
  ackTimer: NodeJS.Timeout | null;
  /** A message from the other member came since the last receipt. */
  receiptDue: boolean;
}

/** Connects a member's live connection to `port` and waits for ready; received messages are timed. */
function connect(member: BenchMember, port: number): Promise<Client> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/live.php`, {
    headers: { host: HOST, origin: `http://${HOST}`, cookie: `auth.session=${member.token}` },
    perMessageDeflate: false,
  });
  const client: Client = { member, socket, lastSeq: 0, ackTimer: null, receiptDue: false };
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'hello', after: null })));
    socket.on('message', (data) => {
      const now = performance.now();
      const m = JSON.parse(String(data)) as LiveServerMessage;
      if (m.type === 'ready') {
        client.lastSeq = m.seq;
        resolve(client);
      } else if (m.type === 'event') {
        client.lastSeq = m.seq;
        if (m.event.kind === 'message' && !m.event.message.mine) {
          const n = Number(m.event.message.text.slice(2));
          const t = sentAt[n];
          if (t) {
            latencies.push(now - t);
            if (TRACE) traced.push([t, now - t]);
            delivered += 1;
          }
        }
        // Delivery receipts as the browser sends them (app/lib/live-connection.ts): once
        // events stop coming for 300 ms, when a message from the other member came.
        if (m.event.kind === 'message' && !m.event.message.mine) client.receiptDue = true;
        if (!client.receiptDue) return;
        // One timer per client, pushed back by each event (refresh allocates nothing; a new
        // timer per event was garbage of the measuring process at 3,000 events/s).
        if (client.ackTimer) client.ackTimer.refresh();
        else {
          client.ackTimer = setTimeout(() => {
            client.receiptDue = false;
            if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'ack', seq: client.lastSeq }));
          }, 300);
        }
      } else if (m.type === 'sent') {
        answered += 1;
      } else if (m.type === 'send_error') {
        refused += 1;
      }
    });
  });
}

async function connectAll(list: BenchMember[], portOf: (i: number) => number): Promise<Client[]> {
  const clients: Client[] = [];
  // 50 at a time: the handshakes of a thousand tabs at once are not what is measured here.
  for (let start = 0; start < list.length; start += 50) {
    clients.push(...(await Promise.all(list.slice(start, start + 50).map((m, k) => connect(m, portOf(start + k))))));
  }
  return clients;
}

async function closeAll(clients: Client[]): Promise<void> {
  await Promise.all(
    clients.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.ackTimer) clearTimeout(c.ackTimer);
          if (c.socket.readyState === WebSocket.CLOSED) return resolve();
          c.socket.once('close', () => resolve());
          c.socket.close();
        }),
    ),
  );
}

export interface LatencyRun {
  rate: number;
  sent: number;
  delivered: number;
  refused: number;
  /** Messages delivered per second, first send to last delivery. */
  throughput: number;
  p50: number;
  p99: number;
  max: number;
  /** Send-to-receive latencies in ms, sorted (for a p99 over several rounds). */
  latencies: number[];
  /** The share of CPU time the host stole during the run (null: unknown). */
  steal: number | null;
  /** The share of the machine's CPU time (all cores) in use while sending (null: unknown). */
  busy: number | null;
  /** CPU seconds by role while sending (process-cpu.ts): clients, servers, postgres, redis-server. */
  cpu: CpuRoles;
  /** The share of the time the host ran the CPUs slowed (host-slowdown.ts; null: unknown). */
  slowed: number | null;
}

let messageNumber = 1;
/** The bench's processes by pid, for CPU by role (cpuByRole). */
const roles: Record<number, string> = { [process.pid]: 'clients' };
/** Host slowdowns during each run (host-slowdown.ts), started with the bench. */
let slowdownWatch: HostSlowdownWatch;

/**
 * Sends `rate` messages/s for `seconds` from the clients in turn (each to its partner), then
 * waits for delivery. The turn goes round the clients in a shuffled order (the same every
 * run), so that members send at unrelated times, as members chatting do: in the order of
 * the pairs, each message had its partner's reply sent in the same millisecond, and
 * across two processes the two sends then waited for each other's locks in the database.
 */
async function latencyRun(clients: Client[], rate: number, seconds: number): Promise<LatencyRun> {
  const total = Math.round(rate * seconds);
  const first = messageNumber;
  sentAt = new Float64Array(first + total + 1);
  latencies = [];
  traced = [];
  delivered = 0;
  refused = 0;
  answered = 0;
  const cpuBefore = cpuTimes();
  const rolesBefore = cpuByRole(roles);
  const from = HostSlowdownWatch.now();
  const started = performance.now();
  if (TRACE) console.log(`  trace: ${rate} msg/s from ${clock()}`);
  let sent = 0;
  let turn = 0;
  const order = shuffled(clients);
  // Open loop: every 5 ms, the messages due by now (a slow server does not slow the senders).
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    while (sent < due) {
      const client = order[turn++ % order.length]!;
      const n = messageNumber++;
      sentAt[n] = performance.now();
      client.socket.send(JSON.stringify({ type: 'send', message: { profile: client.member.partner, client_id: `bench-${n}-${client.member.id}`, text: `b ${n}` } }));
      sent += 1;
    }
    await sleep(5);
  }
  const busy = busyShare(cpuBefore, cpuTimes());
  const cpu = cpuBetween(rolesBefore, cpuByRole(roles));
  const drainStart = performance.now();
  while (delivered + refused < total && performance.now() - drainStart < DRAIN_TIMEOUT_MS) await sleep(20);
  const wall = (performance.now() - started) / 1000;
  // The senders' answers too, so that no send is still running when the next run (or the stop) comes.
  while (answered + refused < total && performance.now() - drainStart < DRAIN_TIMEOUT_MS) await sleep(20);
  const steal = stealShare(cpuBefore, cpuTimes());
  const slowed = await slowdownWatch.share(from, HostSlowdownWatch.now());
  if (TRACE) console.log(`  trace: ${describeHalfSeconds(traced, started)}`);
  const sorted = [...latencies].sort((a, b) => a - b);
  await sleep(500); // the last receipts
  return { rate, sent: total, delivered, refused, throughput: delivered / wall, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted[sorted.length - 1] ?? NaN, latencies: sorted, steal, busy, cpu, slowed };
}

/** Latency per half second of sending: "from s: messages / p99 / max ms / over 50 ms". */
function describeHalfSeconds(deliveries: [number, number][], started: number): string {
  const halves = new Map<number, number[]>();
  for (const [t, latency] of deliveries) {
    const k = Math.floor((t - started) / 500);
    const half = halves.get(k);
    if (half) half.push(latency);
    else halves.set(k, [latency]);
  }
  return [...halves]
    .sort(([a], [b]) => a - b)
    .map(([k, ls]) => {
      ls.sort((a, b) => a - b);
      return `${k / 2}s: ${ls.length}/${quantile(ls, 0.99).toFixed(0)}/${ls[ls.length - 1]!.toFixed(0)}/${ls.filter((l) => l > 50).length}`;
    })
    .join(' ');
}

/** The p99 of several runs' messages together: a steadier figure than any one run's (more samples). */
function pooledP99(runs: LatencyRun[]): number {
  return quantile(runs.flatMap((r) => r.latencies).sort((a, b) => a - b), 0.99);
}

const fmt = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 0 });
const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)} s` : `${n.toFixed(1)} ms`);
const describeRun = (r: LatencyRun) =>
  `p50 ${ms(r.p50)}, p99 ${ms(r.p99)}; ${fmt(r.delivered)} of ${fmt(r.sent)} delivered${r.refused ? `, ${fmt(r.refused)} refused` : ''}, ${fmt(r.throughput)} msg/s${r.busy === null ? '' : `, CPUs ${(r.busy * 100).toFixed(0)} % busy`}${describeCpu(r)}${describeSteal(r.steal)}${describeSlowdown(r.slowed)}`;

/** ", CPU ms per message: clients 0.24, postgres 0.70, servers 0.31" ('' when unknown). */
function describeCpu(r: LatencyRun): string {
  const parts = Object.entries(r.cpu)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([role, seconds]) => `${role} ${((seconds * 1000) / r.sent).toFixed(2)}`);
  return parts.length ? `, CPU ms per message: ${parts.join(', ')}` : '';
}

export interface ChatBenchResult {
  clients: number;
  heapPerConnection: number;
  heapDelta: number;
  /** The goal rate, HIGH_ROUNDS rounds each, interleaved. */
  single: LatencyRun[];
  cross: LatencyRun[];
  /** The sustainable rate, ROUNDS rounds each, interleaved. */
  singleLow: LatencyRun[];
  crossLow: LatencyRun[];
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Rounds at the goal rate (RATE), each setup once per round. */
const HIGH_ROUNDS = 10;
/** Messages/s of the warm-up (one message per client). */
const WARM_UP_RATE = 200;
/** Seconds of each setup at RATE, not measured, before the rounds at that rate. */
const HIGH_WARM_UP_SECONDS = 5;

/**
 * The whole chat bench; table rows via chatRows(). Three servers run side by side: one
 * alone (its own in-memory bus) and two sharing Redis, each with a set of CLIENTS members
 * of its own (the pairs of the second set split across its two processes), so that the
 * one-process and cross-process runs can be interleaved like the other benches' candidates.
 */
/** Semi-space size (MB) the clients' process should run with (see the header). */
const CLIENTS_SEMI_SPACE_MB = 64;

export async function chatBench(): Promise<ChatBenchResult> {
  if (TRACE) watchEventLoop('clients');
  if (!process.execArgv.includes(`--max-semi-space-size=${CLIENTS_SEMI_SPACE_MB}`)) {
    console.warn(`chat bench: run with node --max-semi-space-size=${CLIENTS_SEMI_SPACE_MB} (as npm run bench:chat does): the clients' own garbage collections add latency spikes`);
  }
  slowdownWatch = new HostSlowdownWatch();
  const postgres = await startPostgres({ serverUrl: process.env.BENCH_DATABASE_URL, prefix: 'rv_bench_chat' });
  const redis = await startRedis();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rv-bench-chat-'));
  const database = await openDatabase({ databaseUrl: postgres.databaseUrl, embeddedDataDir: null, poolSize: 4 });
  const env = {
    DATABASE_URL: postgres.databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    COOKIE_SECRET: randomBytes(32).toString('base64url'),
    DB_POOL_SIZE: '20',
  };
  const servers: ChatServer[] = [];
  const connected: Client[] = [];
  try {
    const all = await createMembers(database, CLIENTS * 2);
    await holdAutovacuum(database);
    const alone = all.slice(0, CLIENTS);
    const shared = all.slice(CLIENTS);
    console.log(`chat bench: ${CLIENTS} members per setup (PostgreSQL ${postgres.kind}), ${cpus().length} cores`);
    const bundle = await buildChatServer();
    const one = await startChatServer(bundle, env);
    const a = await startChatServer(bundle, { ...env, REDIS_URL: redis.url });
    const b = await startChatServer(bundle, { ...env, REDIS_URL: redis.url });
    servers.push(one, a, b);
    for (const server of servers) if (server.child.pid !== undefined) roles[server.child.pid] = 'servers';

    // Heap per idle connection, in the process alone.
    const before = await one.heap();
    const singleClients = await connectAll(alone, () => one.port);
    connected.push(...singleClients);
    await sleep(1000);
    const after = await one.heap();
    const heapDelta = after.heapUsed - before.heapUsed;
    console.log(`  heap: ${fmt(before.heapUsed / 1024)} KB -> ${fmt(after.heapUsed / 1024)} KB with ${CLIENTS} idle connections (external +${fmt((after.external - before.external) / 1024)} KB)`);
    const crossClients = await connectAll(shared, (i) => (i % 2 === 0 ? a.port : b.port));
    connected.push(...crossClients);

    // Warm-up (JIT, plans, pools, first conversations): one message from every client, so
    // that every pair has its conversation (what is measured is chatting, not 500 first
    // messages at once), then the sustainable rate interleaved.
    await latencyRun(singleClients, WARM_UP_RATE, CLIENTS / WARM_UP_RATE);
    await latencyRun(crossClients, WARM_UP_RATE, CLIENTS / WARM_UP_RATE);
    const singleLow: LatencyRun[] = [];
    const crossLow: LatencyRun[] = [];
    await runInterleaved(database, ROUNDS, singleClients, crossClients, LOW_RATE, LOW_SECONDS, singleLow, crossLow);
    // The goal rate in rounds of its own, interleaved the same way, after a run of each setup
    // at that rate that is not measured: the first seconds at 1,000 msg/s are the servers'
    // JIT compiling the paths that only a high rate makes hot (large batches, bundled
    // publishes), twice over in the two-process setup (docs/performance.md).
    await latencyRun(singleClients, RATE, HIGH_WARM_UP_SECONDS);
    await latencyRun(crossClients, RATE, HIGH_WARM_UP_SECONDS);
    const single: LatencyRun[] = [];
    const cross: LatencyRun[] = [];
    await runInterleaved(database, HIGH_ROUNDS, singleClients, crossClients, RATE, SECONDS, single, cross);
    return { clients: CLIENTS, heapPerConnection: heapDelta / CLIENTS, heapDelta, single, cross, singleLow, crossLow };
  } finally {
    await closeAll(connected);
    await Promise.all(servers.map((s) => s.stop()));
    await database.close();
    await redis.stop();
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
    await slowdownWatch.stop();
  }
}

/** The tables every send writes (rv_chat_send_many), and the ledger's balance in members. */
const SEND_TABLES = ['messages', 'member_events', 'event_streams', 'conversations', 'conversation_members', 'credit_entries', 'members'];

/** Autovacuum off for the send tables of the bench's database (vacuumSendTables runs between runs instead). */
async function holdAutovacuum(database: Database): Promise<void> {
  for (const table of SEND_TABLES) await database.db.execute(sql.raw(`alter table ${table} set (autovacuum_enabled = false)`));
}

async function vacuumSendTables(database: Database): Promise<void> {
  await database.db.execute(sql.raw(`vacuum (analyze) ${SEND_TABLES.join(', ')}`));
}

/**
 * `rounds` rounds of one run per setup at `rate`, the order alternating (single first in
 * even rounds), so that neither setup always runs after the other; each run starts on
 * freshly vacuumed tables.
 */
async function runInterleaved(database: Database, rounds: number, singleClients: Client[], crossClients: Client[], rate: number, seconds: number, single: LatencyRun[], cross: LatencyRun[]): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? (['single', 'cross'] as const) : (['cross', 'single'] as const);
    for (const which of order) {
      await vacuumSendTables(database);
      const run = await latencyRun(which === 'single' ? singleClients : crossClients, rate, seconds);
      (which === 'single' ? single : cross).push(run);
      console.log(`  ${which === 'single' ? '1 process          ' : '2 processes + Redis'}, ${rate} msg/s: ${describeRun(run)}`);
    }
  }
}

const medianOf = (runs: LatencyRun[], pick: (r: LatencyRun) => number) => median(runs.map(pick));

/** Rows of the bench's table (docs/performance.md): | measure | figures | ratio | goal |. */
export function chatRows(r: ChatBenchResult): string[][] {
  const n = fmt(r.clients);
  // The low rate's p99 over all rounds' messages together (the rounds interleave the setups).
  const sP99 = pooledP99(r.singleLow);
  const cP99 = pooledP99(r.crossLow);
  const low = r.singleLow[0]?.rate ?? LOW_RATE;
  const rounds = (runs: LatencyRun[]) => runs.map((x) => ms(x.p99)).join(', ');
  const steals = (runs: LatencyRun[]) => {
    const known = runs.map((x) => x.steal).filter((x): x is number => x !== null);
    const slowed = runs.map((x) => x.slowed).filter((x): x is number => x !== null);
    const busy = runs.map((x) => x.busy).filter((x): x is number => x !== null);
    return (
      (busy.length ? `; CPUs busy ${busy.map((x) => (x * 100).toFixed(0)).join(', ')} %` : '') +
      (known.length ? `; host steal ${known.map((x) => (x * 100).toFixed(0)).join(', ')} %` : '') +
      (slowed.length ? `; host slowed ${slowed.map((x) => (x * 100).toFixed(0)).join(', ')} %` : '')
    );
  };
  const messages = (runs: LatencyRun[]) => fmt(runs.reduce((a, x) => a + x.latencies.length, 0));
  // Every message of every round is delivered (or the rows say how many were not).
  const lost = (runs: LatencyRun[]) => {
    const missing = runs.reduce((a, x) => a + x.sent - x.delivered - x.refused, 0);
    const refused = runs.reduce((a, x) => a + x.refused, 0);
    return (missing ? `, ${fmt(missing)} not delivered` : '') + (refused ? `, ${fmt(refused)} refused` : '');
  };
  const rate = r.single[0]?.rate ?? RATE;
  const hsP99 = pooledP99(r.single);
  const hcP99 = pooledP99(r.cross);
  return [
    [
      `chat: ${n} WebSocket clients sending ${fmt(rate)} msg/s, send to receive (1 process), ${r.single.length} rounds, p99 of their ${messages(r.single)} messages`,
      `p50 ${ms(medianOf(r.single, (x) => x.p50))}, p99 ${ms(hsP99)} (p99 per round ${rounds(r.single)}; ${fmt(medianOf(r.single, (x) => x.throughput))} msg/s delivered${lost(r.single)}${steals(r.single)})`,
      '',
      'p99 <= 50 ms',
    ],
    [
      `chat: same at ${fmt(low)} msg/s (1 process), ${r.singleLow.length} rounds, p99 of their ${messages(r.singleLow)} messages`,
      `p50 ${ms(medianOf(r.singleLow, (x) => x.p50))}, p99 ${ms(sP99)} (p99 per round ${rounds(r.singleLow)}${steals(r.singleLow)})`,
      '',
      'p99 <= 50 ms',
    ],
    [`chat: heap per idle WebSocket connection (${n} connections, after GC)`, `${(r.heapPerConnection / 1024).toFixed(1)} KB (heap +${(r.heapDelta / 2 ** 20).toFixed(1)} MB)`, '', '<= 10 KB'],
    [
      `chat: 2 processes + Redis, every pair across them, ${fmt(low)} msg/s, p99 vs 1 process (rounds interleaved, all messages)`,
      `p99 ${ms(cP99)} vs ${ms(sP99)}, p50 ${ms(medianOf(r.crossLow, (x) => x.p50))} vs ${ms(medianOf(r.singleLow, (x) => x.p50))} (cross p99 per round ${rounds(r.crossLow)}${steals(r.crossLow)})`,
      (cP99 / sP99).toFixed(2),
      // The hop through Redis over a base of a few ms; the budget is the goal rate's row (decision 0012).
      '(context)',
    ],
    [
      `chat: 2 processes + Redis at ${fmt(rate)} msg/s, p99 vs 1 process (rounds interleaved, all messages)`,
      `p99 ${ms(hcP99)} vs ${ms(hsP99)}, p50 ${ms(medianOf(r.cross, (x) => x.p50))} vs ${ms(medianOf(r.single, (x) => x.p50))} (cross p99 per round ${rounds(r.cross)}; ${fmt(medianOf(r.cross, (x) => x.throughput))} msg/s delivered${lost(r.cross)}${steals(r.cross)})`,
      (hcP99 / hsP99).toFixed(2),
      '<= 1.5',
    ],
  ];
}

/** run.ts: the chat bench's rows. */
export async function chatBenchRows(): Promise<string[][]> {
  return chatRows(await chatBench());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await chatBenchRows();
  console.log('\n| measure | figures | ratio | goal |\n|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}
