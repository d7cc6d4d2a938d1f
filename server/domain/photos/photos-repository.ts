import { and, asc, desc, eq, inArray, lt, max, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { members, photos } from '../../db/schema';

export type PhotoRow = typeof photos.$inferSelect;
type Handle = Db | Tx;

export interface MemberPhotoState {
  paidUser: boolean;
  mainPhotoId: number | null;
}

/** What the photo rules need of a member, without a lock (for early answers). */
export async function memberPhotoState(db: Handle, memberId: number): Promise<MemberPhotoState | undefined> {
  const [row] = await db.select({ paidUser: members.paidUser, mainPhotoId: members.mainPhotoId }).from(members).where(eq(members.id, memberId));
  return row;
}

/**
 * Locks the member's row until the transaction ends: uploads and deletions of one member
 * then run one after the other, so parallel requests cannot pass the photo limit together.
 */
export async function lockMember(tx: Tx, memberId: number): Promise<MemberPhotoState | undefined> {
  const [row] = await tx
    .select({ paidUser: members.paidUser, mainPhotoId: members.mainPhotoId })
    .from(members)
    .where(eq(members.id, memberId))
    .for('no key update');
  return row;
}

/** Gallery photos that count towards the limit: every profile photo not deleted. */
export async function countProfilePhotos(db: Handle, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(photos)
    .where(and(eq(photos.memberId, memberId), eq(photos.kind, 'profile'), ne(photos.status, 'deleted')));
  return row?.n ?? 0;
}

export async function insertPhoto(tx: Tx, values: Omit<typeof photos.$inferInsert, 'position'>): Promise<PhotoRow> {
  const [last] = await tx
    .select({ position: max(photos.position) })
    .from(photos)
    .where(and(eq(photos.memberId, values.memberId), eq(photos.kind, values.kind ?? 'profile')));
  const [row] = await tx
    .insert(photos)
    .values({ ...values, position: (last?.position ?? -1) + 1 })
    .returning();
  return row!;
}

export async function setMainPhoto(tx: Tx, memberId: number, photoId: number | null): Promise<void> {
  await tx.update(members).set({ mainPhotoId: photoId }).where(eq(members.id, memberId));
}

export async function listOwnPhotos(db: Handle, memberId: number, kind: string): Promise<PhotoRow[]> {
  return db
    .select()
    .from(photos)
    .where(and(eq(photos.memberId, memberId), eq(photos.kind, kind), ne(photos.status, 'deleted')))
    .orderBy(asc(photos.position), asc(photos.id));
}

export async function findOwnPhoto(db: Handle, memberId: number, photoId: number): Promise<PhotoRow | undefined> {
  const [row] = await db
    .select()
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.memberId, memberId), ne(photos.status, 'deleted')));
  return row;
}

export async function markPhotoDeleted(tx: Tx, photoId: number): Promise<void> {
  await tx.update(photos).set({ status: 'deleted' }).where(eq(photos.id, photoId));
}

/** The photo that takes over as main: the first active one in gallery order, else the first in inspection. */
export async function nextMainPhotoId(tx: Tx, memberId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.memberId, memberId), eq(photos.kind, 'profile'), ne(photos.status, 'deleted')))
    .orderBy(desc(sql`${photos.status} = 'active'`), asc(photos.position), asc(photos.id))
    .limit(1);
  return row?.id ?? null;
}

/** Sets photos in inspection active; `ids` null approves every pending photo. Returns the ids approved. */
export async function approvePendingPhotos(db: Db, ids: number[] | null): Promise<number[]> {
  const pending = eq(photos.status, 'in_inspection');
  const rows = await db
    .update(photos)
    .set({ status: 'active' })
    .where(ids === null ? pending : and(pending, inArray(photos.id, ids)))
    .returning({ id: photos.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Rewrites the gallery positions: `ids` in this order get positions 0, 1, 2, ... */
export async function writePhotoPositions(tx: Tx, memberId: number, ids: readonly number[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await tx.update(photos).set({ position }).where(and(eq(photos.id, id), eq(photos.memberId, memberId)));
  }
}

/** Photos not sent in any message: a chat photo uploaded for a message never sent. */
const unsent = sql`not exists (select 1 from messages m where m.photo_id = ${photos.id})`;

/** The member's chat photos not deleted that no message uses (CHAT_PHOTOS_UNSENT_MAX). */
export async function countUnsentChatPhotos(db: Handle, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(photos)
    .where(and(eq(photos.memberId, memberId), eq(photos.kind, 'chat'), ne(photos.status, 'deleted'), unsent));
  return row?.n ?? 0;
}

/**
 * Marks deleted up to `limit` chat photos uploaded before `cutoff` that no message uses, and
 * returns their storage keys (removed after commit by the caller). A send that takes one of
 * them at the same moment finds it deleted and is refused (photoNotFound).
 */
export async function retireUnsentChatPhotos(db: Db, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .update(photos)
    .set({ status: 'deleted' })
    .where(
      inArray(
        photos.id,
        db
          .select({ id: photos.id })
          .from(photos)
          .where(and(eq(photos.kind, 'chat'), ne(photos.status, 'deleted'), lt(photos.createdAt, cutoff), unsent))
          .orderBy(asc(photos.createdAt))
          .limit(limit),
      ),
    )
    .returning({ filename: photos.filename, thumb: photos.thumbFilename });
  return rows.flatMap((r) => [r.filename, r.thumb]);
}
