import { and, eq, inArray, sql } from 'drizzle-orm';
import type { NotificationsDisabledReason } from '../../../common/account/notification-settings';
import type { Db } from '../../db/database';
import { members, sites } from '../../db/schema';

/** The sites whose mails go out from `address` (their support_email, the From of every site mail). */
export async function sitesSendingAs(db: Db, address: string): Promise<number[]> {
  const rows = await db
    .select({ id: sites.id })
    .from(sites)
    .where(sql`lower(${sites.settings}->>'support_email') = ${address.toLowerCase()}`);
  return rows.map((r) => r.id);
}

/** The default site's id (the door of the command when no --site is given). */
export async function defaultSiteId(db: Db, key?: string): Promise<number | null> {
  const [row] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(key ? eq(sites.key, key) : eq(sites.isDefault, true))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Adds `reason` to notifications_disabled of the members with one of `addresses` on these
 * sites, or of the member `memberId` (with one of `addresses` unless none is given), once:
 * a reason already there is left alone, so a repeated report changes nothing.
 * `matched` counts the members found, `changed` those whose mail stopped now.
 */
export async function addDisabledReason(
  db: Db,
  input: ({ siteIds: number[] } | { memberId: number }) & { addresses: string[]; reason: NotificationsDisabledReason },
): Promise<{ matched: number; changed: number }> {
  const lowered = [...new Set(input.addresses.map((a) => a.toLowerCase()))];
  const byAddress = lowered.length > 0 ? inArray(sql`lower(${members.email})`, lowered) : undefined;
  if ('siteIds' in input && (input.siteIds.length === 0 || !byAddress)) return { matched: 0, changed: 0 };
  const target = and('siteIds' in input ? inArray(members.siteId, input.siteIds) : eq(members.id, input.memberId), byAddress);
  return db.transaction(async (tx) => {
    const matched = await tx.select({ id: members.id }).from(members).where(target).for('no key update');
    if (matched.length === 0) return { matched: 0, changed: 0 };
    const changed = await tx
      .update(members)
      .set({ notificationsDisabled: sql`array_append(${members.notificationsDisabled}, ${input.reason}::text)` })
      .where(and(target, sql`not (${input.reason}::text = any(${members.notificationsDisabled}))`))
      .returning({ id: members.id });
    return { matched: matched.length, changed: changed.length };
  });
}
