import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Polls `url` until it answers 200; resolves with the milliseconds it took. */
export async function waitFor200(url: string, timeoutMs = 120_000, started = performance.now()): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts `node <args>` in the project root with env, and waits until `readyPath` answers 200. */
export async function startProcess(args: string[], env: Record<string, string>, port: number, readyPath = '/'): Promise<RunningServer & { readyMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const readyMs = await waitFor200(url + readyPath, 180_000, started);
  return {
    url,
    process: child,
    readyMs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
