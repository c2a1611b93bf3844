DROP INDEX "listings_live_services_created_idx";--> statement-breakpoint
DROP INDEX "listings_live_tools_created_idx";--> statement-breakpoint
DROP INDEX "listings_programme_territories_idx";--> statement-breakpoint
CREATE INDEX "listings_live_services_created_idx" ON "listings" USING btree ("created_at") WHERE "listings"."type" = 'services' and "listings"."status" = 'approved' and not "listings"."is_featured";--> statement-breakpoint
CREATE INDEX "listings_live_tools_created_idx" ON "listings" USING btree ("created_at") WHERE "listings"."type" = 'tools' and "listings"."status" = 'approved' and not "listings"."is_featured";--> statement-breakpoint
CREATE INDEX "listings_programme_territories_idx" ON "listings" USING btree ("type","status","programme_territories") WHERE "listings"."programme_type_set" is not null;