CREATE TABLE "conversation_members" (
	"conversation_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"other_id" integer NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"read_up_to" integer DEFAULT 0 NOT NULL,
	"delivered_up_to" integer DEFAULT 0 NOT NULL,
	"cleared_up_to" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_members_conversation_id_member_id_pk" PRIMARY KEY("conversation_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "event_streams" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_events" (
	"member_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_events_member_id_seq_pk" PRIMARY KEY("member_id","seq")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_message_id" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "free_messages_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "photo_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "gift" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_other_id_members_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_streams" ADD CONSTRAINT "event_streams_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_events" ADD CONSTRAINT "member_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_members_member_idx" ON "conversation_members" USING btree ("member_id","other_id");--> statement-breakpoint
CREATE INDEX "member_events_created_idx" ON "member_events" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_started_by_idx" ON "conversations" USING btree ("started_by");--> statement-breakpoint
INSERT INTO "conversation_members" ("conversation_id", "member_id", "other_id", "unread")
SELECT c.id, c.member_low_id, c.member_high_id, (SELECT count(*) FROM "messages" m WHERE m.conversation_id = c.id AND m.sender_id <> c.member_low_id AND m.read_at IS NULL)::int FROM "conversations" c
UNION ALL
SELECT c.id, c.member_high_id, c.member_low_id, (SELECT count(*) FROM "messages" m WHERE m.conversation_id = c.id AND m.sender_id <> c.member_high_id AND m.read_at IS NULL)::int FROM "conversations" c;--> statement-breakpoint
UPDATE "conversations" c SET "last_message_id" = (SELECT max(m.id) FROM "messages" m WHERE m.conversation_id = c.id);
