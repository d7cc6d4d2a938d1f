-- Finding a batch's conversations by their pairs of members, one index entry per pair
-- (decision 0009). rv_chat_send_many (server/db/functions/chat-send-batch.sql) looks each
-- pair up with a LATERAL lookup (a nested loop of index lookups whatever the statistics say),
-- and conversations_high_idx holds both members, so that whichever index the planner picks
-- for a pair it reads one entry (one on member_high_id alone reads every conversation a
-- much-written-to member has as the higher id).

DROP INDEX "conversations_high_idx";--> statement-breakpoint
CREATE INDEX "conversations_high_idx" ON "conversations" USING btree ("member_high_id","member_low_id");
