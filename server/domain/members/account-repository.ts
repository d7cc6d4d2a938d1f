import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { members, photos } from '../../db/schema';

export type MemberRow = typeof members.$inferSelect;

/** Whether the member confirmed their e-mail address by the mailed link (spec 4). */
export function hasConfirmedEmail(member: Pick<MemberRow, 'emailConfirmedAt' | 'status'>): boolean {
  return member.emailConfirmedAt !== null && member.status !== 'not_confirmed';
}

export async function findMemberByEmail(db: Db, siteId: number, email: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.siteId, siteId), sql`lower(${members.email}) = lower(${email})`));
  return row;
}

export async function findMemberById(db: Db, id: number): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.id, id));
  return row;
}

/**
 * Records that the member is active now (the order "recently active first" of search and
 * listings), at most every `everyMs`: the row is written only when the stored time is older.
 */
export async function recordActivity(db: Db, id: number, now: Date, everyMs: number): Promise<void> {
  await db
    .update(members)
    .set({ lastActiveAt: now })
    .where(and(eq(members.id, id), lt(members.lastActiveAt, new Date(now.getTime() - everyMs))));
}

export async function updateMemberLanguage(db: Db, id: number, language: string): Promise<void> {
  await db.update(members).set({ language }).where(eq(members.id, id));
}

export interface MemberPhotos {
  count: number;
  main: { filename: string; thumbFilename: string; status: string } | null;
}

export async function memberPhotos(db: Db, member: MemberRow): Promise<MemberPhotos> {
  const [counted] = await db
    .select({ n: count() })
    .from(photos)
    // The gallery only: photos sent in chats are not the profile's.
    .where(and(eq(photos.memberId, member.id), eq(photos.kind, 'profile'), sql`${photos.status} <> 'deleted'`));
  const [main] = member.mainPhotoId
    ? await db
        .select({ filename: photos.filename, thumbFilename: photos.thumbFilename, status: photos.status })
        .from(photos)
        .where(and(eq(photos.id, member.mainPhotoId), eq(photos.memberId, member.id)))
    : [];
  return { count: counted?.n ?? 0, main: main ?? null };
}

export type MemberUpdate = Partial<typeof members.$inferInsert>;

/** Writes `values` to the member's row in one statement and returns the row as stored. */
export async function updateMember(db: Db, memberId: number, values: MemberUpdate): Promise<MemberRow> {
  const [row] = await db.update(members).set(values).where(eq(members.id, memberId)).returning();
  return row!;
}

/** Stores a new member and returns the row as stored. */
export async function insertMember(tx: Tx, values: typeof members.$inferInsert): Promise<MemberRow> {
  const [row] = await tx.insert(members).values(values).returning();
  if (!row) throw new Error('member insert returned nothing');
  return row;
}
