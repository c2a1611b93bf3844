DROP INDEX "listings_programme_white_label_resale_idx";--> statement-breakpoint
DROP INDEX "listings_programme_branded_resale_idx";--> statement-breakpoint
DROP INDEX "listings_programme_referral_idx";--> statement-breakpoint
DROP INDEX "listings_programme_affiliate_idx";--> statement-breakpoint
DROP INDEX "listings_programme_terms_idx";--> statement-breakpoint
DROP INDEX "listings_programme_territories_idx";--> statement-breakpoint
DROP INDEX "listings_live_services_search_idx";--> statement-breakpoint
DROP INDEX "listings_live_tools_search_idx";--> statement-breakpoint
DROP INDEX "listings_live_services_title_idx";--> statement-breakpoint
DROP INDEX "listings_live_tools_title_idx";--> statement-breakpoint
CREATE INDEX "listings_live_services_search_idx" ON "listings" USING gin ("search_vector") WHERE "listings"."type" = 'services' and "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_live_tools_search_idx" ON "listings" USING gin ("search_vector") WHERE "listings"."type" = 'tools' and "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_live_services_title_idx" ON "listings" USING gin (search_text_vector("title")) WHERE "listings"."type" = 'services' and "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_live_tools_title_idx" ON "listings" USING gin (search_text_vector("title")) WHERE "listings"."type" = 'tools' and "listings"."status" = 'approved';--> statement-breakpoint
ALTER TABLE "listings" DROP COLUMN "programme_type_set";--> statement-breakpoint
ALTER TABLE "listings" DROP COLUMN "programme_facets";