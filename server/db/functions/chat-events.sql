-- The JSON of a chat message's live events, built in SQL so that the event stored with the
-- message is written in the send's own transaction (decision 0009). The sends
-- (chat-send.sql, chat-send-batch.sql) and chat-repository.ts messageEvents call these; the
-- shapes are common/chat/chat-schema.ts's, and chat-routes.test.ts checks them field by field
-- against the conversation view.
-- They are SQL functions with the volatility of their bodies, so that PostgreSQL inlines them
-- into their callers. Applied after the migrations whenever this file changes (decision 0017).

-- Whether a member is listed (the visibility rule of search and profile view, issue 23).
CREATE OR REPLACE FUNCTION rv_member_listed(p_status text, p_profile_status text, p_invisible boolean)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_status = 'active' AND p_profile_status = 'active' AND NOT p_invisible
$$;

-- A member tile (member-tiles.ts toTile) with the photo's storage key, as stored events carry
-- it. A member who is not listed (invisible, unconfirmed, deleted, disabled) reaches the other
-- side of a chat as the neutral card (member-tiles.ts unavailableTile; the browser names it),
-- never with name, photo, city or age.
CREATE OR REPLACE FUNCTION rv_tile_json(p_listed boolean, p_id integer, p_name text, p_birth date, p_city text, p_country text, p_fictional boolean, p_thumb text, p_width integer, p_height integer)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p_listed
    THEN jsonb_build_object(
      'id', p_id,
      'name', p_name,
      'age', date_part('year', age((now() AT TIME ZONE 'UTC')::date, p_birth))::int,
      'city', p_city,
      'country', p_country,
      'photo', CASE WHEN p_thumb IS NULL THEN NULL ELSE jsonb_build_object('thumb', p_thumb, 'width', coalesce(p_width, 0), 'height', coalesce(p_height, 0)) END,
      'fictional', p_fictional)
    ELSE jsonb_build_object('id', p_id, 'name', '', 'age', 0, 'city', NULL, 'country', '', 'photo', NULL, 'fictional', false, 'unavailable', true)
  END
$$;

-- The same for a caller that does not hold the member row: one primary-key lookup, which
-- keeps it from being inlined (a scalar SQL function with a sub-select runs through the
-- function executor on every row).
CREATE OR REPLACE FUNCTION rv_tile_json(p_id integer, p_name text, p_birth date, p_city text, p_country text, p_fictional boolean, p_thumb text, p_width integer, p_height integer)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT rv_tile_json(EXISTS (SELECT 1 FROM members v WHERE v.id = p_id AND rv_member_listed(v.status, v.profile_status, v.invisible)), p_id, p_name, p_birth, p_city, p_country, p_fictional, p_thumb, p_width, p_height)
$$;

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

-- The live event of a message (common/chat/chat-schema.ts LiveEvent 'message') for one side.
CREATE OR REPLACE FUNCTION rv_message_event(p_message jsonb, p_profile jsonb, p_conversation_unread integer, p_total_unread integer)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('kind', 'message', 'message', p_message, 'profile', p_profile, 'conversation_unread', p_conversation_unread, 'total_unread_messages', p_total_unread)
$$;

-- One member's side of a conversation: their tile, their unread count there and their unread
-- total over all chats (kept with their event stream, decision 0011).
CREATE OR REPLACE FUNCTION rv_chat_side(p_conversation integer, p_member integer)
RETURNS TABLE (tile jsonb, unread integer, total integer) LANGUAGE sql STABLE AS $$
  SELECT rv_tile_json(rv_member_listed(m.status, m.profile_status, m.invisible), m.id, m.name, m.birth_date, m.city, m.country, m.fictional, p.thumb_filename, p.width, p.height),
    cm.unread,
    coalesce((SELECT es.unread FROM event_streams es WHERE es.member_id = m.id), 0)
  FROM conversation_members cm
  JOIN members m ON m.id = cm.member_id
  LEFT JOIN photos p ON p.id = m.main_photo_id AND p.status = 'active'
  WHERE cm.conversation_id = p_conversation AND cm.member_id = p_member
$$;
