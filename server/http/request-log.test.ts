import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { redactUrl } from './request-log';

const SECRET = 'Zq3s9-SECRET-TOKEN-Kx81';
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream });
});
afterAll(async () => t?.close());

describe('request log', () => {
  it('never writes the token of a mailed link, whatever the route answers', async () => {
    const urls = [
      `/activate/done?token=${SECRET}`,
      `/reset-password/do?lang=de&token=${SECRET}`,
      `/mail-change/do?token=${SECRET}`,
      `/account-deleted?reactivate=${SECRET}&email=a%40example.test`,
      `/api/activate.php?TOKEN=${SECRET}`,
      `/api/nope.php?to%6Ben=${SECRET}`,
      `/media/s/4102444800/${SECRET}/members/1/x.webp`,
    ];
    for (const url of urls) await t.app.inject({ url, headers: { host: 'localhost' } });
    await t.app.inject({ method: 'OPTIONS', url: `/activate/done?token=${SECRET}`, headers: { host: 'localhost' } });
    const logged = lines.join('\n');
    expect(logged).toContain('incoming request');
    expect(logged).toContain('/activate/done?token=[redacted]');
    expect(logged).not.toContain(SECRET);
  });

  it('keeps the rest of the URL readable', () => {
    expect(redactUrl('/members?gender=f&min_age=30')).toBe('/members?gender=f&min_age=30');
    expect(redactUrl('/account-deleted?reactivate=abc&email=a%40b')).toBe('/account-deleted?reactivate=[redacted]&email=a%40b');
    expect(redactUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=[redacted]');
    expect(redactUrl('/api/discountcode.php?code=STAY-AB12CD34&lang=de')).toBe('/api/discountcode.php?code=[redacted]&lang=de');
    expect(redactUrl('/media/s/123/sig/members/1/a.webp')).toBe('/media/s/123/[redacted]/members/1/a.webp');
  });
});
