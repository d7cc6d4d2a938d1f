/**
 * How much the chat bench's cross-process ratio moves with the rounds it happens to run:
 * reads the rounds a run wrote (BENCH_CHAT_ROUNDS_FILE, bench/chat.ts) and, for each rate
 * and each k, the ratio (two processes' pooled p99 over one process's) of every choice of
 * k of its rounds (bench/lib/round-spread.ts). Run the bench with more rounds than it uses,
 * for example
 *
 *   BENCH_ROUNDS=8 BENCH_CHAT_HIGH_ROUNDS=8 BENCH_CHAT_ROUNDS_FILE=/tmp/rounds.json npm run bench:chat
 *   npm run bench:chat-rounds -- /tmp/rounds.json
 *
 * A spread wider than the distance to the goal means a run of that many rounds can pass or
 * fail by the machine's states it met; it says nothing of other hours' states.
 */
import { readFile } from 'node:fs/promises';
import type { ChatRounds } from './chat';
import { quantile } from './lib/load';
import { pooledRatioSpread } from './lib/round-spread';

const GOAL = 1.5;
const file = process.argv[2];
if (!file) throw new Error('usage: npm run bench:chat-rounds -- <rounds.json> (written by BENCH_CHAT_ROUNDS_FILE)');
const rounds = JSON.parse(await readFile(file, 'utf8')) as ChatRounds;

const p99s = (runs: number[][]) => runs.map((r) => quantile(r, 0.99).toFixed(1)).join(', ');
for (const [rate, single, cross] of [
  [rounds.lowRate, rounds.singleLow, rounds.crossLow],
  [rounds.rate, rounds.single, rounds.cross],
] as const) {
  if (single.length === 0) continue;
  console.log(`\n${rate} msg/s, ${single.length} rounds; p99 per round: 1 process ${p99s(single)} ms; 2 processes + Redis ${p99s(cross)} ms`);
  console.log(`| rounds pooled | choices | min | p10 | median | p90 | max | share over ${GOAL} |\n|---|---|---|---|---|---|---|---|`);
  for (let k = 1; k <= single.length; k += 1) {
    const s = pooledRatioSpread(single, cross, k, GOAL);
    const f = (x: number) => x.toFixed(2);
    console.log(`| ${k} | ${s.choices} | ${f(s.min)} | ${f(s.p10)} | ${f(s.median)} | ${f(s.p90)} | ${f(s.max)} | ${(s.over * 100).toFixed(0)} % |`);
  }
}
