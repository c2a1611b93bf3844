DROP INDEX "listings_type_status_id_idx";--> statement-breakpoint
DROP INDEX "partner_programmes_margin_idx";--> statement-breakpoint
DROP INDEX "partner_programmes_earnings_idx";--> statement-breakpoint
DROP INDEX "partner_programmes_newest_verified_idx";--> statement-breakpoint
DROP INDEX "partner_programmes_filters_idx";--> statement-breakpoint
DROP INDEX "partner_programmes_type_territory_filters_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "programme_types" text[];--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "programme_visibility" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "programme_white_label_level" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "programme_margin_percent" real;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "programme_earnings_per_client" real;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "programme_commitment_months" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "programme_billing_model" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "programme_trial" boolean;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "programme_territories" text[];--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "programme_verified_at" timestamp with time zone;--> statement-breakpoint
-- What the catalogue's programme filters and sorts test, copied to the listing's row by every
-- write of partner_programmes (the terms, their caches, the verification, a removal), whoever
-- writes it: the application, an import, a seed. Only a change of what is copied writes the
-- listing. All null without a programme.
CREATE FUNCTION copy_programme_to_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE listings SET (programme_types, programme_visibility, programme_white_label_level, programme_margin_percent, programme_earnings_per_client, programme_commitment_months, programme_billing_model, programme_trial, programme_territories, programme_verified_at)
      = (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)
      WHERE programme_types IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE listings SET (programme_types, programme_visibility, programme_white_label_level, programme_margin_percent, programme_earnings_per_client, programme_commitment_months, programme_billing_model, programme_trial, programme_territories, programme_verified_at)
      = (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)
      WHERE id = OLD.listing_id AND programme_types IS NOT NULL;
  ELSE
    UPDATE listings SET (programme_types, programme_visibility, programme_white_label_level, programme_margin_percent, programme_earnings_per_client, programme_commitment_months, programme_billing_model, programme_trial, programme_territories, programme_verified_at)
      = (NEW.types, NEW.visibility, NEW.white_label_level, NEW.margin_percent, NEW.earnings_per_client, NEW.commitment_months, NEW.billing_model, NEW.trial_days > 0 OR NEW.internal_use_seats > 0, NEW.territories, NEW.verified_at)
      WHERE id = NEW.listing_id
        AND (programme_types, programme_visibility, programme_white_label_level, programme_margin_percent, programme_earnings_per_client, programme_commitment_months, programme_billing_model, programme_trial, programme_territories, programme_verified_at)
        IS DISTINCT FROM (NEW.types, NEW.visibility, NEW.white_label_level, NEW.margin_percent, NEW.earnings_per_client, NEW.commitment_months, NEW.billing_model, NEW.trial_days > 0 OR NEW.internal_use_seats > 0, NEW.territories, NEW.verified_at);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER partner_programmes_listing_copy AFTER INSERT OR UPDATE OR DELETE ON partner_programmes FOR EACH ROW EXECUTE FUNCTION copy_programme_to_listing();--> statement-breakpoint
CREATE TRIGGER partner_programmes_truncate_listing_copy AFTER TRUNCATE ON partner_programmes FOR EACH STATEMENT EXECUTE FUNCTION copy_programme_to_listing();--> statement-breakpoint
-- The programmes already there, before the indexes are built.
UPDATE listings SET (programme_types, programme_visibility, programme_white_label_level, programme_margin_percent, programme_earnings_per_client, programme_commitment_months, programme_billing_model, programme_trial, programme_territories, programme_verified_at)
  = (p.types, p.visibility, p.white_label_level, p.margin_percent, p.earnings_per_client, p.commitment_months, p.billing_model, p.trial_days > 0 OR p.internal_use_seats > 0, p.territories, p.verified_at)
  FROM partner_programmes p WHERE p.listing_id = listings.id;--> statement-breakpoint
CREATE INDEX "listings_programme_browse_idx" ON "listings" USING btree ("type","status","is_featured" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"programme_visibility","programme_white_label_level","programme_margin_percent","programme_earnings_per_client","programme_commitment_months","programme_billing_model","programme_trial","programme_verified_at","programme_types","programme_territories","category_id","price","rating","delivery_time") WHERE "listings"."programme_types" is not null;--> statement-breakpoint
CREATE INDEX "listings_programme_margin_idx" ON "listings" USING btree ("type","status","programme_margin_percent" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"programme_visibility","programme_white_label_level","programme_margin_percent","programme_earnings_per_client","programme_commitment_months","programme_billing_model","programme_trial","programme_verified_at","programme_types","programme_territories","category_id","price","rating","delivery_time") WHERE "listings"."programme_margin_percent" is not null;--> statement-breakpoint
CREATE INDEX "listings_programme_earnings_idx" ON "listings" USING btree ("type","status","programme_earnings_per_client" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"programme_visibility","programme_white_label_level","programme_margin_percent","programme_earnings_per_client","programme_commitment_months","programme_billing_model","programme_trial","programme_verified_at","programme_types","programme_territories","category_id","price","rating","delivery_time") WHERE "listings"."programme_earnings_per_client" is not null;--> statement-breakpoint
CREATE INDEX "listings_programme_verified_idx" ON "listings" USING btree ("type","status","programme_verified_at" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"programme_visibility","programme_white_label_level","programme_margin_percent","programme_earnings_per_client","programme_commitment_months","programme_billing_model","programme_trial","programme_verified_at","programme_types","programme_territories","category_id","price","rating","delivery_time") WHERE "listings"."programme_verified_at" is not null;