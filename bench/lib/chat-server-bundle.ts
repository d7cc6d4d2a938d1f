import path from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './server-process';

/** Where the chat bench's server bundle is written (build/ is not committed). */
export const CHAT_SERVER_BUNDLE = path.join(ROOT, 'build/bench/chat-server.mjs');

/**
 * Bundles bench/lib/chat-server.ts as `npm run build` bundles server/main.ts (one ES module,
 * npm packages external, scripts/build.mjs), so that the bench's servers run the app as
 * `npm start` does: plain Node.js, no TypeScript loader, whose module sources and compiled
 * code would otherwise sit in every server's old generation (decision 0012).
 */
export async function buildChatServer(): Promise<string> {
  await build({
    entryPoints: [path.join(ROOT, 'bench/lib/chat-server.ts')],
    outfile: CHAT_SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return CHAT_SERVER_BUNDLE;
}
