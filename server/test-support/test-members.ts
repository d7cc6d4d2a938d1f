import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { members, sites } from '../db/schema';
import { hashPassword } from '../domain/auth/password';

let counter = 0;

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
