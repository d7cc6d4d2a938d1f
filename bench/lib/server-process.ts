import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The Node.js flags `npm start` gives the server (package.json's start script, the flags
 * between `node` and the script), so that the benches' servers run as the product does.
 */
export function startScriptNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return nodeFlagsOf(scripts.start);
}

/** The flags of a `node [flags] script` command line (throws for anything else). */
export function nodeFlagsOf(command: string): string[] {
  const words = command.trim().split(/\s+/);
  const script = words.findIndex((w, i) => i > 0 && !w.startsWith('-'));
  if (words[0] !== 'node' || script < 0) throw new Error(`not a command that runs a script with node: ${command}`);
  return words.slice(1, script);
}

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
