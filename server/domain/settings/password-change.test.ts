import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP, PASSWORD_MIN_LENGTH } from '../../../common/limits';
import { members, sessions } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { client, logIn, loggedInMember } from '../../test-support/test-client';

const t = testAppForFile();

const passwordHashOf = async (id: number) => (await t.database.db.select({ h: members.passwordHash }).from(members).where(eq(members.id, id)))[0]!.h;
const userOf = async (session: string) => (await client(t, session).get('/api/user.php')).json().user as { id: number } | null;

describe('PUT /api/password.php', () => {
  it('sets the new password, keeps this session and ends the others', async () => {
    const { member, session, api } = await loggedInMember(t);
    const otherDevice = await logIn(t, member.email, member.password);
    const res = await api.put('/api/password.php', { old_password: member.password, password: 'brand new secret', password_confirmation: 'brand new secret' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await userOf(session))?.id).toBe(member.id);
    expect(await userOf(otherDevice)).toBeNull();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.memberId, member.id))).toHaveLength(1);
    await expect(logIn(t, member.email, member.password)).rejects.toThrow();
    await expect(logIn(t, member.email, 'brand new secret')).resolves.toBeTruthy();
  });

  it('refuses a wrong old password with the spec message, in the visitor language, changing nothing', async () => {
    const { member, session } = await loggedInMember(t);
    const before = await passwordHashOf(member.id);
    const other = await logIn(t, member.email, member.password);
    for (const [lang, message] of [
      ['en', 'Please check your old password.'],
      ['de', 'Bitte überprüfe dein altes Passwort.'],
    ] as const) {
      const res = await client(t, session, lang).put('/api/password.php', { old_password: 'not it at all', password: 'brand new secret', password_confirmation: 'brand new secret' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'oldPassword', message });
    }
    expect(await passwordHashOf(member.id)).toBe(before);
    expect((await userOf(other))?.id).toBe(member.id);
  });

  it('checks confirmation and length before the old password, and bad shapes, changing nothing', async () => {
    const { member, api } = await loggedInMember(t);
    const before = await passwordHashOf(member.id);
    const differ = await api.put('/api/password.php', { old_password: 'wrong', password: 'abcdefgh1', password_confirmation: 'abcdefgh2' });
    expect(differ.json().error).toEqual({ code: 'passwordsDiffer', message: 'The entered passwords are not the same.' });
    const short = 'x'.repeat(PASSWORD_MIN_LENGTH - 1);
    const tooShort = await api.put('/api/password.php', { old_password: member.password, password: short, password_confirmation: short });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.code).toBe('passwordTooShort');
    for (const bad of [{}, { old_password: member.password, password: 12345678, password_confirmation: 12345678 }, { old_password: 'x'.repeat(2000), password: 'abcdefgh', password_confirmation: 'abcdefgh' }]) {
      const res = await api.put('/api/password.php', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalidInput');
    }
    expect(await passwordHashOf(member.id)).toBe(before);
    // None of these counted as a wrong password: the account is not blocked.
    await expect(logIn(t, member.email, member.password)).resolves.toBeTruthy();
  });

  it('needs a session (403)', async () => {
    const res = await client(t, null).put('/api/password.php', { old_password: 'a', password: 'abcdefgh', password_confirmation: 'abcdefgh' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('authRequired');
  });

  it('blocks the account after as many wrong old passwords as failed logins allow', async () => {
    const { member, api } = await loggedInMember(t);
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP + 1; i += 1) {
      codes.push((await api.put('/api/password.php', { old_password: `guess ${i}`, password: 'brand new secret', password_confirmation: 'brand new secret' })).statusCode);
    }
    expect(codes.slice(0, LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP - 1).every((c) => c === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // Even the right old password waits for the block to end.
    const right = await api.put('/api/password.php', { old_password: member.password, password: 'brand new secret', password_confirmation: 'brand new secret' });
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('accountBlocked');
  });

  it('lets only one of two parallel changes with the same old password through', async () => {
    const { member, api } = await loggedInMember(t);
    const [a, b] = await Promise.all([
      api.put('/api/password.php', { old_password: member.password, password: 'first new secret', password_confirmation: 'first new secret' }),
      api.put('/api/password.php', { old_password: member.password, password: 'second new secret', password_confirmation: 'second new secret' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const winner = a.statusCode === 200 ? 'first new secret' : 'second new secret';
    await expect(logIn(t, member.email, winner)).resolves.toBeTruthy();
  });
});
