-- Several sends in one call and one transaction (send-batcher.ts, decision 0009): sends that
-- arrive while the previous batch runs share its round trip and its commit. The answers come
-- in the order of the items, each what rv_chat_send (chat-send.sql) would answer.
-- Applied after the migrations whenever this file changes (decision 0017).
-- - Locks: a batch holds the locks of all its sends until it commits, so a batch of more than
--   one send takes them first, each kind in id order and the kinds in the order every writer
--   uses (members, conversations, conversation sides, event streams): two batches, or a batch
--   and a receipt batch, never wait for each other in a circle. A batch of one takes none:
--   rv_chat_send takes its own in the same order.
-- - Conversations are found pair by pair (a LATERAL lookup: one index entry per pair whatever
--   the statistics say); enable_seqscan = off because the plans are generic, made once per
--   connection, often while the tables are small.
-- - When the sends cannot see each other's writes in their checks (every sender appears once,
--   every pair has its conversation), the batch is checked and written as one statement, the
--   unread counts, totals and stream numbers each event carries counted over the batch in send
--   order: about ten statements per send, each with its executor start-up, cost more than the
--   work itself. Any other batch goes send by send.
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
  v_senders_once boolean;
  v_missing integer;
  v_answers jsonb;
BEGIN
  IF jsonb_array_length(p_items) > 1 THEN
    SELECT array_agg(DISTINCT (value->>'sender')::integer), array_agg(DISTINCT m),
        count(DISTINCT (value->>'sender')::integer) = jsonb_array_length(p_items)
      INTO v_senders, v_members, v_senders_once
      FROM jsonb_array_elements(p_items), LATERAL (VALUES ((value->>'sender')::integer), ((value->>'profile')::integer)) AS x(m);
    PERFORM 1 FROM members WHERE id = ANY (v_senders) ORDER BY id FOR NO KEY UPDATE;
    SELECT array_agg(c.id ORDER BY c.id) FILTER (WHERE c.id IS NOT NULL), count(*) FILTER (WHERE c.id IS NULL)
      INTO v_conversations, v_missing
      FROM (SELECT DISTINCT least((value->>'sender')::integer, (value->>'profile')::integer) AS low, greatest((value->>'sender')::integer, (value->>'profile')::integer) AS high
            FROM jsonb_array_elements(p_items)) p
      LEFT JOIN LATERAL (SELECT c.id FROM conversations c WHERE c.member_low_id = p.low AND c.member_high_id = p.high LIMIT 1) c ON true;
    PERFORM 1 FROM conversations WHERE id = ANY (v_conversations) ORDER BY id FOR NO KEY UPDATE;
    PERFORM 1 FROM conversation_members WHERE conversation_id = ANY (v_conversations) ORDER BY conversation_id, member_id FOR NO KEY UPDATE;
    PERFORM 1 FROM event_streams WHERE member_id = ANY (v_members) ORDER BY member_id FOR NO KEY UPDATE;

    IF v_senders_once AND v_missing = 0 THEN
      -- Every row this reads was locked above (or is not written by a send): a statement of
      -- its own after the locks sees each send's state as rv_chat_send would. The checks and
      -- their order are rv_chat_send's, the answers its answers.
      WITH i AS (
        SELECT t.ord,
            t.value->>'session_hash' AS session_hash,
            (t.value->>'sender')::integer AS sender,
            (t.value->>'site')::integer AS site,
            (t.value->>'profile')::integer AS profile,
            t.value->>'client_id' AS client_id,
            t.value->>'kind' AS kind,
            t.value->>'body' AS body,
            (t.value->>'photo_id')::integer AS photo_id,
            t.value->>'gift' AS gift,
            (t.value->>'cost')::integer AS cost,
            (t.value->>'free_messages')::integer AS free_messages
          FROM jsonb_array_elements(p_items) WITH ORDINALITY AS t(value, ord)
      ), checked AS (
        SELECT i.*, c.id AS conversation, me.paid_user, me.free_messages_used, me.credit_balance, rep.id AS repeated, o.name AS other_name,
            ph.filename AS photo_file, ph.thumb_filename AS photo_thumb, ph.width AS photo_width, ph.height AS photo_height,
            CASE WHEN me.paid_user THEN 0 ELSE (SELECT count(*) FROM conversations s WHERE s.started_by = i.sender) END::int AS started,
            fr.free,
            CASE WHEN fr.free THEN 0 ELSE i.cost END AS charge,
            CASE
              WHEN me.id IS NULL OR me.site_id <> i.site OR me.status IN ('pending_deletion', 'disabled')
                OR (i.session_hash IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.token_hash = i.session_hash AND s.member_id = i.sender AND s.expires_at > now()))
                THEN 'authRequired'
              WHEN rep.id IS NOT NULL THEN 'repeated'
              WHEN o.id IS NULL OR o.site_id <> me.site_id OR o.status NOT IN ('active', 'not_confirmed') THEN 'memberNotFound'
              WHEN EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = i.sender AND b.blocked_id = o.id) OR (b.blocker_id = o.id AND b.blocked_id = i.sender)) THEN 'blocked'
              WHEN o.email_confirmed_at IS NULL OR o.status = 'not_confirmed' THEN 'unconfirmedOther'
              WHEN i.kind = 'photo' AND ph.filename IS NULL THEN 'photoNotFound'
              WHEN me.credit_balance < CASE WHEN fr.free THEN 0 ELSE i.cost END THEN 'notEnoughCredits'
            END AS refusal
          FROM i
          JOIN conversations c ON c.member_low_id = least(i.sender, i.profile) AND c.member_high_id = greatest(i.sender, i.profile)
          LEFT JOIN members me ON me.id = i.sender
          LEFT JOIN members o ON o.id = i.profile
          LEFT JOIN messages rep ON rep.sender_id = i.sender AND rep.client_id = i.client_id
          LEFT JOIN photos ph ON i.kind = 'photo' AND ph.id = i.photo_id AND ph.member_id = i.sender AND ph.kind = 'chat' AND ph.status <> 'deleted'
          CROSS JOIN LATERAL (SELECT i.kind = 'text' AND NOT me.paid_user AND me.free_messages_used < i.free_messages AS free) fr
      ), ok AS (
        SELECT * FROM checked WHERE refusal IS NULL
      ), roles AS (
        -- Each stored message as its two members see it: the recipient has one more unread.
        SELECT ok.ord, ok.conversation, r.member, r.received
          FROM ok, LATERAL (VALUES (ok.sender, 0), (ok.profile, 1)) AS r(member, received)
      ), sides AS (
        -- Each member's side after that send: as rv_chat_side reads it once the send is
        -- written, counting the batch's earlier sends (a member is in a send at most once).
        SELECT r.ord, r.member, r.received,
            cm.unread + (sum(r.received) OVER (PARTITION BY r.member, r.conversation ORDER BY r.ord))::int AS unread,
            -- Messages the member receives later in the batch: their total after this send
            -- is the stream's new total less those.
            (sum(r.received) OVER (PARTITION BY r.member) - sum(r.received) OVER (PARTITION BY r.member ORDER BY r.ord))::int AS received_later,
            -- This send's event is the member's place-th of the batch's `events` (numbered below).
            count(*) OVER (PARTITION BY r.member ORDER BY r.ord) AS place,
            count(*) OVER (PARTITION BY r.member) AS events,
            rv_tile_json(rv_member_listed(m.status, m.profile_status, m.invisible), m.id, m.name, m.birth_date, m.city, m.country, m.fictional, p.thumb_filename, p.width, p.height) AS tile
          FROM roles r
          JOIN conversation_members cm ON cm.conversation_id = r.conversation AND cm.member_id = r.member
          JOIN members m ON m.id = r.member
          LEFT JOIN photos p ON p.id = m.main_photo_id AND p.status = 'active'
      ), streams AS (
        -- Both members' streams, in member id order as every writer takes them; each member's
        -- events of the batch are numbered up to the stream's new seq, and the recipients'
        -- unread totals move by what they receive (decision 0011).
        INSERT INTO event_streams (member_id, seq, unread)
          SELECT member, count(*), sum(received) FROM roles GROUP BY member ORDER BY member
          ON CONFLICT (member_id) DO UPDATE SET seq = event_streams.seq + excluded.seq, unread = event_streams.unread + excluded.unread
          RETURNING member_id, seq, unread
      ), stored AS (
        -- In send order: message ids follow it within each conversation.
        INSERT INTO messages (conversation_id, sender_id, kind, body, client_id, photo_id, gift, credits)
          SELECT conversation, sender, kind, body, client_id, CASE WHEN kind = 'photo' THEN photo_id END, gift, charge FROM ok ORDER BY ord
          RETURNING id, sender_id, created_at
      ), sent AS (
        SELECT ok.*, st.id AS message_id, st.created_at,
            mine.tile AS my_tile, mine.unread AS my_unread, my_stream.unread - mine.received_later AS my_total, my_stream.seq - mine.events + mine.place AS my_seq,
            theirs.tile AS their_tile, theirs.unread AS their_unread, their_stream.unread - theirs.received_later AS their_total, their_stream.seq - theirs.events + theirs.place AS their_seq
          FROM ok
          JOIN stored st ON st.sender_id = ok.sender
          JOIN sides mine ON mine.ord = ok.ord AND mine.received = 0
          JOIN sides theirs ON theirs.ord = ok.ord AND theirs.received = 1
          JOIN streams my_stream ON my_stream.member_id = ok.sender
          JOIN streams their_stream ON their_stream.member_id = ok.profile
      ), events AS (
        SELECT sent.ord, sent.sender, sent.profile, sent.my_seq, sent.their_seq,
            rv_message_event(
              rv_message_json(message_id, conversation, false, client_id, kind, body, photo_file, photo_thumb, photo_width, photo_height, gift, created_at),
              my_tile, their_unread, their_total) AS to_them,
            rv_message_event(
              rv_message_json(message_id, conversation, true, client_id, kind, body, photo_file, photo_thumb, photo_width, photo_height, gift, created_at),
              their_tile, my_unread, my_total) AS to_me
          FROM sent
      ), last_messages AS (
        UPDATE conversations c SET last_message_id = x.message_id, last_message_at = x.created_at
          FROM (SELECT DISTINCT ON (conversation) conversation, message_id, created_at FROM sent ORDER BY conversation, message_id DESC) x
          WHERE c.id = x.conversation
      ), unread AS (
        UPDATE conversation_members cm SET unread = cm.unread + x.n
          FROM (SELECT conversation, profile, count(*)::int AS n FROM ok GROUP BY conversation, profile) x
          WHERE cm.conversation_id = x.conversation AND cm.member_id = x.profile
      ), ledger AS (
        -- Keyed by the message: paid once, never without it.
        INSERT INTO credit_entries (member_id, amount, kind, idempotency_key)
          SELECT sender, -charge, CASE WHEN kind = 'text' THEN 'message' ELSE kind END, 'message:' || message_id
          FROM sent WHERE charge > 0 ORDER BY ord
      ), free_counted AS (
        UPDATE members SET free_messages_used = free_messages_used + 1 WHERE id IN (SELECT sender FROM ok WHERE free)
      ), logged AS (
        INSERT INTO member_events (member_id, seq, event)
          SELECT x.member_id, x.seq, x.event
          FROM events, LATERAL (VALUES (events.profile, events.their_seq, events.to_them), (events.sender, events.my_seq, events.to_me)) AS x(member_id, seq, event)
      )
      SELECT jsonb_agg(
          CASE
            WHEN ch.refusal = 'repeated' THEN jsonb_build_object('repeated', ch.repeated, 'paid', ch.paid_user, 'free_used', ch.free_messages_used)
            WHEN ch.refusal = 'unconfirmedOther' THEN jsonb_build_object('error', ch.refusal, 'name', ch.other_name)
            WHEN ch.refusal IS NOT NULL THEN jsonb_build_object('error', ch.refusal)
            ELSE jsonb_build_object(
              'conversation', ch.conversation,
              'balance', ch.credit_balance - ch.charge,
              'started', ch.started,
              'paid', ch.paid_user,
              'free_used', ch.free_messages_used + CASE WHEN ch.free THEN 1 ELSE 0 END,
              'events', jsonb_build_array(
                jsonb_build_object('memberId', ch.profile, 'seq', ev.their_seq, 'event', ev.to_them),
                jsonb_build_object('memberId', ch.sender, 'seq', ev.my_seq, 'event', ev.to_me)))
          END ORDER BY ch.ord)
        INTO v_answers
        FROM checked ch LEFT JOIN events ev ON ev.ord = ch.ord;
      RETURN v_answers;
    END IF;
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
