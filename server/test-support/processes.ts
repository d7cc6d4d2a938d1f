import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { projectPath } from '../project-paths';
import { startRedisServer, type RedisTestServer } from './redis-test-server';

/**
 * Real infrastructure for multi-process tests and benches: a PostgreSQL server, a
 * redis-server and several `node server/main.ts` processes over them. Everything started
 * here is stopped by its stop() and, should the test process die first, on its exit
 * (synchronously: a killed test leaves no database cluster or server behind).
 */

/** Synchronous clean-ups run when this process exits, whatever the reason. */
const atExit = new Set<() => void>();
let exitHooked = false;
function onExit(cleanup: () => void): () => void {
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => {
      for (const c of atExit) {
        try {
          c();
        } catch {
          // Best effort: the next clean-up still runs.
        }
      }
    });
  }
  atExit.add(cleanup);
  return () => atExit.delete(cleanup);
}

/** A TCP port free at the time of asking, on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------
// PostgreSQL

export interface PostgresServer {
  /** A fresh, empty database of its own (the app migrates it on start). */
  databaseUrl: string;
  /** "external" (TEST_DATABASE_URL / BENCH_DATABASE_URL) or "throwaway" (a cluster started here). */
  kind: 'external' | 'throwaway';
  /** The throwaway cluster's server log (removed by stop()). */
  logFile?: string;
  /** Drops the database; a throwaway cluster is stopped and its files removed. */
  stop(): Promise<void>;
}

/** Debian's PostgreSQL binaries, newest version first (postgresql-<ver> packages). */
function debianPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')) && existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

async function createDatabaseIn(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/**
 * A PostgreSQL database for one run: a fresh database on the server named by `serverUrl`
 * (default TEST_DATABASE_URL), else a throwaway cluster of Debian's binaries on a random
 * port (run as the `postgres` user when this process is root; fsync off: test data).
 */
export async function startPostgres(opts: { serverUrl?: string | undefined; prefix?: string; settings?: Record<string, string> } = {}): Promise<PostgresServer> {
  const prefix = opts.prefix ?? 'rv_proc';
  const serverUrl = opts.serverUrl ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const db = await createDatabaseIn(serverUrl, prefix);
    return { databaseUrl: db.url, kind: 'external', stop: () => db.drop() };
  }

  const bin = debianPostgresBin();
  if (!bin) {
    throw new Error('No PostgreSQL: set TEST_DATABASE_URL to a server this test may create databases on, or install Debian’s postgresql package (/usr/lib/postgresql/<version>/bin/initdb)');
  }
  const asRoot = process.getuid?.() === 0;
  const runAs = (cmd: string, args: string[]) => (asRoot ? { cmd: 'runuser', args: ['-u', 'postgres', '--', cmd, ...args] } : { cmd, args });
  const run = (cmd: string, args: string[]) => {
    const r = runAs(cmd, args);
    const result = spawnSync(r.cmd, r.args, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${path.basename(cmd)} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout || result.error?.message}`);
  };

  const dir = mkdtempSync(path.join(tmpdir(), 'rv-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error('running as root, but there is no `postgres` user to run PostgreSQL as');
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const stopCluster = () => {
    const r = runAs(path.join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate', '-s']);
    spawnSync(r.cmd, r.args, { stdio: 'ignore', timeout: 30_000 });
    rmSync(dir, { recursive: true, force: true });
  };
  const forget = onExit(stopCluster);
  try {
    run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const port = await freePort();
    const settings = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses='127.0.0.1'",
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=300',
      '-c shared_buffers=128MB',
      ...Object.entries(opts.settings ?? {}).map(([k, v]) => `-c ${k}=${v}`),
    ].join(' ');
    run(path.join(bin, 'pg_ctl'), ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-s', '-o', settings]);
    const db = await createDatabaseIn(`postgres://postgres@127.0.0.1:${port}/postgres`, prefix);
    return {
      databaseUrl: db.url,
      kind: 'throwaway',
      logFile,
      async stop() {
        forget();
        stopCluster();
      },
    };
  } catch (error) {
    forget();
    stopCluster();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------
// Redis

/** A throwaway redis-server on a free port, without persistence (redis-test-server.ts), killed on exit too. */
export async function startRedis(): Promise<RedisTestServer> {
  const redis = await startRedisServer();
  // Its handle has no process id; the port names it well enough for a last-moment shutdown.
  const forget = onExit(() => {
    spawnSync('redis-cli', ['-p', String(redis.port), 'shutdown', 'nosave'], { stdio: 'ignore', timeout: 5000 });
  });
  return {
    ...redis,
    async stop() {
      forget();
      await redis.stop();
    },
  };
}

// ---------------------------------------------------------------------------------------
// App server processes

export interface AppProcess {
  /** 1-based, in start order. */
  readonly index: number;
  readonly port: number;
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** The running process's id (changes on restart); null while it is down. */
  readonly pid: number | null;
  /** Whether the process is up (started and not exited). */
  readonly running: boolean;
  /** The process's recent output (stdout and stderr), for failure messages. */
  output(): string;
  /** Sends `signal` and waits for the exit (SIGKILL: a crash; SIGTERM: a graceful stop). */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the process again on the same port (after kill) and waits until it is ready. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface AppCluster {
  processes: AppProcess[];
  /** The shared DATA_DIR (secrets, media). */
  dataDir: string;
  stop(): Promise<void>;
}

export interface AppClusterOptions {
  databaseUrl: string;
  redisUrl?: string | undefined;
  /** Extra environment for every process (overrides the defaults below). */
  env?: Record<string, string>;
  /** Demo sites and accounts are seeded by the first process (default true); demo members: SEED_MEMBERS (default 0). */
  seedDemo?: boolean;
  /** Milliseconds to wait for /readyz (default 90 s). */
  readyTimeoutMs?: number;
  /** Extra node options before the entry (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}

const OUTPUT_KEEP = 16 * 1024;
const SERVER_ENTRY = projectPath('server/main.ts');

/** Polls /readyz until it answers 200; fails early when the process exits. */
async function waitReady(url: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server process exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > timeoutMs) throw new Error(`server process not ready within ${timeoutMs} ms:\n${output()}`);
    await sleep(50);
  }
}

function appProcess(index: number, port: number, env: NodeJS.ProcessEnv, readyTimeoutMs: number, nodeArgs: string[]): { handle: AppProcess; start(): Promise<void> } {
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let output = '';
  let forget = () => {};
  const url = `http://127.0.0.1:${port}`;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEEP);
    if (process.env.DEBUG_PROCESSES === '1') process.stderr.write(`[app ${index}] ${chunk.toString()}`);
  };

  const start = async () => {
    const proc = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', SERVER_ENTRY], { cwd: projectPath('.'), env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    proc.stdout!.on('data', keep);
    proc.stderr!.on('data', keep);
    exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    forget = onExit(() => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    });
    void exited.then(() => forget());
    try {
      await waitReady(url, proc, readyTimeoutMs, () => output);
    } catch (error) {
      proc.kill('SIGKILL');
      await exited;
      throw error;
    }
  };

  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill(signal);
    // A graceful stop waits for its connections; never longer than this.
    const timer = signal === 'SIGKILL' ? null : setTimeout(() => proc.kill('SIGKILL'), 15_000);
    await exited;
    if (timer) clearTimeout(timer);
  };

  const handle: AppProcess = {
    index,
    port,
    url,
    get pid() {
      const proc = child;
      return proc && proc.exitCode === null && proc.signalCode === null ? (proc.pid ?? null) : null;
    },
    get running() {
      const proc = child;
      return !!proc && proc.exitCode === null && proc.signalCode === null;
    },
    output: () => output,
    kill,
    async restart() {
      await kill('SIGKILL');
      await start();
    },
    stop: () => kill('SIGTERM'),
  };
  return { handle, start };
}

/**
 * `count` processes of `node --import tsx server/main.ts` over one database (and Redis,
 * when given), each on a free port, sharing DATA_DIR and secrets like replicas behind a
 * load balancer. The first migrates the database and seeds the demo sites alone; the
 * others start once it is ready (migrations and seeding never run twice at once).
 */
export async function startAppCluster(count: number, opts: AppClusterOptions): Promise<AppCluster> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rv-app-'));
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: opts.databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    LOGIN_RATE_LIMIT_MAX: '100000000',
    SIGNUP_RATE_LIMIT_MAX: '100000000',
    SEED_MEMBERS: '0',
    // Shared secrets: a cookie or photo URL made by one process is valid on every other.
    COOKIE_SECRET: randomBytes(32).toString('base64url'),
    MEDIA_SECRET: randomBytes(32).toString('base64url'),
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    ...opts.env,
  };
  // The Vitest worker's own variables must not leak into the servers.
  delete base.VITEST;
  delete base.VITEST_POOL_ID;
  delete base.VITEST_WORKER_ID;
  delete base.TEST;
  const readyTimeoutMs = opts.readyTimeoutMs ?? 90_000;
  const processes: { handle: AppProcess; start(): Promise<void> }[] = [];
  const stopAll = async () => {
    await Promise.all(processes.map((p) => p.handle.stop()));
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const ports = new Set<number>();
    while (ports.size < count) ports.add(await freePort());
    [...ports].forEach((port, i) => {
      const seed = i === 0 && opts.seedDemo !== false ? '1' : '0';
      processes.push(appProcess(i + 1, port, { ...base, SEED_DEMO: opts.env?.SEED_DEMO ?? seed }, readyTimeoutMs, opts.nodeArgs ?? []));
    });
    await processes[0]?.start();
    await Promise.all(processes.slice(1).map((p) => p.start()));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { processes: processes.map((p) => p.handle), dataDir, stop: stopAll };
}
