import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { emailTokens } from '../../db/schema';
import { hashToken } from './sessions';

/** What an e-mailed link is for (password resets have their own table and rules). */
export type EmailTokenPurpose = 'activate' | 'mail_change' | 'reactivate';

export interface IssuedEmailToken {
  /** The secret for the link; only its hash is stored, it is never shown to a client. */
  token: string;
  expiresAt: Date;
}

/**
 * Makes a single-use link token for a member. Call it inside the transaction that decides
 * to send the mail, so the token and the decision land together.
 */
export async function issueEmailToken(
  db: Db | Tx,
  input: { memberId: number; purpose: EmailTokenPurpose; validMinutes: number; newEmail?: string; now?: Date },
): Promise<IssuedEmailToken> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + input.validMinutes * 60_000);
  await db.insert(emailTokens).values({
    tokenHash: hashToken(token),
    memberId: input.memberId,
    purpose: input.purpose,
    newEmail: input.newEmail ?? null,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** How many tokens of a purpose a member received since a moment (to cap mails per day). */
export async function countEmailTokensSince(db: Db | Tx, memberId: number, purpose: EmailTokenPurpose, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailTokens)
    .where(and(eq(emailTokens.memberId, memberId), eq(emailTokens.purpose, purpose), gt(emailTokens.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Uses a token up: returns its member (and new e-mail) when it is unused, unexpired and of
 * this purpose, else null. Marking it used is the guard, so of two parallel uses one wins.
 * Run it in the transaction that applies the token's effect.
 */
export async function consumeEmailToken(
  db: Db | Tx,
  token: string,
  purpose: EmailTokenPurpose,
  now = new Date(),
): Promise<{ memberId: number; newEmail: string | null } | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning({ memberId: emailTokens.memberId, newEmail: emailTokens.newEmail });
  return row ?? null;
}
