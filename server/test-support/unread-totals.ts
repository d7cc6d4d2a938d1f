import type { Database } from '../db/database';

/**
 * Members whose kept unread total (event_streams.unread, decision 0011) is not the sum of
 * their conversation sides' unread counts: empty when every write kept it. Tests of the
 * writers assert it after each test.
 */
export async function unreadTotalsOff(database: Database): Promise<{ member_id: number; kept: number; summed: number }[]> {
  const { rows } = await database.pool.query<{ member_id: number; kept: number; summed: number }>(`
    select coalesce(s.member_id, c.member_id) as member_id, coalesce(s.unread, 0) as kept, coalesce(c.summed, 0) as summed
    from event_streams s
    full join (select member_id, sum(unread)::int as summed from conversation_members group by member_id) c on c.member_id = s.member_id
    where coalesce(s.unread, 0) <> coalesce(c.summed, 0)
    order by 1`);
  return rows;
}
