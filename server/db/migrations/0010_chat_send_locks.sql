-- rv_chat_send_many (migration 0009, decision 0009) with cheaper locking, measured in the chat
-- bench at 1,000 msg/s (docs/performance.md): most batches hold one send, and the
-- batch-wide lock statements cost more than the send itself.
-- - A batch of one send takes no batch-wide locks: rv_chat_send takes its own in the same
--   order (members, conversations, conversation sides, event streams).
-- - The lock statements read by index (enable_seqscan off): their plans are generic, made
--   once per connection, and one made while a table was small or not yet analyzed scanned
--   all of conversations for every batch (0.2-1.2 ms per batch as the table grew).

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
      FROM conversations c
      JOIN (SELECT DISTINCT least((value->>'sender')::integer, (value->>'profile')::integer) AS low, greatest((value->>'sender')::integer, (value->>'profile')::integer) AS high
            FROM jsonb_array_elements(p_items)) p ON c.member_low_id = p.low AND c.member_high_id = p.high;
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
--> statement-breakpoint

-- The same for a send's own statements (rv_chat_send_many sets it for them too): a generic
-- plan made on a small messages table scans it on every later send.
ALTER FUNCTION rv_chat_send(text, integer, integer, integer, text, text, text, integer, text, integer, integer, integer) SET enable_seqscan = off;
