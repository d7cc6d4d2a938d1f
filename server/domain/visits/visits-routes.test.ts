import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pageBounces, visits } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { encodeVisit, newVisit, VISIT_COOKIE } from './visit-cookie';

const t = testAppForFile();

const origin = 'http://localhost:3000';

function beacon(cookie: string | undefined, referer = `${origin}/pages/faq`) {
  return t.app.inject({
    method: 'POST',
    url: '/api/page-hidden.php',
    headers: { host: 'localhost:3000', origin, referer, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: '{}',
  });
}

describe('POST /api/page-hidden.php', () => {
  it('records the visit once and counts each hidden page', async () => {
    const visit = newVisit('/', false, { network: 'adnet' });
    const cookie = `${VISIT_COOKIE}=${t.app.signCookie(encodeVisit(visit))}`;
    expect((await beacon(cookie)).statusCode).toBe(204);
    expect((await beacon(cookie)).statusCode).toBe(204);
    const [row] = await t.database.db.select().from(visits).where(eq(visits.id, visit.id));
    expect(row).toMatchObject({ hiddenCount: 2, landingPath: '/', logBounce: false, tracking: { network: 'adnet' } });
    expect(await t.database.db.select().from(pageBounces).where(eq(pageBounces.visitId, visit.id))).toHaveLength(0);
  });

  it('logs page bounces when the landing URL had lb', async () => {
    const visit = newVisit('/landers/video', true, {}, Date.now() - 4000);
    const cookie = `${VISIT_COOKIE}=${t.app.signCookie(encodeVisit(visit))}`;
    await beacon(cookie, `${origin}/landers/video`);
    const bounces = await t.database.db.select().from(pageBounces).where(eq(pageBounces.visitId, visit.id));
    expect(bounces).toHaveLength(1);
    expect(bounces[0]!.path).toBe('/landers/video');
    expect(bounces[0]!.msOnSite).toBeGreaterThanOrEqual(4000);
  });

  it('answers a malformed or foreign Referer without an error, taking the landing path instead', async () => {
    const visit = newVisit('/landers/video', true, {}, Date.now() - 4000);
    const cookie = `${VISIT_COOKIE}=${t.app.signCookie(encodeVisit(visit))}`;
    expect((await beacon(cookie, 'http://[::1')).statusCode).toBe(204);
    expect((await beacon(cookie, 'https://elsewhere.example/secret-path')).statusCode).toBe(204);
    const bounces = await t.database.db.select().from(pageBounces).where(eq(pageBounces.visitId, visit.id));
    expect(bounces.map((b) => b.path)).toEqual(['/landers/video', '/landers/video']);
  });

  it('ignores a forged (unsigned) visit cookie', async () => {
    const visit = newVisit('/', false, {});
    expect((await beacon(`${VISIT_COOKIE}=${encodeVisit(visit)}`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(visits).where(eq(visits.id, visit.id))).toHaveLength(0);
  });

  it('refuses a body that is not the empty object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { host: 'localhost:3000', origin, 'content-type': 'application/json' },
      payload: '{"x":1}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a cross-site beacon (CSRF)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { host: 'localhost:3000', origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbiddenOrigin');
  });
});
