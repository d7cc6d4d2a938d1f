-- A member's credit balance in their row (decision 0010): the ledger stays the record, and
-- members.credit_balance is the sum of its entries, kept by a trigger in the transaction
-- of every entry. Before, every send and every refresh of the user summed the member's
-- whole ledger (one entry per paid message: a reader of it grew with the member's history).

ALTER TABLE "members" ADD COLUMN "credit_balance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint

UPDATE members m SET credit_balance = e.total
  FROM (SELECT member_id, sum(amount)::integer AS total FROM credit_entries GROUP BY member_id) e
  WHERE e.member_id = m.id;
--> statement-breakpoint

-- Each new entry moves its member's balance, whoever writes it (a send, a purchase, signup's
-- bonus, an adjustment): no writer can forget it. A send has the member's row locked already.
CREATE FUNCTION rv_credit_entry_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE members SET credit_balance = credit_balance + NEW.amount WHERE id = NEW.member_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

CREATE TRIGGER credit_entries_balance AFTER INSERT ON credit_entries
  FOR EACH ROW EXECUTE FUNCTION rv_credit_entry_added();
--> statement-breakpoint

-- The ledger is append-only: a correction is a new entry (kind 'adjustment' or 'refund').
-- Entries leave only with their member (ON DELETE CASCADE), and the balance with them.
CREATE FUNCTION rv_credit_entry_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit entries are never changed: add an entry instead';
END;
$$;
--> statement-breakpoint

CREATE TRIGGER credit_entries_append_only BEFORE UPDATE ON credit_entries
  FOR EACH ROW EXECUTE FUNCTION rv_credit_entry_changed();
--> statement-breakpoint

-- A paid send now updates the sender's row (the balance trigger). Room on each page for a
-- new version of its rows keeps those updates HOT (no new entries in the member indexes
-- the search reads); new pages are filled to 90 %.
ALTER TABLE members SET (fillfactor = 90);
