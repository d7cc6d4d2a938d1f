-- Sending a chat message in one database call (decision 0009): the checks, the message, the
-- ledger entry and both members' live events in the transaction of one statement, one round
-- trip. chat-service.ts sendMessage() calls it (through send-batcher.ts) and documents the
-- rules; chat-send-batch.sql runs it for each send of a batch it cannot write as a set.
-- Applied after the migrations whenever this file changes (decision 0017).
-- - The balance is read from the sender's row, which it locks first anyway (decision 0010).
-- - The recipient's unread total moves in the streams upsert (decision 0011).
-- - A first message goes to listed members only (issue 23); sends in an existing
--   conversation are not refused for it.
-- - enable_seqscan = off: its plans are generic, made once per connection, and one made while
--   messages was small scanned that table on every later send.
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
SET enable_seqscan = off
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
  v_message_them jsonb;
  v_message_me jsonb;
  v_to_them jsonb;
  v_to_me jsonb;
  v_seq_them bigint;
  v_seq_me bigint;
BEGIN
  -- The sender's row, locked: credits, free messages and started conversations cannot race
  -- (FOR NO KEY UPDATE: foreign keys to the row stay free). Over the live connection the
  -- session must still be live (a log-out elsewhere stops sending).
  SELECT id, site_id, status, paid_user, free_messages_used, credit_balance INTO me
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

  -- The recipient as the sender sees them, and the sender's started conversations.
  SELECT o.id, o.site_id, o.status, o.name, o.email_confirmed_at, o.profile_status, o.invisible,
      EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = p_sender AND b.blocked_id = o.id) OR (b.blocker_id = o.id AND b.blocked_id = p_sender)) AS blocked,
      (SELECT c.id FROM conversations c WHERE c.member_low_id = v_low AND c.member_high_id = v_high) AS conversation_id,
      CASE WHEN me.paid_user THEN 0 ELSE (SELECT count(*) FROM conversations c WHERE c.started_by = p_sender) END::int AS started
    INTO other FROM members o WHERE o.id = p_profile;
  IF NOT FOUND OR other.site_id <> me.site_id OR other.status NOT IN ('active', 'not_confirmed') THEN
    RETURN jsonb_build_object('error', 'memberNotFound');
  END IF;
  -- No conversation yet: only a listed member is found (the visibility rule of search and
  -- profile view, issue 23), so that a send cannot reach or reveal an invisible or unconfirmed one.
  IF other.conversation_id IS NULL AND NOT (other.status = 'active' AND other.profile_status = 'active' AND NOT other.invisible) THEN
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
  IF me.credit_balance < v_cost THEN
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

  -- Both sides hear of it live: the recipient, and the sender's other tabs. Both streams
  -- in member id order, as every writer takes them (no deadlocks); the stream rows stay
  -- locked until commit, so each member's events commit in seq order, without gaps. The
  -- recipient's unread total moves by one in the same upsert (decision 0011), and each
  -- event carries the total it returns.
  SELECT mine.tile AS my_tile, mine.unread AS my_unread, theirs.tile AS their_tile, theirs.unread AS their_unread
    INTO sides
    FROM rv_chat_side(v_conversation, p_sender) mine, rv_chat_side(v_conversation, p_profile) theirs;
  v_message_them := rv_message_json(v_id, v_conversation, false, p_client_id, p_kind, p_body, v_photo_file, v_photo_thumb, v_photo_width, v_photo_height, p_gift, v_created_at);
  v_message_me := rv_message_json(v_id, v_conversation, true, p_client_id, p_kind, p_body, v_photo_file, v_photo_thumb, v_photo_width, v_photo_height, p_gift, v_created_at);
  WITH s AS (
    INSERT INTO event_streams (member_id, seq, unread)
      VALUES (v_low, 1, CASE WHEN v_low = p_profile THEN 1 ELSE 0 END), (v_high, 1, CASE WHEN v_high = p_profile THEN 1 ELSE 0 END)
      ON CONFLICT (member_id) DO UPDATE SET seq = event_streams.seq + 1, unread = event_streams.unread + excluded.unread
      RETURNING member_id, seq, unread
  ), e AS (
    INSERT INTO member_events (member_id, seq, event)
      SELECT s.member_id, s.seq,
          CASE WHEN s.member_id = p_sender THEN rv_message_event(v_message_me, sides.their_tile, sides.my_unread, s.unread)
            ELSE rv_message_event(v_message_them, sides.my_tile, sides.their_unread, s.unread) END
        FROM s
      RETURNING member_id, seq, event
  )
  SELECT max(seq) FILTER (WHERE member_id = p_sender), max(seq) FILTER (WHERE member_id = p_profile),
      (array_agg(event) FILTER (WHERE member_id = p_sender))[1], (array_agg(event) FILTER (WHERE member_id = p_profile))[1]
    INTO v_seq_me, v_seq_them, v_to_me, v_to_them
    FROM e;

  RETURN jsonb_build_object(
    'conversation', v_conversation,
    'balance', me.credit_balance - v_cost,
    'started', v_started,
    'paid', me.paid_user,
    'free_used', me.free_messages_used + CASE WHEN v_free THEN 1 ELSE 0 END,
    'events', jsonb_build_array(
      jsonb_build_object('memberId', p_profile, 'seq', v_seq_them, 'event', v_to_them),
      jsonb_build_object('memberId', p_sender, 'seq', v_seq_me, 'event', v_to_me)));
END;
$$;
