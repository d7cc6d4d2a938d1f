CREATE TABLE "direct_debit_accounts" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"iban_encrypted" text NOT NULL,
	"iban_last4" char(4) NOT NULL,
	"iban_country" char(2) NOT NULL,
	"bic" text,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"mobile" text NOT NULL,
	"mandate_reference" text NOT NULL,
	"mandate_signed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_debit_accounts_mandate_reference_unique" UNIQUE("mandate_reference")
);
--> statement-breakpoint
CREATE TABLE "direct_debit_blocks" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"payment_id" integer,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "direct_debit_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"member_id" integer,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"debtor" jsonb NOT NULL,
	"exported_at" timestamp with time zone,
	"batch_id" text,
	"returned_at" timestamp with time zone,
	"return_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "direct_debit_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"mobile_hash" text NOT NULL,
	"details_encrypted" text NOT NULL,
	"bundle_id" integer NOT NULL,
	"country" char(2) NOT NULL,
	"idempotency_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_debit_verifications_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "direct_debit_accounts" ADD CONSTRAINT "direct_debit_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_blocks" ADD CONSTRAINT "direct_debit_blocks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_blocks" ADD CONSTRAINT "direct_debit_blocks_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_collections" ADD CONSTRAINT "direct_debit_collections_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_collections" ADD CONSTRAINT "direct_debit_collections_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_collections" ADD CONSTRAINT "direct_debit_collections_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_verifications" ADD CONSTRAINT "direct_debit_verifications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_verifications" ADD CONSTRAINT "direct_debit_verifications_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "direct_debit_collections_payment_idx" ON "direct_debit_collections" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "direct_debit_collections_pending_idx" ON "direct_debit_collections" USING btree ("site_id") WHERE "direct_debit_collections"."exported_at" is null;--> statement-breakpoint
CREATE INDEX "direct_debit_verifications_member_idx" ON "direct_debit_verifications" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "direct_debit_verifications_mobile_idx" ON "direct_debit_verifications" USING btree ("mobile_hash","created_at");