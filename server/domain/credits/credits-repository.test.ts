import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { creditEntries, members } from '../../db/schema';
import { ensureDemoSites } from '../../db/seed/demo-data';
import { openTestDatabase } from '../../test-support/test-database';
import { createMember } from '../../test-support/test-members';
import { addCreditEntry, creditBalance } from './credits-repository';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await ensureDemoSites(database.db);
});
afterAll(async () => database?.close());

/** The ledger's own sum, to hold the kept balance to. */
async function ledgerSum(memberId: number): Promise<number> {
  const [row] = await database.db
    .select({ sum: sql<string>`coalesce(sum(${creditEntries.amount}), 0)` })
    .from(creditEntries)
    .where(eq(creditEntries.memberId, memberId));
  return Number(row!.sum);
}

describe('the credits ledger and the balance kept from it', () => {
  it('moves the balance with every entry, once per idempotency key', async () => {
    const db = database.db;
    const member = await createMember(db);
    expect(await creditBalance(db, member.id)).toBe(0);
    expect(await addCreditEntry(db, { memberId: member.id, amount: 100, kind: 'signup_bonus', idempotencyKey: `signup:${member.id}` })).toBe(true);
    // The same grant again: no entry, no credits.
    expect(await addCreditEntry(db, { memberId: member.id, amount: 100, kind: 'signup_bonus', idempotencyKey: `signup:${member.id}` })).toBe(false);
    await addCreditEntry(db, { memberId: member.id, amount: -10, kind: 'message' });
    await addCreditEntry(db, { memberId: member.id, amount: 50, kind: 'adjustment' });
    expect(await creditBalance(db, member.id)).toBe(140);
    expect(await ledgerSum(member.id)).toBe(140);
  });

  it('counts entries written at the same time, each once', async () => {
    const db = database.db;
    const member = await createMember(db);
    await Promise.all(Array.from({ length: 20 }, (_, i) => addCreditEntry(db, { memberId: member.id, amount: i + 1, kind: 'adjustment' })));
    expect(await creditBalance(db, member.id)).toBe(210);
    expect(await ledgerSum(member.id)).toBe(210);
  });

  it('refuses to change an entry (a correction is a new entry), and the balance stays', async () => {
    const db = database.db;
    const member = await createMember(db);
    await addCreditEntry(db, { memberId: member.id, amount: 30, kind: 'purchase' });
    const refused = await db
      .update(creditEntries)
      .set({ amount: 3000 })
      .where(eq(creditEntries.memberId, member.id))
      .then(() => null, (error: Error) => error);
    // Drizzle wraps the database's error.
    expect((refused?.cause as Error | undefined)?.message).toMatch(/credit entries are never changed/);
    expect(await ledgerSum(member.id)).toBe(30);
    expect(await creditBalance(db, member.id)).toBe(30);
  });

  it('leaves with the member', async () => {
    const db = database.db;
    const member = await createMember(db);
    await addCreditEntry(db, { memberId: member.id, amount: 30, kind: 'purchase' });
    await db.delete(members).where(eq(members.id, member.id));
    expect(await db.select().from(creditEntries).where(eq(creditEntries.memberId, member.id))).toEqual([]);
  });
});
