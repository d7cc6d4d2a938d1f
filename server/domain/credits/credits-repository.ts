import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creditEntries, members } from '../../db/schema';

type Executor = Pick<Db, 'select' | 'insert'>;

/**
 * A member's balance: the sum of their ledger entries, as the ledger's trigger keeps it in
 * their row (migration 0012). Read fresh, not from a member row read earlier.
 */
export async function creditBalance(db: Executor, memberId: number): Promise<number> {
  const [row] = await db.select({ balance: members.creditBalance }).from(members).where(eq(members.id, memberId));
  return row?.balance ?? 0;
}

export interface CreditEntryInput {
  memberId: number;
  amount: number;
  kind: string;
  idempotencyKey?: string;
}

/** Appends an entry; with an idempotency key already used, nothing is added (returns false). */
export async function addCreditEntry(db: Executor, entry: CreditEntryInput): Promise<boolean> {
  const rows = await db
    .insert(creditEntries)
    .values({ memberId: entry.memberId, amount: entry.amount, kind: entry.kind, idempotencyKey: entry.idempotencyKey ?? null })
    .onConflictDoNothing({ target: creditEntries.idempotencyKey })
    .returning({ id: creditEntries.id });
  return rows.length > 0;
}
