DROP INDEX "members_listing_idx";--> statement-breakpoint
DROP INDEX "members_region_idx";--> statement-breakpoint
DROP INDEX "members_region_active_idx";--> statement-breakpoint
DROP INDEX "members_gender_active_idx";--> statement-breakpoint
DROP INDEX "members_last_active_idx";--> statement-breakpoint
CREATE INDEX "members_listed_gender_idx" ON "members" USING btree ("site_id","gender","country","birth_date","id") WHERE status = 'active' and profile_status = 'active' and not invisible;--> statement-breakpoint
CREATE INDEX "members_listed_region_idx" ON "members" USING btree ("site_id","country","region_code","birth_date","gender","id") WHERE status = 'active' and profile_status = 'active' and not invisible;--> statement-breakpoint
CREATE INDEX "members_listed_active_idx" ON "members" USING btree ("site_id","last_active_at","id","birth_date") WHERE status = 'active' and profile_status = 'active' and not invisible;--> statement-breakpoint
CREATE INDEX "members_listed_region_active_idx" ON "members" USING btree ("site_id","country","region_code","last_active_at") WHERE status = 'active' and profile_status = 'active' and not invisible;--> statement-breakpoint
CREATE INDEX "members_listed_gender_active_idx" ON "members" USING btree ("site_id","gender","last_active_at") WHERE status = 'active' and profile_status = 'active' and not invisible;