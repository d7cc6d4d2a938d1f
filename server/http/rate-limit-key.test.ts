import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../test-support/test-app-for-file';
import { createMember, sessionCookie } from '../test-support/test-members';

const t = testAppForFile({ RATE_LIMIT_MAX: 3 });

const send = (cookie: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/message.php',
    remoteAddress,
    headers: { host: 'localhost', origin: 'http://localhost', cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ profile_id: 1, client_id: crypto.randomUUID(), kind: 'text', text: 'hello' }),
  });

describe('rate-limit keys (POST /api/message.php)', () => {
  it('gives an invented session cookie no fresh bucket: it is limited by the address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) codes.push((await send(`auth.session=invented-${i}-${'x'.repeat(30)}`, '203.0.113.50')).statusCode);
    expect(codes.slice(0, 3)).not.toContain(429);
    expect(codes.slice(3)).toEqual([429, 429]);
  });

  it('keys a logged-in member on the member, whatever their cookie or address', async () => {
    const member = await createMember(t.database.db);
    const codes: number[] = [];
    // A new session per request (a login each time) must not reset the member's count either.
    for (let i = 0; i < 5; i += 1) codes.push((await send(await sessionCookie(t.database.db, member.id), `203.0.113.${60 + i}`)).statusCode);
    expect(codes.slice(0, 3)).not.toContain(429);
    expect(codes.slice(3)).toEqual([429, 429]);
    // Another member behind the address that is spent keeps their own bucket.
    const other = await createMember(t.database.db);
    expect((await send(await sessionCookie(t.database.db, other.id), '203.0.113.50')).statusCode).not.toBe(429);
  });
});
