DROP INDEX "listings_default_order_idx";--> statement-breakpoint
DROP INDEX "listings_type_status_price_idx";--> statement-breakpoint
DROP INDEX "listings_type_status_rating_idx";--> statement-breakpoint
CREATE INDEX "listings_browse_idx" ON "listings" USING btree ("type","status","is_featured" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category_id","price","rating","delivery_time");--> statement-breakpoint
CREATE INDEX "listings_browse_category_idx" ON "listings" USING btree ("type","status","category_id","price","rating","delivery_time");--> statement-breakpoint
CREATE INDEX "listings_browse_price_idx" ON "listings" USING btree ("type","status","price","rating","delivery_time","category_id");--> statement-breakpoint
CREATE INDEX "listings_browse_rating_idx" ON "listings" USING btree ("type","status","rating","price","delivery_time","category_id");--> statement-breakpoint
CREATE INDEX "listings_browse_delivery_idx" ON "listings" USING btree ("type","status","delivery_time","price","rating","category_id");