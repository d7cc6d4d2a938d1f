-- Finding a batch's conversations by their pairs of members, one index entry per pair
-- (decision 0009). rv_chat_send_many (migration 0010) joined the batch's pairs to
-- `conversations`; its generic plan (made once per connection) hashed the pairs and read
-- every row of conversations_high_idx: 0.38 ms per batch with 1,000 conversations in the
-- chat bench, and a read of the whole table per batch in production. Each pair is now a
-- LATERAL lookup (a nested loop of index lookups whatever the statistics say), and
-- conversations_high_idx holds both members, so that whichever index the planner picks for
-- a pair it reads one entry (one on member_high_id alone reads every conversation a
-- much-written-to member has as the higher id).

DROP INDEX "conversations_high_idx";--> statement-breakpoint
CREATE INDEX "conversations_high_idx" ON "conversations" USING btree ("member_high_id","member_low_id");--> statement-breakpoint

CREATE OR REPLACE FUNCTION rv_chat_send_many(p_items jsonb) RETURNS jsonb
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
AS $$
DECLARE
  item jsonb;
  answers jsonb[] := '{}';
  v_senders integer[];
  v_members integer[];
  v_conversations integer[];
BEGIN
  IF jsonb_array_length(p_items) > 1 THEN
    SELECT array_agg(DISTINCT (value->>'sender')::integer), array_agg(DISTINCT m)
      INTO v_senders, v_members
      FROM jsonb_array_elements(p_items), LATERAL (VALUES ((value->>'sender')::integer), ((value->>'profile')::integer)) AS x(m);
    PERFORM 1 FROM members WHERE id = ANY (v_senders) ORDER BY id FOR NO KEY UPDATE;
    SELECT array_agg(c.id ORDER BY c.id) INTO v_conversations
      FROM (SELECT DISTINCT least((value->>'sender')::integer, (value->>'profile')::integer) AS low, greatest((value->>'sender')::integer, (value->>'profile')::integer) AS high
            FROM jsonb_array_elements(p_items)) p,
      LATERAL (SELECT c.id FROM conversations c WHERE c.member_low_id = p.low AND c.member_high_id = p.high LIMIT 1) c;
    PERFORM 1 FROM conversations WHERE id = ANY (v_conversations) ORDER BY id FOR NO KEY UPDATE;
    PERFORM 1 FROM conversation_members WHERE conversation_id = ANY (v_conversations) ORDER BY conversation_id, member_id FOR NO KEY UPDATE;
    PERFORM 1 FROM event_streams WHERE member_id = ANY (v_members) ORDER BY member_id FOR NO KEY UPDATE;
  END IF;
  FOR item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    answers := answers || rv_chat_send(
      item->>'session_hash',
      (item->>'sender')::integer,
      (item->>'site')::integer,
      (item->>'profile')::integer,
      item->>'client_id',
      item->>'kind',
      item->>'body',
      (item->>'photo_id')::integer,
      item->>'gift',
      (item->>'cost')::integer,
      (item->>'free_messages')::integer,
      (item->>'free_conversations')::integer);
  END LOOP;
  RETURN to_jsonb(answers);
END;
$$;
