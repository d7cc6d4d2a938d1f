import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { sites } from '../db/schema';
import { ensureDemoSites } from '../db/seed/demo-data';

/**
 * Members chatting in pairs, in bulk (the chat's plan and read tests): `pairs` pairs of
 * active, confirmed members on the demo site, (first + 2k, first + 2k + 1), each pair with
 * its conversation and both sides. Not analyzed: callers decide.
 */
export async function seedChatPairs(database: Database, pairs: number, emailPrefix: string): Promise<{ siteId: number; firstId: number }> {
  await ensureDemoSites(database.db);
  const [site] = await database.db.select({ id: sites.id }).from(sites).where(eq(sites.key, 'rendezvous'));
  const siteId = site!.id;
  const { rows } = await database.pool.query<{ id: number }>(
    `insert into members (site_id, email, status, email_confirmed_at, name, gender, birth_date, country)
     select $1, $3 || i || '@example.test', 'active', now(), 'Member ' || i, 'female', date '1990-01-01', 'NL'
     from generate_series(1, $2) i returning id`,
    [siteId, pairs * 2, emailPrefix],
  );
  const firstId = Math.min(...rows.map((r) => r.id));
  await database.pool.query(
    `insert into conversations (site_id, member_low_id, member_high_id, started_by)
     select $1, m.id, m.id + 1, m.id from members m where m.id >= $2 and (m.id - $2) % 2 = 0`,
    [siteId, firstId],
  );
  await database.pool.query(
    `insert into conversation_members (conversation_id, member_id, other_id)
     select c.id, c.member_low_id, c.member_high_id from conversations c where c.member_low_id >= $1
     union all select c.id, c.member_high_id, c.member_low_id from conversations c where c.member_low_id >= $1`,
    [firstId],
  );
  return { siteId, firstId };
}
