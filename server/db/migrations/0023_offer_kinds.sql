-- Offers (issue 26): each code says where it comes from (OFFER_KINDS in common/offers), a
-- member has at most one stay code (two first asks that race make one), and no code takes
-- 100 % off (a zero amount must never reach a payment provider).
ALTER TABLE "discount_codes" ADD COLUMN "kind" text DEFAULT 'code' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_member_offer_idx" ON "discount_codes" USING btree ("member_id","kind") WHERE "discount_codes"."kind" = 'stay';--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_percentage_check" CHECK ("discount_codes"."value_percentage_bp" between 1 and 9900);--> statement-breakpoint

-- The time bonus and the welcome discount of spec 1, 4 and 9 (TIME_BONUS_CODE, WELCOME_CODE in
-- common/limits.ts): every site, 25 %, once per member, no expiry of their own. Each member's
-- window is checked by the server: the time bonus for the first 14,400 s after signup, the
-- welcome discount for the 48 hours after that. Inserted only when absent.
INSERT INTO "discount_codes" ("site_id", "code", "value_percentage_bp", "status", "validity", "kind", "expires_at")
  VALUES (NULL, 'TIMEBONUS25', 2500, 'active', 'once-per-user', 'time-bonus', NULL),
         (NULL, 'WELCOME25', 2500, 'active', 'once-per-user', 'welcome', NULL)
  ON CONFLICT ("code") DO NOTHING;
