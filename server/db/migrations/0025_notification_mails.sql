CREATE TABLE "notice_news" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"texts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"type" text NOT NULL,
	"conversation_id" integer,
	"up_to_message_id" integer,
	"ref" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notice_news" ADD CONSTRAINT "notice_news_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_mails_member_idx" ON "notification_mails" USING btree ("member_id","type","sent_at");--> statement-breakpoint
CREATE INDEX "notification_mails_conversation_idx" ON "notification_mails" USING btree ("conversation_id","member_id") WHERE "notification_mails"."conversation_id" is not null;