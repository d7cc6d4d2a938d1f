-- The member tile that live events store (rv_chat_send, rv_chat_send_many, messageEvents)
-- follows the visibility rule of every other presentation (issue 23): a member who is not
-- listed (invisible, unconfirmed, deleted, disabled) reaches the other side of a chat as the
-- neutral card (member-tiles.ts unavailableTile; the browser names it), never with name,
-- photo, city or age. One primary-key lookup per tile.
CREATE OR REPLACE FUNCTION rv_tile_json(p_id integer, p_name text, p_birth date, p_city text, p_country text, p_fictional boolean, p_thumb text, p_width integer, p_height integer)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN EXISTS (SELECT 1 FROM members v WHERE v.id = p_id AND v.status = 'active' AND v.profile_status = 'active' AND NOT v.invisible)
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
