ALTER TABLE "direct_debit_collections" ADD COLUMN "iban_hash" text;--> statement-breakpoint
ALTER TABLE "direct_debit_collections" ADD COLUMN "mobile_hash" text;--> statement-breakpoint
CREATE INDEX "direct_debit_collections_iban_idx" ON "direct_debit_collections" USING btree ("iban_hash","created_at");--> statement-breakpoint
CREATE INDEX "direct_debit_collections_mobile_idx" ON "direct_debit_collections" USING btree ("mobile_hash","created_at");--> statement-breakpoint
CREATE INDEX "direct_debit_collections_member_idx" ON "direct_debit_collections" USING btree ("member_id","created_at");