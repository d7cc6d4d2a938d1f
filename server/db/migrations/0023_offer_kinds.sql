-- Offers (issue 26): each code says where it comes from (OFFER_KINDS in common/offers), a
-- member has at most one welcome and one stay code (two first asks that race make one), and
-- no code takes 100 % off (a zero amount must never reach a payment provider).
ALTER TABLE "discount_codes" ADD COLUMN "kind" text DEFAULT 'code' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_member_offer_idx" ON "discount_codes" USING btree ("member_id","kind") WHERE "discount_codes"."kind" in ('welcome', 'stay');--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_percentage_check" CHECK ("discount_codes"."value_percentage_bp" between 1 and 9900);--> statement-breakpoint

-- The time bonus of spec 4 and 9 (TIME_BONUS_CODE, TIME_BONUS_PERCENT in common/limits.ts):
-- every site, 25 %, once per member, no expiry of its own (its window is each member's first
-- 14,400 s, checked by the server). Inserted only when absent, so the statement can run again.
INSERT INTO "discount_codes" ("site_id", "code", "value_percentage_bp", "status", "validity", "kind", "expires_at")
  VALUES (NULL, 'TIMEBONUS25', 2500, 'active', 'once-per-user', 'time-bonus', NULL)
  ON CONFLICT ("code") DO NOTHING;
