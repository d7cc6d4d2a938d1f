-- A batch of sends as a handful of set statements instead of one function call per send
-- (decision 0009, "A batch in set statements"): rv_chat_send_many, whose source lives in
-- server/db/functions/chat-send-batch.sql (decision 0017).

-- The ledger's balance trigger once per statement rather than once per entry (migration
-- 0012): a batch adds its entries in one statement. Its members' rows are locked already
-- (a batch locks its senders first); a single entry updates one row, as before.
CREATE FUNCTION rv_credit_entries_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE members m SET credit_balance = m.credit_balance + a.total
    FROM (SELECT member_id, sum(amount)::integer AS total FROM added GROUP BY member_id) a
    WHERE m.id = a.member_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

DROP TRIGGER credit_entries_balance ON credit_entries;--> statement-breakpoint
DROP FUNCTION rv_credit_entry_added();--> statement-breakpoint

CREATE TRIGGER credit_entries_balance AFTER INSERT ON credit_entries
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION rv_credit_entries_added();
