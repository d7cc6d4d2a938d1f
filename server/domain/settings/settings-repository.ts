import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/database';
import { emailTokens, members, passwordResetTokens, sessions } from '../../db/schema';
import type { EmailTokenPurpose } from '../auth/email-token-repository';

/**
 * Sets a new password hash when the stored one is still the one the old password was
 * checked against (so of two parallel changes only one wins), and ends every other session
 * of the member: whoever else knew the old password is logged out, this browser stays.
 * Pending reset links die with the old password.
 */
export async function replacePassword(
  db: Db,
  input: { memberId: number; expectedHash: string; newHash: string; keepSessionHash: string | null; now?: Date },
): Promise<boolean> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(members)
      .set({ passwordHash: input.newHash })
      .where(and(eq(members.id, input.memberId), eq(members.passwordHash, input.expectedHash)))
      .returning({ id: members.id });
    if (!changed) return false;
    await tx
      .delete(sessions)
      .where(input.keepSessionHash ? and(eq(sessions.memberId, input.memberId), ne(sessions.tokenHash, input.keepSessionHash)) : eq(sessions.memberId, input.memberId));
    await tx.update(passwordResetTokens).set({ usedAt: now }).where(and(eq(passwordResetTokens.memberId, input.memberId), isNull(passwordResetTokens.usedAt)));
    return true;
  });
}

/** Whether another member of the site already uses this address (case-insensitive). */
export async function emailTakenByOther(db: Db | Tx, siteId: number, email: string, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.siteId, siteId), sql`lower(${members.email}) = lower(${email})`, ne(members.id, memberId)));
  return Boolean(row);
}

/** Voids the member's unused links of a purpose (a newer link replaces them). */
export async function voidEmailTokens(db: Db | Tx, memberId: number, purpose: EmailTokenPurpose, now: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.memberId, memberId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

export interface NotificationRow {
  emailOptOuts: string[];
  notificationsDisabled: string[];
  invisible: boolean;
  pushMessageText: boolean;
}

export async function readNotificationRow(db: Db, memberId: number): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select({
      emailOptOuts: members.emailOptOuts,
      notificationsDisabled: members.notificationsDisabled,
      invisible: members.invisible,
      pushMessageText: members.pushMessageText,
    })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

/**
 * Applies switches in one statement: types turned off join the opt-out list, types turned
 * on leave it, computed from the row as it is at that moment, so two tabs saving
 * different switches at once both keep their change.
 */
export async function updateNotificationRow(
  db: Db,
  memberId: number,
  change: { turnOn: readonly string[]; turnOff: readonly string[]; invisible?: boolean | undefined; pushMessageText?: boolean | undefined; clearDisabled: boolean },
): Promise<void> {
  const set: PgUpdateSetSource<typeof members> = {};
  if (change.turnOn.length > 0 || change.turnOff.length > 0) {
    set.emailOptOuts = sql`coalesce((select array_agg(distinct x order by x) from unnest(array_cat(${members.emailOptOuts}, ${textArray(change.turnOff)})) as u(x) where x <> all(${textArray(change.turnOn)})), '{}'::text[])`;
  }
  if (change.invisible !== undefined) set.invisible = change.invisible;
  if (change.pushMessageText !== undefined) set.pushMessageText = change.pushMessageText;
  if (change.clearDisabled) set.notificationsDisabled = sql`'{}'::text[]`;
  if (Object.keys(set).length === 0) return;
  await db.update(members).set(set).where(eq(members.id, memberId));
}

/** Locks the member row until the transaction ends, so parallel requests take turns. */
export async function lockMemberRow(tx: Tx, memberId: number): Promise<void> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('no key update');
}

/** The member's site, address and status, the row locked until the transaction ends. */
export async function lockMemberAddress(tx: Tx, memberId: number) {
  const [member] = await tx
    .select({ id: members.id, siteId: members.siteId, email: members.email, status: members.status })
    .from(members)
    .where(eq(members.id, memberId))
    .for('no key update');
  return member;
}

/**
 * Moves the member to a confirmed new address (an account still waiting for activation is
 * activated by it, an earlier "address bounces" no longer applies) and voids the pending
 * reset links sent to the old one.
 */
export async function moveToConfirmedAddress(tx: Tx, memberId: number, email: string, wasUnconfirmed: boolean, now: Date): Promise<void> {
  await tx
    .update(members)
    .set({
      email,
      emailConfirmedAt: now,
      ...(wasUnconfirmed ? { status: 'active', profileStatus: 'active' } : {}),
      notificationsDisabled: sql`array_remove(${members.notificationsDisabled}, 'bounce')`,
    })
    .where(eq(members.id, memberId));
  await tx.update(passwordResetTokens).set({ usedAt: now }).where(and(eq(passwordResetTokens.memberId, memberId), isNull(passwordResetTokens.usedAt)));
}
