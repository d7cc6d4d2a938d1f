import { gzipSync } from 'node:zlib';

/** Gzip bytes of every JavaScript file the page loads at start (module scripts, preloads, imports). */
export async function initialJsBytes(pageUrl: string): Promise<{ files: number; gzipBytes: number }> {
  const html = await (await fetch(pageUrl)).text();
  const refs = new Set<string>();
  for (const m of html.matchAll(/(?:src|href)="([^"]+\.js)"/g)) refs.add(m[1]!);
  for (const m of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) refs.add(m[1]!);
  let gzipBytes = 0;
  for (const ref of refs) {
    const body = Buffer.from(await (await fetch(new URL(ref, pageUrl))).arrayBuffer());
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  return { files: refs.size, gzipBytes };
}
