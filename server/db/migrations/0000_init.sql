CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" jsonb NOT NULL,
	"kvk" text NOT NULL,
	"tradenames" text[] DEFAULT '{}' NOT NULL,
	"vat_numbers" text[] DEFAULT '{}' NOT NULL,
	"support_phone" text NOT NULL,
	"delete_discount" integer DEFAULT 0 NOT NULL,
	"added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"status" text DEFAULT 'not_confirmed' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"paid_user" boolean DEFAULT false NOT NULL,
	"fictional" boolean DEFAULT false NOT NULL,
	"invisible" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"sexuality" text DEFAULT 'hetero' NOT NULL,
	"birth_date" date NOT NULL,
	"country" char(2) NOT NULL,
	"region_code" text,
	"city" text,
	"interests" text[] DEFAULT '{}' NOT NULL,
	"hair_colour" text,
	"eye_colour" text,
	"body_type" text,
	"relationship_status" text,
	"tattoos" text,
	"about" text DEFAULT '' NOT NULL,
	"profile_status" text DEFAULT 'active' NOT NULL,
	"main_photo_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_bounces" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" uuid NOT NULL,
	"path" text NOT NULL,
	"ms_on_site" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"filename" text NOT NULL,
	"thumb_filename" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"status" text DEFAULT 'in_inspection' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"hosts" text[] NOT NULL,
	"company_id" integer NOT NULL,
	"settings" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"landing_path" text NOT NULL,
	"log_bounce" boolean DEFAULT false NOT NULL,
	"tracking" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_count" integer DEFAULT 0 NOT NULL,
	"last_hidden_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_bounces" ADD CONSTRAINT "page_bounces_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_site_email_idx" ON "members" USING btree ("site_id",lower("email"));--> statement-breakpoint
CREATE INDEX "members_listing_idx" ON "members" USING btree ("site_id","gender","country","birth_date");--> statement-breakpoint
CREATE INDEX "members_last_active_idx" ON "members" USING btree ("site_id","last_active_at");--> statement-breakpoint
CREATE INDEX "page_bounces_visit_idx" ON "page_bounces" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "photos_member_idx" ON "photos" USING btree ("member_id","position");