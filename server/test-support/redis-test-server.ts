import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** Where the tests look for redis-server (CI installs it; REDIS_SERVER overrides). */
export const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

/**
 * Redis tests run only where redis-server exists. Missing, they fail with a clear message
 * unless SKIP_REDIS_TESTS=1 says to skip them (a machine without Redis, on purpose).
 */
export function redisTestsSkipped(): boolean {
  if (existsSync(REDIS_SERVER)) return false;
  if (process.env.SKIP_REDIS_TESTS === '1') return true;
  throw new Error(`redis-server not found at ${REDIS_SERVER}: install it (apt-get install redis-server), set REDIS_SERVER, or set SKIP_REDIS_TESTS=1 to skip the Redis tests`);
}

export interface RedisTestServer {
  url: string;
  port: number;
  /** Kills the server (also to simulate an outage) and waits for it to exit. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A throwaway redis-server on a free port, without persistence. */
export async function startRedisServer(port?: number): Promise<RedisTestServer> {
  const chosen = port ?? (await freePort());
  const child: ChildProcess = spawn(REDIS_SERVER, ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}): ${output}`));
    });
  });
  child.stdout!.resume();
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
