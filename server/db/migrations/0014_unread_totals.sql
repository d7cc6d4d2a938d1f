-- A member's unread total kept with their event stream (decision 0011). Before, it was summed
-- over all the member's conversation sides whenever it was needed: twice in every send and
-- on every refresh of the user; a fictional profile with thousands of chats made every
-- message to or from it read all of its sides while its stream row was locked. Now
-- event_streams.unread moves by a delta in each statement that changes a side's unread count
-- and holds the stream row: the sends (rv_chat_send, rv_chat_send_many: server/db/functions/);
-- reading, deleting and blocking chats, signup's first message and the account purge in
-- server code (appendEvents with deltas, server/domain/chat/live-events.ts).

ALTER TABLE "event_streams" ADD COLUMN "unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint

-- Filled from the sides (no send runs during a migration).
INSERT INTO event_streams (member_id, seq, unread)
  SELECT member_id, 0, sum(unread)::int FROM conversation_members GROUP BY member_id HAVING sum(unread) > 0
  ON CONFLICT (member_id) DO UPDATE SET unread = excluded.unread;
