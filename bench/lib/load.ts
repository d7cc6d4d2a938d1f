import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
}

export const LOAD = { connections: 10, duration: 10 };

/** One autocannon run with the benchmark's standard settings. */
export async function load(url: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  const result = await autocannon({ url, connections: LOAD.connections, duration: LOAD.duration, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Like load(), but every request has its own query string, so no cache can answer it. */
export async function loadUncached(url: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  let n = 0;
  const base = new URL(url);
  const result = await autocannon({
    url,
    connections: LOAD.connections,
    duration: LOAD.duration,
    headers,
    requests: [
      {
        setupRequest: (req) => ({ ...req, path: `${base.pathname}?r=${(n += 1)}` }),
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** A POST of a JSON body with the standard settings (e.g. logins). */
export async function loadPost(url: string, body: unknown, headers: Record<string, string>): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: LOAD.connections,
    duration: LOAD.duration,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** The q-quantile of sorted values (NaN when empty). */
export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * Measures two candidates interleaved (A B, B A, A B...) for `rounds` rounds so drift in the
 * machine's load hits both alike; returns each one's measurements.
 */
export async function alternate(rounds: number, a: () => Promise<number>, b: () => Promise<number>): Promise<{ as: number[]; bs: number[] }> {
  // One unmeasured run each first, so that neither is measured while its JIT (or a cache) warms up.
  await a();
  await b();
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    if (i % 2 === 0) {
      as.push(await a());
      bs.push(await b());
    } else {
      bs.push(await b());
      as.push(await a());
    }
  }
  return { as, bs };
}

/** Two load candidates interleaved (see `alternate`): the median throughput of each. */
export async function interleaved(rounds: number, a: () => Promise<LoadResult>, b: () => Promise<LoadResult>) {
  const { as, bs } = await alternate(rounds, async () => (await a()).rps, async () => (await b()).rps);
  return { a: median(as), b: median(bs), as, bs };
}
