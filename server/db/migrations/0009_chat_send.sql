-- Sending a chat message as one database call (decision 0009): the checks, the message, the
-- ledger entry and both members' live events in one statement's transaction, one round trip.
-- chat-service.ts sendMessage() calls it; the rules are documented there.

-- A member tile (member-tiles.ts toTile) with the photo's storage key, as stored events carry it.
CREATE OR REPLACE FUNCTION rv_tile_json(p_id integer, p_name text, p_birth date, p_city text, p_country text, p_fictional boolean, p_thumb text, p_width integer, p_height integer)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', p_id,
    'name', p_name,
    'age', date_part('year', age((now() AT TIME ZONE 'UTC')::date, p_birth))::int,
    'city', p_city,
    'country', p_country,
    'photo', CASE WHEN p_thumb IS NULL THEN NULL ELSE jsonb_build_object('thumb', p_thumb, 'width', coalesce(p_width, 0), 'height', coalesce(p_height, 0)) END,
    'fictional', p_fictional)
$$;
--> statement-breakpoint

-- A message as one side sees it (chat-presenter.ts presentMessage), with storage keys.
CREATE OR REPLACE FUNCTION rv_message_json(p_id integer, p_conversation integer, p_mine boolean, p_client_id text, p_kind text, p_body text, p_photo_file text, p_photo_thumb text, p_photo_width integer, p_photo_height integer, p_gift text, p_created_at timestamptz)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', p_id,
    'conversation', p_conversation,
    'client_id', CASE WHEN p_mine THEN p_client_id END,
    'mine', p_mine,
    'kind', p_kind,
    'text', CASE WHEN p_kind = 'text' THEN p_body ELSE '' END,
    'photo', CASE WHEN p_kind = 'photo' AND p_photo_file IS NOT NULL THEN jsonb_build_object('url', p_photo_file, 'thumb', p_photo_thumb, 'width', coalesce(p_photo_width, 0), 'height', coalesce(p_photo_height, 0)) END,
    'gift', CASE WHEN p_kind = 'gift' THEN p_gift END,
    'created_at', to_char(p_created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    -- A new message: nobody has received it yet; the other's messages are read by opening the chat.
    'state', CASE WHEN p_mine THEN 'sent' ELSE 'read' END)
$$;
--> statement-breakpoint

-- The live event of a message (common/chat/chat-schema.ts LiveEvent 'message') for one side.
CREATE OR REPLACE FUNCTION rv_message_event(p_message jsonb, p_profile jsonb, p_conversation_unread integer, p_total_unread integer)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('kind', 'message', 'message', p_message, 'profile', p_profile, 'conversation_unread', p_conversation_unread, 'total_unread_messages', p_total_unread)
$$;
--> statement-breakpoint

-- One member's side of a conversation: their tile, their unread count there and over all chats.
CREATE OR REPLACE FUNCTION rv_chat_side(p_conversation integer, p_member integer)
RETURNS TABLE (tile jsonb, unread integer, total integer) LANGUAGE sql STABLE AS $$
  SELECT rv_tile_json(m.id, m.name, m.birth_date, m.city, m.country, m.fictional, p.thumb_filename, p.width, p.height),
    cm.unread,
    (SELECT coalesce(sum(x.unread), 0) FROM conversation_members x WHERE x.member_id = m.id)::int
  FROM conversation_members cm
  JOIN members m ON m.id = cm.member_id
  LEFT JOIN photos p ON p.id = m.main_photo_id AND p.status = 'active'
  WHERE cm.conversation_id = p_conversation AND cm.member_id = p_member
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION rv_chat_send(
  p_session_hash text,
  p_sender integer,
  p_site integer,
  p_profile integer,
  p_client_id text,
  p_kind text,
  p_body text,
  p_photo_id integer,
  p_gift text,
  p_cost integer,
  p_free_messages integer,
  p_free_conversations integer
) RETURNS jsonb
LANGUAGE plpgsql
-- Plans are made once per connection: the statements are the same every time, and planning
-- them per call (custom plans) cost more than running them.
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  me record;
  other record;
  sides record;
  v_low integer := least(p_sender, p_profile);
  v_high integer := greatest(p_sender, p_profile);
  v_repeated integer;
  v_conversation integer;
  v_started integer;
  v_photo_file text;
  v_photo_thumb text;
  v_photo_width integer;
  v_photo_height integer;
  v_free boolean;
  v_cost integer;
  v_id integer;
  v_created_at timestamptz;
  v_to_them jsonb;
  v_to_me jsonb;
  v_seq_them bigint;
  v_seq_me bigint;
BEGIN
  -- The sender's row, locked: credits, free messages and started conversations cannot race
  -- (FOR NO KEY UPDATE: foreign keys to the row stay free). Over the live connection the
  -- session must still be live (a log-out elsewhere stops sending).
  SELECT id, site_id, status, paid_user, free_messages_used INTO me
    FROM members
    WHERE id = p_sender
      AND (p_session_hash IS NULL OR EXISTS (SELECT 1 FROM sessions s WHERE s.token_hash = p_session_hash AND s.member_id = p_sender AND s.expires_at > now()))
    FOR NO KEY UPDATE;
  IF NOT FOUND OR me.site_id <> p_site OR me.status IN ('pending_deletion', 'disabled') THEN
    RETURN jsonb_build_object('error', 'authRequired');
  END IF;

  -- A statement of its own after the lock (a function's statements each take a new snapshot):
  -- a send with the same client id that committed while this one waited is seen.
  SELECT id INTO v_repeated FROM messages WHERE sender_id = p_sender AND client_id = p_client_id;
  IF FOUND THEN
    RETURN jsonb_build_object('repeated', v_repeated, 'paid', me.paid_user, 'free_used', me.free_messages_used);
  END IF;

  -- The recipient as the sender sees them, the sender's started conversations and balance.
  SELECT o.id, o.site_id, o.status, o.name, o.email_confirmed_at,
      EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = p_sender AND b.blocked_id = o.id) OR (b.blocker_id = o.id AND b.blocked_id = p_sender)) AS blocked,
      (SELECT c.id FROM conversations c WHERE c.member_low_id = v_low AND c.member_high_id = v_high) AS conversation_id,
      CASE WHEN me.paid_user THEN 0 ELSE (SELECT count(*) FROM conversations c WHERE c.started_by = p_sender) END::int AS started,
      (SELECT coalesce(sum(e.amount), 0) FROM credit_entries e WHERE e.member_id = p_sender)::bigint AS balance
    INTO other FROM members o WHERE o.id = p_profile;
  IF NOT FOUND OR other.site_id <> me.site_id OR other.status NOT IN ('active', 'not_confirmed') THEN
    RETURN jsonb_build_object('error', 'memberNotFound');
  END IF;
  IF other.blocked THEN
    RETURN jsonb_build_object('error', 'blocked');
  END IF;
  IF other.email_confirmed_at IS NULL OR other.status = 'not_confirmed' THEN
    RETURN jsonb_build_object('error', 'unconfirmedOther', 'name', other.name);
  END IF;
  IF NOT me.paid_user AND other.conversation_id IS NULL AND other.started >= p_free_conversations THEN
    RETURN jsonb_build_object('error', 'conversationLimit');
  END IF;

  IF p_kind = 'photo' THEN
    SELECT filename, thumb_filename, width, height INTO v_photo_file, v_photo_thumb, v_photo_width, v_photo_height
      FROM photos WHERE id = p_photo_id AND member_id = p_sender AND kind = 'chat' AND status <> 'deleted';
    IF NOT FOUND THEN
      RETURN jsonb_build_object('error', 'photoNotFound');
    END IF;
  END IF;

  v_free := p_kind = 'text' AND NOT me.paid_user AND me.free_messages_used < p_free_messages;
  v_cost := CASE WHEN v_free THEN 0 ELSE p_cost END;
  IF other.balance < v_cost THEN
    RETURN jsonb_build_object('error', 'notEnoughCredits');
  END IF;

  -- Every check passed: from here on it writes (nothing above did).
  v_started := other.started;
  v_conversation := other.conversation_id;
  IF v_conversation IS NULL THEN
    INSERT INTO conversations (site_id, member_low_id, member_high_id, started_by)
      VALUES (me.site_id, v_low, v_high, p_sender) ON CONFLICT DO NOTHING RETURNING id INTO v_conversation;
    IF v_conversation IS NOT NULL THEN
      INSERT INTO conversation_members (conversation_id, member_id, other_id) VALUES (v_conversation, p_sender, p_profile), (v_conversation, p_profile, p_sender);
      IF NOT me.paid_user THEN
        v_started := v_started + 1;
      END IF;
    ELSE
      -- The other member's first message came first.
      SELECT id INTO v_conversation FROM conversations WHERE member_low_id = v_low AND member_high_id = v_high FOR NO KEY UPDATE;
    END IF;
  ELSE
    -- Locked before the message gets its id: ids follow the order of commits in a conversation.
    PERFORM 1 FROM conversations WHERE id = v_conversation FOR NO KEY UPDATE;
  END IF;

  -- The message, the conversation's last message, the recipient's unread count, the ledger
  -- entry keyed by the message (paid once, never without it) and a free message counted.
  WITH m AS (
    INSERT INTO messages (conversation_id, sender_id, kind, body, client_id, photo_id, gift, credits)
      VALUES (v_conversation, p_sender, p_kind, p_body, p_client_id, CASE WHEN p_kind = 'photo' THEN p_photo_id END, p_gift, v_cost)
      RETURNING id, created_at
  ), c AS (
    UPDATE conversations SET last_message_id = (SELECT id FROM m), last_message_at = (SELECT created_at FROM m) WHERE id = v_conversation
  ), u AS (
    UPDATE conversation_members SET unread = unread + 1 WHERE conversation_id = v_conversation AND member_id = p_profile
  ), l AS (
    INSERT INTO credit_entries (member_id, amount, kind, idempotency_key)
      SELECT p_sender, -v_cost, CASE WHEN p_kind = 'text' THEN 'message' ELSE p_kind END, 'message:' || m.id FROM m WHERE v_cost > 0
  ), f AS (
    UPDATE members SET free_messages_used = free_messages_used + 1 WHERE id = p_sender AND v_free
  )
  SELECT id, created_at INTO v_id, v_created_at FROM m;

  -- Both sides hear of it live: the recipient, and the sender's other tabs.
  SELECT mine.tile AS my_tile, mine.unread AS my_unread, mine.total AS my_total, theirs.tile AS their_tile, theirs.unread AS their_unread, theirs.total AS their_total
    INTO sides
    FROM rv_chat_side(v_conversation, p_sender) mine, rv_chat_side(v_conversation, p_profile) theirs;
  v_to_them := rv_message_event(
    rv_message_json(v_id, v_conversation, false, p_client_id, p_kind, p_body, v_photo_file, v_photo_thumb, v_photo_width, v_photo_height, p_gift, v_created_at),
    sides.my_tile, sides.their_unread, sides.their_total);
  v_to_me := rv_message_event(
    rv_message_json(v_id, v_conversation, true, p_client_id, p_kind, p_body, v_photo_file, v_photo_thumb, v_photo_width, v_photo_height, p_gift, v_created_at),
    sides.their_tile, sides.my_unread, sides.my_total);
  -- Both streams in member id order, as every writer takes them (no deadlocks); the stream
  -- rows stay locked until commit, so each member's events commit in seq order, without gaps.
  WITH s AS (
    INSERT INTO event_streams (member_id, seq) VALUES (v_low, 1), (v_high, 1)
      ON CONFLICT (member_id) DO UPDATE SET seq = event_streams.seq + 1
      RETURNING member_id, seq
  ), e AS (
    INSERT INTO member_events (member_id, seq, event)
      SELECT s.member_id, s.seq, CASE WHEN s.member_id = p_sender THEN v_to_me ELSE v_to_them END FROM s
      RETURNING member_id, seq
  )
  SELECT max(seq) FILTER (WHERE member_id = p_sender), max(seq) FILTER (WHERE member_id = p_profile) INTO v_seq_me, v_seq_them FROM e;

  RETURN jsonb_build_object(
    'conversation', v_conversation,
    'balance', other.balance - v_cost,
    'started', v_started,
    'paid', me.paid_user,
    'free_used', me.free_messages_used + CASE WHEN v_free THEN 1 ELSE 0 END,
    'events', jsonb_build_array(
      jsonb_build_object('memberId', p_profile, 'seq', v_seq_them, 'event', v_to_them),
      jsonb_build_object('memberId', p_sender, 'seq', v_seq_me, 'event', v_to_me)));
END;
$$;
--> statement-breakpoint

-- Several sends in one call and one transaction (server/domain/chat/send-batcher.ts): sends
-- that arrive while the previous batch runs share its round trip and its commit. Each item
-- is one rv_chat_send, in order; the answers come in the same order.
-- A batch holds the locks of all its sends until it commits, so it takes them first, each
-- kind in id order and the kinds in the order every writer uses (members, conversations,
-- conversation sides, event streams): two batches, or a batch and a receipt batch, then
-- never wait for each other in a circle.
CREATE OR REPLACE FUNCTION rv_chat_send_many(p_items jsonb) RETURNS jsonb
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  item jsonb;
  answers jsonb[] := '{}';
  v_senders integer[];
  v_members integer[];
  v_conversations integer[];
BEGIN
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
