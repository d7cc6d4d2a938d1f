import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiveServerMessage, SendMessageResponse } from '../../common/chat/chat-schema';
import { openDatabase, type Database } from '../db/database';
import { startSession } from '../domain/auth/sessions';
import { addCreditEntry } from '../domain/credits/credits-repository';
import { startAppCluster, startPostgres, startRedis, type AppCluster, type AppProcess, type PostgresServer } from '../test-support/processes';
import { createMember } from '../test-support/test-members';
import type { RedisTestServer } from '../test-support/redis-test-server';
import { redisTestsSkipped } from '../test-support/redis-test-server';
import { LIVE_PATH } from './live-routes';
import { mulberry32 } from '../../common/seeded-random';
import { unreadTotalsOff } from '../test-support/unread-totals';

/**
 * The chat's delivery guarantees under chaos (issue 5): two real server processes
 * (`node server/main.ts`) over PostgreSQL and Redis, 40 pairs of members writing 10,000
 * messages to each other over their live connections and over HTTP, with random
 * disconnects, resumes, sends whose answer was lost and are retried with the same
 * client id, and one server process killed with SIGKILL mid-run and started again.
 *
 * Afterwards: every message stored exactly once; every member's live connection (across
 * all its reconnects) delivered every message of its conversation exactly once, in id
 * order, with gap-free seqs; credits charged exactly once per stored message.
 *
 * Randomness is seeded (CHAOS_SEED); CHAOS_MESSAGES changes the volume.
 */
const TOTAL = Number(process.env.CHAOS_MESSAGES ?? 10_000);
const PAIRS = 40;
const SEED = Number(process.env.CHAOS_SEED ?? 20_261_122);
const CREDITS = 100_000;
/** Share of sends over HTTP (the browser's fallback while its socket is down, or a retry). */
const HTTP_SHARE = 0.15;
/** Sends whose answer is lost on purpose: the socket dropped (live) or the request aborted (HTTP). */
const LOSE_ANSWER = 0.03;
/** Sends repeated after their answer came (a client unsure it arrived): the same message must come back. */
const REPEAT_AFTER_ANSWER = 0.02;
/** Milliseconds between random disconnects of a random member. */
const DISCONNECT_EVERY_MS = 150;
/** The server process killed when this share of the messages is stored. */
const KILL_AT = 0.4;
const HOST = 'localhost';
/**
 * The test's time limit. The volume decides most of it: a message costs the servers about
 * 17 ms of CPU (Node and PostgreSQL), so 10,000 take 1.5-6 minutes on a shared 2-core machine.
 */
const TIMEOUT_MS = Number(process.env.CHAOS_TIMEOUT_MS ?? 480_000);

const skip = redisTestsSkipped();

const random = mulberry32(SEED);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** A JSON POST with the Host header given (fetch would put the address's host there). */
function postJson(port: number, path: string, headers: Record<string, string>, body: unknown, signal: AbortSignal): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', agent, signal, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

type Outcome = { ok: true; id: number } | { ok: false; why: string };

const stats = {
  wsSends: 0,
  httpSends: 0,
  lostAnswers: 0,
  retries: 0,
  repeats: 0,
  disconnects: 0,
  connects: 0,
  refusedConnects: 0,
  rateLimited: 0,
  healedByResume: 0,
};
/** Broken guarantees seen by the clients (expected: none). */
const violations: string[] = [];

/** One member's browser tab: one live connection at a time, resumed after every drop. */
class Member {
  socket: WebSocket | null = null;
  ready = false;
  lastSeq = 0;
  /** Message ids in the order the live connection delivered them, per conversation. */
  readonly received = new Map<number, number[]>();
  private readonly pending = new Map<string, (o: Outcome) => void>();
  private ackTimer: NodeJS.Timeout | null = null;
  /** The connect loop in progress (one at a time). */
  private connecting: Promise<void> | null = null;
  stopped = false;

  constructor(
    readonly index: number,
    readonly id: number,
    readonly session: string,
    readonly partner: number,
    private readonly servers: () => AppProcess[],
  ) {}

  /** X-Forwarded-For of this member's "device" (TRUST_PROXY): the HTTP rate limit is per address. */
  get address() {
    return `10.77.${Math.floor(this.index / 250)}.${(this.index % 250) + 1}`;
  }

  pickServer(): AppProcess {
    const up = this.servers().filter((s) => s.running);
    const all = up.length ? up : this.servers();
    return all[Math.floor(random() * all.length)]!;
  }

  /** Connects (to a random running process) and says hello after the last seq seen; resolves once ready. */
  connect(delayMs = 0): Promise<void> {
    this.connecting ??= (async () => {
      if (delayMs) await sleep(delayMs);
      for (let attempt = 0; !this.stopped; attempt += 1) {
        if (await this.tryConnect(this.pickServer())) return;
        stats.refusedConnects += 1;
        await sleep(Math.min(500, 20 * 2 ** attempt));
      }
    })().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private tryConnect(server: AppProcess): Promise<boolean> {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}${LIVE_PATH}`, {
      headers: { host: HOST, origin: `http://${HOST}`, cookie: `auth.session=${this.session}` },
    });
    this.socket = socket;
    this.ready = false;
    return new Promise((resolve) => {
      let settled = false;
      const settle = (ok: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(ok);
      };
      const timer = setTimeout(() => {
        socket.terminate();
        settle(false);
      }, 10_000);
      socket.on('open', () => socket.send(JSON.stringify({ type: 'hello', after: this.lastSeq })));
      socket.on('message', (data) => {
        if (this.socket !== socket) return;
        const m = JSON.parse(String(data)) as LiveServerMessage;
        this.onMessage(m);
        if (m.type === 'ready') {
          // Everything up to m.seq has been sent: the replay left no gap.
          if (m.seq !== this.lastSeq) violations.push(`member ${this.id}: ready at ${m.seq} after ${this.lastSeq}`);
          stats.connects += 1;
          this.ready = true;
          settle(true);
        }
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        if (this.socket === socket) this.dropped();
        settle(false);
      });
    });
  }

  private onMessage(m: LiveServerMessage): void {
    switch (m.type) {
      case 'event': {
        if (m.seq !== this.lastSeq + 1) violations.push(`member ${this.id}: seq ${m.seq} after ${this.lastSeq}`);
        this.lastSeq = Math.max(this.lastSeq, m.seq);
        if (m.event.kind === 'message') {
          const list = this.received.get(m.event.message.conversation) ?? [];
          list.push(m.event.message.id);
          this.received.set(m.event.message.conversation, list);
        }
        this.scheduleAck();
        return;
      }
      case 'reset':
        violations.push(`member ${this.id}: reset to ${m.seq} after ${this.lastSeq}`);
        this.lastSeq = m.seq;
        return;
      case 'sent':
        this.pending.get(m.client_id)?.({ ok: true, id: m.result.message.id });
        return;
      case 'send_error':
        if (m.status === 429) stats.rateLimited += 1;
        else violations.push(`member ${this.id}: send ${m.client_id} refused ${m.status} ${m.error.message}`);
        this.pending.get(m.client_id)?.({ ok: false, why: `refused ${m.status}` });
        return;
      default:
    }
  }

  /** Acknowledges what arrived once events stop coming for 300 ms, as the browser does (delivery receipts). */
  private scheduleAck(): void {
    if (this.ackTimer) clearTimeout(this.ackTimer);
    this.ackTimer = setTimeout(() => {
      this.ackTimer = null;
      if (this.ready && this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ type: 'ack', seq: this.lastSeq }));
    }, 300);
  }

  /** The connection is gone: answers in flight are lost; reconnect after a moment. */
  private dropped(): void {
    this.socket = null;
    this.ready = false;
    for (const answer of this.pending.values()) answer({ ok: false, why: 'connection lost' });
    this.pending.clear();
    if (!this.stopped) void this.connect(10 + random() * 90);
  }

  /** Drops the connection from the client's side (network loss). */
  disconnect(): void {
    if (!this.socket) return;
    stats.disconnects += 1;
    this.socket.terminate();
  }

  private sendLive(clientId: string, text: string): Promise<Outcome> {
    const socket = this.socket;
    if (!socket || !this.ready || socket.readyState !== WebSocket.OPEN) return Promise.resolve({ ok: false, why: 'not connected' });
    stats.wsSends += 1;
    return new Promise<Outcome>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(clientId);
        resolve({ ok: false, why: 'no answer' });
      }, 15_000);
      this.pending.set(clientId, (o) => {
        clearTimeout(timer);
        this.pending.delete(clientId);
        resolve(o);
      });
      socket.send(JSON.stringify({ type: 'send', message: { profile: this.partner, client_id: clientId, text } }));
      if (random() < LOSE_ANSWER) {
        stats.lostAnswers += 1;
        this.disconnect();
      }
    });
  }

  private async sendHttp(clientId: string, text: string): Promise<Outcome> {
    stats.httpSends += 1;
    const server = this.pickServer();
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), 15_000);
    if (random() < LOSE_ANSWER) {
      stats.lostAnswers += 1;
      setTimeout(() => abort.abort(), random() * 30);
    }
    try {
      const res = await postJson(
        server.port,
        '/api/message.php',
        { host: HOST, origin: `http://${HOST}`, cookie: `auth.session=${this.session}`, 'x-forwarded-for': this.address },
        { profile: this.partner, client_id: clientId, text },
        abort.signal,
      );
      if (res.status === 200) return { ok: true, id: (JSON.parse(res.body) as SendMessageResponse).message.id };
      if (res.status === 429) stats.rateLimited += 1;
      else violations.push(`member ${this.id}: HTTP send ${clientId} answered ${res.status} ${res.body}`);
      return { ok: false, why: `HTTP ${res.status}` };
    } catch (error) {
      return { ok: false, why: (error as Error).message };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends until an answer comes back, always with the same client id; the stored message's id. */
  async send(clientId: string, text: string): Promise<number> {
    for (let attempt = 0; ; attempt += 1) {
      const http = !this.ready || random() < HTTP_SHARE;
      const outcome = http ? await this.sendHttp(clientId, text) : await this.sendLive(clientId, text);
      if (outcome.ok) return outcome.id;
      if (attempt > 200) throw new Error(`member ${this.id}: ${clientId} not sent after ${attempt} attempts (${outcome.why})`);
      stats.retries += 1;
      await sleep(Math.min(1000, 10 * 2 ** Math.min(attempt, 6)) * (0.5 + random()));
    }
  }

  close(): void {
    this.stopped = true;
    if (this.ackTimer) clearTimeout(this.ackTimer);
    this.socket?.terminate();
  }
}

describe.skipIf(skip)('chat delivery under chaos: two processes, Redis, PostgreSQL, a crash', () => {
  let postgres: PostgresServer;
  let redis: RedisTestServer;
  let cluster: AppCluster;
  let database: Database;

  beforeAll(async () => {
    postgres = await startPostgres();
    redis = await startRedis();
    // X-Forwarded-For gives each member's HTTP sends an address of its own (the send route's per-address limit).
    cluster = await startAppCluster(2, { databaseUrl: postgres.databaseUrl, redisUrl: redis.url, env: { TRUST_PROXY: '1', DB_POOL_SIZE: '12' } });
    database = await openDatabase({ databaseUrl: postgres.databaseUrl, embeddedDataDir: null, poolSize: 4 });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await cluster?.stop();
    await redis?.stop();
    await postgres?.stop();
  }, 60_000);

  it('loses nothing, duplicates nothing, keeps order and charges once', { timeout: TIMEOUT_MS }, async () => {
    const db = database.db;
    const started = Date.now();
    // 40 pairs: members 2i and 2i+1 write to each other.
    const rows: Awaited<ReturnType<typeof createMember>>[] = [];
    for (let i = 0; i < PAIRS * 2; i += 1) {
      const row = await createMember(db, { gender: i % 2 ? 'female' : 'male', sexuality: 'hetero', emailConfirmedAt: new Date(), name: `Chaos ${i}` });
      await addCreditEntry(db, { memberId: row.id, amount: CREDITS, kind: 'purchase' });
      rows.push(row);
    }
    const servers = () => cluster.processes;
    const clients = await Promise.all(rows.map(async (row, i) => new Member(i, row.id, await startSession(db, row.id, 'chaos'), rows[i ^ 1]!.id, servers)));
    await Promise.all(clients.map((c) => c.connect()));

    // Who sends what: TOTAL messages split over the members, each with its client id.
    const perMember = Math.floor(TOTAL / clients.length);
    const plan = clients.map((c, i) => Array.from({ length: perMember + (i < TOTAL - perMember * clients.length ? 1 : 0) }, (_, n) => `chaos-${c.index}-${n}-${SEED}`));
    const answered = new Map<string, number>();
    let done = 0;

    // The chaos: random disconnects all along, and one process killed (and restarted) mid-run.
    let chaos = true;
    const disconnects = (async () => {
      while (chaos) {
        await sleep(DISCONNECT_EVERY_MS);
        clients[Math.floor(random() * clients.length)]!.disconnect();
      }
    })();
    let killedAt = -1;
    let restartMs = 0;
    const victim = cluster.processes[1]!;
    const crash = (async () => {
      while (done < TOTAL * KILL_AT && chaos) await sleep(20);
      if (!chaos) return;
      killedAt = done;
      await victim.kill('SIGKILL');
      await sleep(300);
      const t = Date.now();
      await victim.restart();
      restartMs = Date.now() - t;
    })();

    await Promise.all(
      clients.map(async (c, i) => {
        for (const [n, clientId] of plan[i]!.entries()) {
          const id = await c.send(clientId, `message ${n} from ${c.index}`);
          const before = answered.get(clientId);
          if (before !== undefined && before !== id) violations.push(`${clientId}: answered ${before}, then ${id}`);
          answered.set(clientId, id);
          done += 1;
          if (done % 1000 === 0) console.log(`chaos: ${done} stored after ${((Date.now() - started) / 1000).toFixed(1)} s`);
          if (random() < REPEAT_AFTER_ANSWER) {
            stats.repeats += 1;
            const again = await c.send(clientId, `message ${n} from ${c.index}`);
            if (again !== id) violations.push(`${clientId}: repeated send answered ${again}, first ${id}`);
          }
        }
      }),
    );
    const sendingMs = Date.now() - started;
    chaos = false;
    await disconnects;
    await crash;

    // Every member's connection catches up with its stream (events stored = events received).
    // A publication lost with the killed process is delivered with the member's next event; one
    // with no next event waits for the next reconnect, as a browser's would: do that after 5 s.
    const behind = async () => {
      const seqs = await db.execute<{ member_id: number; seq: number }>(sql`select member_id, seq from event_streams`);
      const bySeq = new Map(seqs.rows.map((r) => [Number(r.member_id), Number(r.seq)]));
      return clients.filter((c) => !c.ready || c.lastSeq !== (bySeq.get(c.id) ?? 0));
    };
    const settleStart = Date.now();
    let healed = false;
    for (;;) {
      const late = await behind();
      if (late.length === 0) {
        await sleep(300); // nothing more may come: delivered receipts of the last acks
        if ((await behind()).length === 0) break;
        continue;
      }
      if (!healed && Date.now() - settleStart > 5000) {
        healed = true;
        stats.healedByResume = late.length;
        late.forEach((c) => c.disconnect());
      }
      if (Date.now() - settleStart > 30_000) throw new Error(`members never caught up: ${late.map((c) => `${c.id}@${c.lastSeq}`).join(', ')}`);
      await sleep(100);
    }
    clients.forEach((c) => c.close());

    console.log(
      `chaos: ${TOTAL} messages in ${(sendingMs / 1000).toFixed(1)} s (${Math.round(TOTAL / (sendingMs / 1000))}/s), killed process 2 at ${killedAt} (restarted in ${restartMs} ms), caught up in ${Date.now() - settleStart} ms`,
      stats,
    );
    // A refused send says why in the server's log: show it with the failure.
    if (violations.length) console.log(cluster.processes.map((p) => p.output().slice(-4000)).join('\n---\n'));
    expect(violations).toEqual([]);
    expect(killedAt).toBeGreaterThan(0);
    expect(answered.size).toBe(TOTAL);

    // 1. Every client id stored exactly once, as the message its sender was told.
    const stored = await db.execute<{ id: number; sender_id: number; conversation_id: number; client_id: string; credits: number }>(
      sql`select id, sender_id, conversation_id, client_id, credits from messages order by id`,
    );
    expect(stored.rows.length).toBe(TOTAL);
    const byClientId = new Map(stored.rows.map((r) => [r.client_id, Number(r.id)]));
    expect(byClientId.size).toBe(TOTAL);
    for (const [clientId, id] of answered) expect(byClientId.get(clientId), clientId).toBe(id);

    // 2. and 3. Each member received every message of its conversation exactly once, in id order.
    const byConversation = new Map<number, number[]>();
    for (const r of stored.rows) byConversation.set(Number(r.conversation_id), [...(byConversation.get(Number(r.conversation_id)) ?? []), Number(r.id)]);
    expect(byConversation.size).toBe(PAIRS);
    for (const c of clients) {
      expect(c.received.size, `member ${c.id}: conversations`).toBe(1);
      const [[conversation, ids]] = [...c.received.entries()] as [[number, number[]]];
      // Stored ids are in id order, so this is "all, once each, in order" at once.
      expect(ids, `member ${c.id}: messages of conversation ${conversation}`).toEqual(byConversation.get(conversation));
    }

    // 4. Credits: one ledger entry per paid message, of its cost, and none without a message.
    const ledger = await db.execute<{ member_id: number; charged: string; paid: string; entries: string; paid_messages: string }>(sql`
      select m.id as member_id,
        coalesce((select sum(amount) from credit_entries e where e.member_id = m.id and e.kind <> 'purchase'), 0) as charged,
        coalesce((select sum(credits) from messages g where g.sender_id = m.id), 0) as paid,
        (select count(*) from credit_entries e where e.member_id = m.id and e.kind <> 'purchase') as entries,
        (select count(*) from messages g where g.sender_id = m.id and g.credits > 0) as paid_messages
      from members m where m.id in (${sql.join(
        clients.map((c) => sql`${c.id}`),
        sql`, `,
      )})`);
    expect(ledger.rows.length).toBe(clients.length);
    for (const r of ledger.rows) {
      expect(Number(r.charged), `member ${r.member_id}: ledger`).toBe(-Number(r.paid));
      expect(Number(r.entries), `member ${r.member_id}: entries`).toBe(Number(r.paid_messages));
      expect(Number(r.paid)).toBeGreaterThan(0);
    }
    const orphans = await db.execute<{ n: string }>(sql`
      select count(*) as n from credit_entries e
      where e.kind <> 'purchase' and not exists (
        select 1 from messages g where 'message:' || g.id = e.idempotency_key and g.sender_id = e.member_id and g.credits = -e.amount)`);
    expect(Number(orphans.rows[0]!.n)).toBe(0);
    const unpaid = await db.execute<{ n: string }>(sql`
      select count(*) as n from messages g
      where g.credits > 0 and (select count(*) from credit_entries e where e.idempotency_key = 'message:' || g.id) <> 1`);
    expect(Number(unpaid.rows[0]!.n)).toBe(0);
    // Each member's kept unread total is the sum of their sides (decision 0011), whatever
    // mix of batches, retries and single sends stored the messages.
    expect(await unreadTotalsOff(database)).toEqual([]);
  });
});
