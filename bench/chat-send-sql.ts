/**
 * What one call of the chat's send statement costs PostgreSQL, by batch size: the
 * milliseconds per `rv_chat_send_many` call (the SendBatcher's statement) on one connection,
 * with no other load, for batches of 1, 2, 3, 4 and 8 text messages between members who
 * already share a conversation. The chat bench shows why it matters: two processes each
 * batch half the sends, so their batches are smaller and their fixed cost weighs more.
 *
 *   npm run bench:chat-sql                            # throwaway PostgreSQL cluster
 *   BENCH_DATABASE_URL=postgres://... npm run bench:chat-sql
 *
 * BENCH_ROUNDS (3) rounds of 400 calls per size. BENCH_SQL_EXPLAIN=<size>: instead, prints
 * the plans of three batches of that size as auto_explain logs them (every statement inside
 * the function, with timings).
 * BENCH_SQL_CANDIDATE=<file.sql>: instead, compares a rewrite with the real statement. The
 * file creates a function taking the same jsonb (its name: the first CREATE FUNCTION in
 * it); the two take turns every 20 calls (A B B A ...) on the same connection and tables,
 * so that the machine's drift and the tables' growth weigh on both alike, and the ratio
 * candidate / real per size is the figure to read (the absolute ones moved by a quarter
 * between runs of a few seconds on this machine). It times only: the candidate writes into
 * the same tables with its own semantics (a wrong one can skew the real one's later calls),
 * and the chat's tests, not this, judge whether a rewrite is correct.
 * The first line names the connection's backend pid (for `perf record -g -p <pid>` during a run).
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/database';
import { creditEntries, members, sites } from '../server/db/schema';
import { ensureDemoSites } from '../server/db/seed/demo-data';
import { SEND_MANY_STATEMENT, type SendItem } from '../server/domain/chat/chat-send-repository';
import { startPostgres } from '../server/test-support/processes';
import { benchMember } from './lib/bench-member';

/** Sends per call, and calls per size and round. */
const SIZES = [1, 2, 3, 4, 8];
const CALLS = 400;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const EXPLAIN = Number(process.env.BENCH_SQL_EXPLAIN ?? 0);
const CANDIDATE = process.env.BENCH_SQL_CANDIDATE;
/** Calls in a row of one function before the other takes its turn (candidate mode). */
const TURN_CALLS = 20;
/** Members, in pairs (2i, 2i+1); a batch takes distinct pairs, as the SendBatcher does. */
const MEMBERS = 400;
const WARM_UP_CALLS = 50;

export async function chatSendSqlBench(): Promise<void> {
  const postgres = await startPostgres({ serverUrl: process.env.BENCH_DATABASE_URL, prefix: 'rv_bench_sql' });
  const database = await openDatabase({ databaseUrl: postgres.databaseUrl, embeddedDataDir: null, poolSize: 2 });
  const client = new pg.Client({ connectionString: postgres.databaseUrl });
  try {
    const { db } = database;
    await ensureDemoSites(db);
    const [site] = await db.select({ id: sites.id }).from(sites).where(sql`${sites.key} = 'rendezvous'`);
    const rows = await db
      .insert(members)
      .values(Array.from({ length: MEMBERS }, (_, i) => benchMember(site!.id, i, 'sql-bench', 'not a hash: nobody logs in')))
      .returning({ id: members.id });
    await db.insert(creditEntries).values(rows.map((r) => ({ memberId: r.id, amount: 1_000_000, kind: 'purchase' })));
    const ids = rows.map((r) => r.id);

    await client.connect();
    let n = 0;
    const item = (sender: number, profile: number): SendItem => ({
      session_hash: null,
      sender,
      site: site!.id,
      profile,
      client_id: `sql-bench-${n++}`,
      kind: 'text',
      body: 'Hello there, how are you today?',
      photo_id: null,
      gift: null,
      cost: 1,
      free_messages: 0,
      free_conversations: 2,
    });
    const call = (items: SendItem[]) => client.query({ ...SEND_MANY_STATEMENT, values: [JSON.stringify(items)] });
    // Every pair's conversation first: what is measured is chatting, not first messages.
    for (let i = 0; i < MEMBERS; i += 2) await call([item(ids[i]!, ids[i + 1]!)]);
    let pair = 0;
    const batch = (size: number) =>
      Array.from({ length: size }, () => {
        const i = (pair++ % (MEMBERS / 2)) * 2;
        return pair % 2 ? item(ids[i]!, ids[i + 1]!) : item(ids[i + 1]!, ids[i]!);
      });

    if (EXPLAIN > 0) {
      client.on('notice', (notice) => console.log(notice.message));
      await client.query("LOAD 'auto_explain'");
      for (const setting of ['auto_explain.log_min_duration = 0', 'auto_explain.log_nested_statements = on', 'auto_explain.log_analyze = on', 'client_min_messages = log']) {
        await client.query(`SET ${setting}`);
      }
      // The first call of a connection plans its statements; the later ones run the kept plans.
      for (let i = 0; i < 3; i += 1) await call(batch(EXPLAIN));
      return;
    }

    if (CANDIDATE) {
      await compareCandidate(client, CANDIDATE, batch, call);
      return;
    }

    const { rows: backend } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    console.log(`chat send statement: ms per call by batch size (${CALLS} calls each, one connection, PostgreSQL ${postgres.kind}, backend pid ${backend[0]!.pid})`);
    for (let round = 0; round < ROUNDS; round += 1) {
      const figures: string[] = [];
      for (const size of SIZES) {
        for (let i = 0; i < WARM_UP_CALLS; i += 1) await call(batch(size));
        const started = performance.now();
        for (let i = 0; i < CALLS; i += 1) await call(batch(size));
        const ms = (performance.now() - started) / CALLS;
        figures.push(`${size}: ${ms.toFixed(2)} ms (${(ms / size).toFixed(2)} per send)`);
      }
      console.log(`  round ${round + 1}: ${figures.join(', ')}`);
    }
  } finally {
    await client.end().catch(() => {});
    await database.close();
    await postgres.stop();
  }
}

/**
 * The candidate function of `file` against the real statement: per size and round, the
 * same number of calls of each, in turns of TURN_CALLS (the order swapping every turn),
 * each call with a fresh batch of distinct pairs.
 */
async function compareCandidate(client: pg.Client, file: string, batch: (size: number) => SendItem[], call: (items: SendItem[]) => Promise<unknown>): Promise<void> {
  const text = await readFile(file, 'utf8');
  const name = /create\s+(?:or\s+replace\s+)?function\s+(?:public\.)?(\w+)\s*\(/i.exec(text)?.[1];
  if (!name) throw new Error(`${file}: no CREATE FUNCTION in it`);
  await client.query(text);
  const candidate = (items: SendItem[]) => client.query({ name: `candidate_${name}`, text: `select ${name}($1::jsonb) as r`, values: [JSON.stringify(items)] });
  console.log(`chat send statement: ${name} (${file}) against rv_chat_send_many, ms per call, ${CALLS} calls of each per size and round, in turns of ${TURN_CALLS}`);
  for (let round = 0; round < ROUNDS; round += 1) {
    const figures: string[] = [];
    for (const size of SIZES) {
      for (let i = 0; i < WARM_UP_CALLS; i += 1) {
        await call(batch(size));
        await candidate(batch(size));
      }
      const spent = { real: 0, candidate: 0 };
      for (let turn = 0; turn * TURN_CALLS < CALLS; turn += 1) {
        const order = turn % 2 === 0 ? (['real', 'candidate'] as const) : (['candidate', 'real'] as const);
        for (const which of order) {
          const run = which === 'real' ? call : candidate;
          const started = performance.now();
          for (let i = 0; i < TURN_CALLS; i += 1) await run(batch(size));
          spent[which] += performance.now() - started;
        }
      }
      const calls = Math.ceil(CALLS / TURN_CALLS) * TURN_CALLS;
      figures.push(`${size}: ${(spent.candidate / calls).toFixed(2)} vs ${(spent.real / calls).toFixed(2)} ms (${(spent.candidate / spent.real).toFixed(2)})`);
    }
    console.log(`  round ${round + 1}: ${figures.join(', ')}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await chatSendSqlBench();
}
