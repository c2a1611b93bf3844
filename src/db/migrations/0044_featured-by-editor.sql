ALTER TABLE "listings" ADD COLUMN "featured_by_editor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Written by hand: until now every featured listing was an administrator's pick.
UPDATE "listings" SET "featured_by_editor" = true WHERE "is_featured";--> statement-breakpoint
-- Written by hand: a filled slot features its listing (none could be filled before this migration).
UPDATE "listings" SET "is_featured" = true WHERE "id" IN (SELECT "listing_id" FROM "featured_slots") AND NOT "is_featured";
