DROP INDEX "partner_programmes_margin_idx";--> statement-breakpoint
DROP INDEX "partner_programmes_earnings_idx";--> statement-breakpoint
DROP INDEX "partner_programmes_newest_verified_idx";--> statement-breakpoint
CREATE INDEX "listings_type_status_id_idx" ON "listings" USING btree ("type","status","id","created_at");--> statement-breakpoint
CREATE INDEX "partner_programmes_filters_idx" ON "partner_programmes" USING btree ("listing_id","visibility","white_label_level","margin_percent","earnings_per_client","commitment_months","billing_model","trial_days","internal_use_seats","verified_at");--> statement-breakpoint
CREATE INDEX "partner_programmes_type_territory_filters_idx" ON "partner_programmes" USING btree ("listing_id","types","territories");--> statement-breakpoint
CREATE INDEX "partner_programmes_margin_idx" ON "partner_programmes" USING btree ("margin_percent" DESC NULLS LAST,"visibility","listing_id") WHERE "partner_programmes"."margin_percent" is not null;--> statement-breakpoint
CREATE INDEX "partner_programmes_earnings_idx" ON "partner_programmes" USING btree ("earnings_per_client" DESC NULLS LAST,"visibility","listing_id") WHERE "partner_programmes"."earnings_per_client" is not null;--> statement-breakpoint
CREATE INDEX "partner_programmes_newest_verified_idx" ON "partner_programmes" USING btree ("verified_at" DESC NULLS LAST,"listing_id") WHERE "partner_programmes"."verified_at" is not null;