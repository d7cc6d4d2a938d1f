import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium-path.mjs';

export interface Scores {
  performance: number;
  accessibility: number;
}

/** Lighthouse's mobile audit (its default form factor and throttling) of each URL. */
export async function lighthouseScores(urls: string[]): Promise<Record<string, Scores>> {
  const chrome = await chromeLauncher.launch({ chromePath: findChromium() ?? undefined, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  const out: Record<string, Scores> = {};
  try {
    for (const url of urls) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
      const categories = result?.lhr.categories;
      out[url] = {
        performance: Math.round((categories?.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
      };
      // No score at all is an audit that did not complete (a trace without a paint, a timeout): say which.
      if (categories?.performance?.score == null) {
        const errored = Object.values(result?.lhr.audits ?? {}).filter((a) => a.scoreDisplayMode === 'error');
        console.log(`  ${url}: no performance score: ${result?.lhr.runtimeError?.message ?? errored.map((a) => `${a.id} (${a.errorMessage ?? '?'})`).join(', ')}`);
      }
      const failed = Object.values(result?.lhr.audits ?? {}).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
      if (failed.length) console.log(`  ${url} failing audits: ${failed.map((a) => a.id).join(', ')}`);
    }
  } finally {
    chrome.kill();
  }
  return out;
}
