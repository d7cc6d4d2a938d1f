import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { webAppManifestSchema } from '../../../common/installed-app/manifest-schema';
import { PUSH_SERVICE_WORKER_VERSION } from '../../../common/limits';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { projectPath } from '../../project-paths';
import { localeFile } from '../../../tests/e2e/locale-files';
// @ts-expect-error: the build script is plain JavaScript without declarations.
import { buildServiceWorker } from '../../../scripts/build.mjs';

const t = testAppForFile();
const get = (url: string, host = 'localhost:3000', locale = 'en', headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host, cookie: `i18n_redirected=${locale}`, ...headers } });

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [...data.subarray(at, at + 4)];
}

describe('GET /manifest.webmanifest', () => {
  it("answers the site's name, theme and icons in the visitor's language", async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = webAppManifestSchema.parse(res.json());
    expect(manifest).toMatchObject({ name: 'Rendezvous', short_name: 'Rendezvous', lang: 'en', start_url: '/', scope: '/', display: 'standalone', theme_color: '#4a148c' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it('is white-label: another host gets its own name, icons and language', async () => {
    const rendezvous = webAppManifestSchema.parse((await get('/manifest.webmanifest')).json());
    const flirtdate = webAppManifestSchema.parse((await get('/manifest.webmanifest', 'flirtdate.localhost', 'nl')).json());
    expect(flirtdate).toMatchObject({ name: 'Flirtdate', lang: 'nl' });
    expect(flirtdate.description).not.toBe(rendezvous.description);
    // Icons are cached for a year: their URL changes with the name they show.
    expect(flirtdate.icons[0]!.src).not.toBe(rendezvous.icons[0]!.src);
    const milf = webAppManifestSchema.parse((await get('/manifest.webmanifest', 'milfmatch.localhost')).json());
    expect(milf).toMatchObject({ name: 'MILF Match', short_name: 'MILF Match' });
  });
});

describe('GET /app-icons/:file', () => {
  it('draws PNG icons of every size the manifest lists, cached for a year', async () => {
    const manifest = webAppManifestSchema.parse((await get('/manifest.webmanifest')).json());
    for (const icon of manifest.icons) {
      const res = await get(icon.src);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      expect(meta.format).toBe('png');
    }
  });

  it('rounds the corners of the plain icon and fills the maskable and iOS ones edge to edge', async () => {
    const plain = (await get('/app-icons/192.png')).rawPayload;
    const maskable = (await get('/app-icons/512-maskable.png')).rawPayload;
    const apple = (await get('/app-icons/180.png')).rawPayload;
    expect((await pixel(plain, 0, 0))[3]).toBe(0);
    // The gradient starts in the theme's deep purple (#4a148c) at the top left.
    const [r, g, b, a] = await pixel(maskable, 0, 0);
    expect(a).toBe(255);
    expect(Math.abs(r! - 0x4a) + Math.abs(g! - 0x14) + Math.abs(b! - 0x8c)).toBeLessThan(12);
    expect((await pixel(apple, 0, 0))[3]).toBe(255);
  });

  it("draws each site's own monogram", async () => {
    const rendezvous = (await get('/app-icons/192.png')).rawPayload;
    const flirtdate = (await get('/app-icons/192.png', 'flirtdate.localhost')).rawPayload;
    expect(rendezvous.equals(flirtdate)).toBe(false);
    // The white letters are there: some pixels of the icon are near white.
    const { data } = await sharp(rendezvous).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let white = 0;
    for (let i = 0; i < data.length; i += 3) if (data[i]! > 240 && data[i + 1]! > 240 && data[i + 2]! > 240) white += 1;
    expect(white).toBeGreaterThan(200);
  });

  it('answers an unknown icon with a translated error and draws nothing', async () => {
    const res = await get('/app-icons/100.png', 'localhost:3000', 'de');
    expect(res.statusCode).toBe(400);
    const de = localeFile('de', 'common') as { errors: Record<string, string> };
    expect(res.json()).toMatchObject({ error: { message: de.errors.invalidInput } });
    expect(res.headers['content-type']).toMatch(/json/);
    expect((await get('/app-icons/..%2F..%2Fpackage.json')).statusCode).toBe(400);
  });
});

describe('GET /offline', () => {
  it("is a self-contained page in the visitor's language with the site's name", async () => {
    const res = await get('/offline', 'flirtdate.localhost', 'de');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const de = localeFile('de', 'common') as { offline: Record<string, string> };
    expect(res.body).toContain(`<h1>${de.offline.title}</h1>`);
    expect(res.body).toContain('Flirtdate');
    expect(res.body).toContain('lang="de"');
    // Nothing to load from the network: no script, no external style, a hash for its own style.
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/style-src 'sha256-/);
    expect(csp).not.toMatch(/unsafe-inline|script-src/);
    expect(res.body).not.toMatch(/<script|<link|src=/);
  });
});

describe('GET /sw.js', () => {
  beforeAll(async () => {
    // The route serves the bundle `npm run build` makes; build that very bundle here.
    await buildServiceWorker(projectPath('build/worker/sw.js'));
  }, 60_000);

  it('serves the worker as JavaScript that browsers revalidate on every update check', async () => {
    const res = await get('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toBe("default-src 'self'");
    expect(res.body).toContain(`rendezvous-offline-v`);
    expect(res.body).toContain('rendezvous:pushed');
    expect(PUSH_SERVICE_WORKER_VERSION).toBe(2);
    const again = await get('/sw.js', 'localhost:3000', 'en', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});
