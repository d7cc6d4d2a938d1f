import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ensureDemoData } from '../../db/seed/demo-data';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts';
import { conversationMembers, members, sites } from '../../db/schema';
import { totalUnread } from '../chat/chat-repository';
import type { Database } from '../../db/database';
import { openTestDatabase } from '../../test-support/test-database';
import { likesOf } from './likes-service';

let database: Database;
let mediaDir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  mediaDir = await mkdtemp(path.join(tmpdir(), 'rv-demo-likes-'));
  await ensureDemoData(database.db, { members: 120, mediaDir });
}, 120_000);
afterAll(async () => {
  await database.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe('demo accounts', () => {
  it('receive a handful of likes: some new, one mutual', async () => {
    const [site] = await database.db.select().from(sites).where(eq(sites.isDefault, true));
    for (const account of DEMO_ACCOUNTS) {
      const [member] = await database.db.select().from(members).where(sql`lower(${members.email}) = ${account.email}`);
      const likes = await likesOf(database.db, site!.id, member!.id, (k) => k);
      expect(likes.new_likes, account.email).toBeGreaterThanOrEqual(2);
      expect(likes.liked_by.length).toBeGreaterThan(likes.new_likes);
      expect(likes.liked_by.filter((e) => e.mutual)).toHaveLength(1);
      expect(likes.liked_by[0]!.like_new).toBe(true);
    }
  });

  it('have two chats: one answered, one with two unread messages', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [member] = await database.db.select().from(members).where(sql`lower(${members.email}) = ${account.email}`);
      const sides = await database.db.select().from(conversationMembers).where(eq(conversationMembers.memberId, member!.id));
      expect(sides.map((s) => s.unread).sort(), account.email).toEqual([0, 2]);
      expect(await totalUnread(database.db, member!.id)).toBe(2);
    }
  });
});
