import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { createMember, sessionCookie } from '../../test-support/test-members';
import { hashToken } from './sessions';

const HOUR = 60 * 60 * 1000;
const t = testAppForFile({ SESSION_IDLE_HOURS: 24 });

async function sessionLastSeen(cookie: string, hoursAgo: number) {
  const token = /auth\.session=([^;]+)/.exec(cookie)![1]!;
  await t.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - hoursAgo * HOUR) }).where(eq(sessions.tokenHash, hashToken(token)));
  return hashToken(token);
}
const me = (cookie: string) => t.app.inject({ url: '/api/user.php', headers: { host: 'localhost', cookie } });

describe('session idle timeout (SESSION_IDLE_HOURS)', () => {
  it('ends a session unused for longer than the idle timeout, though its cookie would live 30 days', async () => {
    const member = await createMember(t.database.db);
    const cookie = await sessionCookie(t.database.db, member.id);
    await sessionLastSeen(cookie, 25);
    expect((await me(cookie)).json().user).toBeNull();
  });

  it('keeps a session in use alive and records its use', async () => {
    const member = await createMember(t.database.db);
    const cookie = await sessionCookie(t.database.db, member.id);
    const hash = await sessionLastSeen(cookie, 23);
    expect((await me(cookie)).json().user.id).toBe(member.id);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hash));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(HOUR);
  });

  it('has a default the README documents: a week', async () => {
    const { loadConfig } = await import('../../config');
    expect(loadConfig({}).SESSION_IDLE_HOURS).toBe(168);
  });
});
