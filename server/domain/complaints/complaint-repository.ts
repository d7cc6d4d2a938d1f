import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { complaints, members } from '../../db/schema';

export interface NewComplaint {
  siteId: number;
  reporterId: number | null;
  email: string;
  category: string;
  profileId: number | null;
  body: string;
}

export async function insertComplaint(db: Db, complaint: NewComplaint): Promise<number> {
  const [row] = await db.insert(complaints).values(complaint).returning({ id: complaints.id });
  return row!.id;
}

/** Complaints sent from this address (any case) on this site since `since`. */
export async function complaintsSince(db: Db, siteId: number, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(complaints)
    .where(and(eq(complaints.siteId, siteId), sql`lower(${complaints.email}) = lower(${email})`, gt(complaints.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Whether the reported profile exists on this site. Deliberately not the listing rule: a
 * member may report a profile that has since gone invisible or that they blocked.
 */
export async function profileExists(db: Db, siteId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, id), eq(members.siteId, siteId)));
  return Boolean(row);
}
