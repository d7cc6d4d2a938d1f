import { REACTIVATION_DAYS } from '../../../common/limits';
import type { Db } from '../../db/database';
import type { ObjectStorage } from '../../storage/object-storage';
import { conversationsOf, unreadLeavingWith } from '../chat/chat-repository';
import { eraseConversationEvents, retireConversationPhotos } from '../chat/conversation-erasure-repository';
import { appendEvents } from '../member-events/member-events-repository';
import { deletePurgeableMember, listPurgeableMembers, lockPurgeableMember, photoKeysOf } from './account-deletion-repository';
import { isDemoKey } from '../photos/media-url';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

export interface PurgeResult {
  purged: number;
  failed: number;
  files: number;
  /** The first failure, for the log (storage errors name keys, never members). */
  firstError?: unknown;
}

/**
 * Erases the accounts deleted more than REACTIVATION_DAYS ago: their own photo files
 * (never the shared demo images) and the chat photos others sent them, then the member row,
 * which takes photos, sessions, credits, conversations, messages, their own live events and
 * links with it (ON DELETE CASCADE).
 * Each member is its own savepoint: one that fails (a storage error) stays for the next
 * run and does not hold up the others.
 */
export async function purgeDeletedAccounts(db: Db, storage: ObjectStorage, now: Date): Promise<PurgeResult> {
  const cutoff = new Date(now.getTime() - REACTIVATION_DAYS * DAY_MS);
  const result: PurgeResult = { purged: 0, failed: 0, files: 0 };
  let afterId = 0;
  for (;;) {
    const ids = await listPurgeableMembers(db, cutoff, afterId, BATCH);
    if (ids.length === 0) return result;
    afterId = ids.at(-1)!;
    for (const id of ids) {
      try {
        const files = await db.transaction(async (tx) => {
          if (!(await lockPurgeableMember(tx, id, cutoff))) return null;
          const keys = (await photoKeysOf(tx, id)).filter((k) => !isDemoKey(k));
          // The other members' unread messages leave with the conversations (decision 0011).
          const unread = await unreadLeavingWith(tx, id);
          // What the other members kept of these conversations goes with them: their stored
          // events (replayable history) and the chat photos they sent only here.
          const chats = await conversationsOf(tx, id);
          keys.push(...(await retireConversationPhotos(tx, chats.map((c) => c.id))));
          await eraseConversationEvents(tx, chats.map((c) => c.id), [...new Set(chats.map((c) => c.otherId))]);
          if (!(await deletePurgeableMember(tx, id, cutoff))) return null;
          await appendEvents(tx, [], unread);
          // Files go after the row is gone inside the savepoint: if one fails, the row comes back.
          for (const key of new Set(keys)) await storage.delete(key);
          return keys.length;
        });
        if (files !== null) {
          result.purged += 1;
          result.files += files;
        }
      } catch (error) {
        result.failed += 1;
        result.firstError ??= error;
      }
    }
  }
}
