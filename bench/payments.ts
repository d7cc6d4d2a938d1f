/**
 * Payments (issue 25's budgets), on a PostgreSQL server (a throwaway cluster, or
 * BENCH_DATABASE_URL) shared by the app process and this one:
 * - webhook handling with exactly-once crediting: 50 concurrent deliveries, every payment
 *   delivered twice, against the same database work done directly (fetch the test provider's
 *   state, settle the payment) at the same concurrency; ratio of throughputs.
 * - GET /api/transactions.php p99 for a member with 10,000 transactions (one client).
 *
 *   npm run bench:payments
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { eq, inArray, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/database';
import { payments, testProviderPayments } from '../server/db/payments-schema';
import { creditEntries, members, sites } from '../server/db/schema';
import { ensureDemoSites } from '../server/db/seed/demo-data';
import { hashPassword } from '../server/domain/auth/password';
import { providerReport, settlePayment } from '../server/domain/payments/payment-settlement';
import { findByProviderRef } from '../server/domain/payments/payment-repository';
import { TestProvider } from '../server/domain/payments/providers/test-provider';
import { freePort, startPostgres } from '../server/test-support/processes';
import { benchMember } from './lib/bench-member';
import { median } from './lib/load';
import { startProcess, startScriptNodeFlags } from './lib/server-process';
import { shuffled } from './lib/shuffle';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = 50;
const PER_ROUND = 600;
const HISTORY = 10_000;
const PASSWORD = 'rendezvous-bench';

/** Paid test-provider payments (their webhook not yet seen), `count` per batch, on open payment rows of `memberId`. */
async function openPaidPayments(database: Database, siteId: number, memberId: number, prefix: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `tp_${prefix}${String(i).padStart(6, '0')}`);
  await database.db.insert(testProviderPayments).values(
    ids.map((id) => ({ id, method: 'ideal', amountMinor: 999, currency: 'EUR', description: 'bench', redirectUrl: 'http://localhost/', webhookUrl: 'http://localhost/', status: 'paid' })),
  );
  await database.db.insert(payments).values(
    ids.map((id, i) => ({
      publicId: `RVB${prefix}${i}`,
      memberId,
      siteId,
      credits: 100,
      method: 'ideal',
      provider: 'test',
      providerPaymentId: id,
      amountMinor: 999,
      currency: 'EUR',
      country: 'NL',
      vatRateBp: 2100,
      idempotencyKey: `bench-${prefix}-${i}`,
    })),
  );
  return ids;
}

/** Each id twice, shuffled: replays land while the first delivery may still be settling. */
function deliveries(ids: string[]): string[] {
  return shuffled([...ids, ...ids]);
}

async function webhookRun(url: string, ids: string[]): Promise<number> {
  const queue = deliveries(ids);
  let next = 0;
  let firstFailure = '';
  const started = performance.now();
  const result = await autocannon({
    url: `${url}/api/payment-webhook.php?provider=test`,
    connections: CONCURRENCY,
    amount: queue.length,
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    requests: [
      {
        setupRequest: (req) => ({ ...req, body: `id=${queue[next++ % queue.length]}` }),
        onResponse: (status, body) => {
          if (status >= 300 && !firstFailure) firstFailure = `${status} ${body}`;
        },
      },
    ],
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`webhooks: ${result.non2xx} non-2xx, ${result.errors} errors; the first: ${firstFailure}`);
  }
  return queue.length / seconds;
}

async function directRun(database: Database, provider: TestProvider, ids: string[]): Promise<number> {
  const queue = deliveries(ids);
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const id = queue[next++]!;
      const state = await provider.fetchPayment(id);
      const payment = await findByProviderRef(database.db, 'test', id);
      // As the product settles a provider's report: checked against the provider's account.
      await settlePayment(database.db, payment!.id, providerReport(state, provider.account));
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return queue.length / ((performance.now() - started) / 1000);
}

/** A member with HISTORY settled payments (newest first is what the page reads). */
async function memberWithHistory(database: Database, siteId: number): Promise<string> {
  const email = `bench-payer-${randomBytes(4).toString('hex')}@example.test`;
  const [m] = await database.db
    .insert(members)
    .values({ ...benchMember(siteId, 0, email.split('@')[0]!, await hashPassword(PASSWORD)), email })
    .returning({ id: members.id });
  await database.db.execute(sql`
    insert into payments (public_id, member_id, site_id, credits, method, provider, provider_payment_id, amount_minor, currency, country, vat_rate_bp, status, idempotency_key, created_at, paid_at)
    select 'RVH' || ${m!.id} || '-' || g, ${m!.id}, ${siteId}, 100, 'ideal', 'test', 'tph_' || ${m!.id} || '_' || g, 999, 'EUR', 'NL', 2100,
      case when g % 10 = 0 then 'failed' else 'paid' end, 'hist-' || g, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from generate_series(1, ${HISTORY}) g`);
  await database.db.execute(sql`analyze payments`);
  return email;
}

export interface PaymentsBenchResult {
  webhookRps: number;
  directRps: number;
  ratio: number;
  transactionsP50: number;
  transactionsP99: number;
  grantsOk: boolean;
}

export async function paymentsBench(): Promise<PaymentsBenchResult> {
  const postgres = await startPostgres({ serverUrl: process.env.BENCH_DATABASE_URL, prefix: 'rv_bench_payments' });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rv-bench-payments-'));
  const database = await openDatabase({ databaseUrl: postgres.databaseUrl, embeddedDataDir: null, poolSize: 10 });
  let app: Awaited<ReturnType<typeof startProcess>> | undefined;
  try {
    await ensureDemoSites(database.db);
    const [site] = await database.db.select({ id: sites.id }).from(sites).where(eq(sites.isDefault, true));
    const siteId = site!.id;
    const [payer] = await database.db
      .insert(members)
      .values(benchMember(siteId, 1, `bench-webhooks-${randomBytes(4).toString('hex')}`, 'x'))
      .returning({ id: members.id });
    const batches: string[][] = [];
    for (let r = 0; r < ROUNDS * 2; r += 1) batches.push(await openPaidPayments(database, siteId, payer!.id, `r${r}x`, PER_ROUND));
    const email = await memberWithHistory(database, siteId);

    const port = await freePort();
    app = await startProcess([...startScriptNodeFlags(), 'scripts/start.mjs'], {
      DATABASE_URL: postgres.databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_MEMBERS: '0',
      TEST_PAYMENTS: 'yes',
      RATE_LIMIT_MAX: '100000000',
      LOGIN_RATE_LIMIT_MAX: '100000000',
      HOST: '127.0.0.1',
    }, port, '/readyz');
    const provider = new TestProvider({ db: database.db });

    const webhook: number[] = [];
    const direct: number[] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      // Interleaved: A B, B A, A B.
      const [first, second] = [batches[2 * r]!, batches[2 * r + 1]!];
      if (r % 2 === 0) {
        webhook.push(await webhookRun(app.url, first));
        direct.push(await directRun(database, provider, second));
      } else {
        direct.push(await directRun(database, provider, first));
        webhook.push(await webhookRun(app.url, second));
      }
    }
    const all = batches.flat();
    const [grants] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(creditEntries)
      .innerJoin(payments, eq(creditEntries.idempotencyKey, sql`'purchase:' || ${payments.id}`))
      .where(inArray(payments.providerPaymentId, all));
    const grantsOk = grants!.n === all.length;

    const login = await fetch(`${app.url}/api/user.php`, {
      method: 'POST',
      headers: { origin: app.url, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const session = login.headers.getSetCookie().find((c) => c.startsWith('auth.session='))?.split(';')[0];
    if (!session) throw new Error(`bench login failed: ${login.status} ${await login.text()}`);
    const page = await autocannon({ url: `${app.url}/api/transactions.php`, connections: 1, duration: 10, headers: { host: 'localhost', cookie: session } });
    if (page.non2xx > 0 || page.errors > 0) throw new Error(`transactions: ${page.non2xx} non-2xx`);

    const webhookRps = median(webhook);
    const directRps = median(direct);
    return { webhookRps, directRps, ratio: webhookRps / directRps, transactionsP50: page.latency.p50, transactionsP99: page.latency.p99, grantsOk };
  } finally {
    await app?.stop();
    await database.close();
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The rows `npm run bench` prints. */
export async function paymentsBenchRows(): Promise<string[][]> {
  const r = await paymentsBench();
  return [
    [
      'payment webhooks, 50 concurrent deliveries (each twice), exactly-once crediting vs the same settlements done directly',
      `${r.webhookRps.toFixed(0)} vs ${r.directRps.toFixed(0)} deliveries/s; ${r.grantsOk ? 'every payment granted once' : 'GRANTS WRONG'}`,
      r.ratio.toFixed(2),
      '>= 0.5',
    ],
    ['GET /api/transactions.php, member with 10,000 transactions, c=1', `p50 ${r.transactionsP50} ms, p99 ${r.transactionsP99} ms`, '', '<= 20 ms'],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await paymentsBenchRows()) console.log(`| ${row.join(' | ')} |`);
}
