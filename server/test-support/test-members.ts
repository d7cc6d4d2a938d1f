import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { members, sites } from '../db/schema';
import { AUTH_SESSION_COOKIE } from '../../common/limits';
import { hashPassword } from '../domain/auth/password';
import { startSession } from '../domain/auth/sessions';

let counter = 0;

/** The id of a demo site (default: the default demo site, rendezvous). */
export async function demoSiteId(db: Db, siteKey = 'rendezvous'): Promise<number> {
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.key, siteKey));
  if (!site) throw new Error(`no demo site ${siteKey}`);
  return site.id;
}

/** A member with a password on the site `siteKey` (default: the default demo site). */
export async function createMember(db: Db, overrides: Partial<typeof members.$inferInsert> & { password?: string; siteKey?: string } = {}) {
  const { password = 'correct horse battery', siteKey = 'rendezvous', ...fields } = overrides;
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.key, siteKey));
  counter += 1;
  const [row] = await db
    .insert(members)
    .values({
      siteId: site!.id,
      email: `member${counter}-${Date.now()}@example.test`,
      passwordHash: await hashPassword(password),
      status: 'active',
      name: `Member ${counter}`,
      gender: 'female',
      birthDate: '1990-05-17',
      country: 'NL',
      ...fields,
    })
    .returning();
  return { ...row!, password };
}

/** The Cookie header of a logged-in session of `memberId` (a session row, as a login makes; no password check). */
export async function sessionCookie(db: Db, memberId: number, locale = 'en'): Promise<string> {
  return `${AUTH_SESSION_COOKIE}=${await startSession(db, memberId, 'vitest')}; i18n_redirected=${locale}`;
}
