CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"code" text NOT NULL,
	"member_id" integer,
	"country" char(2),
	"value_percentage_bp" integer NOT NULL,
	"currency" char(3),
	"minimum_order_minor" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"validity" text DEFAULT 'once-per-user' NOT NULL,
	"payment_methods" text[],
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"counts" boolean DEFAULT true NOT NULL,
	"once_per_user" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "discount_codes_member_idx" ON "discount_codes" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_payment_idx" ON "discount_redemptions" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_once_idx" ON "discount_redemptions" USING btree ("code_id","member_id") WHERE "discount_redemptions"."once_per_user" and "discount_redemptions"."counts";