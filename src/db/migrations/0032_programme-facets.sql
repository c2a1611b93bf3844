DROP INDEX "listings_live_services_search_idx";--> statement-breakpoint
DROP INDEX "listings_live_tools_search_idx";--> statement-breakpoint
DROP INDEX "listings_live_services_title_idx";--> statement-breakpoint
DROP INDEX "listings_live_tools_title_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "programme_facets" "tsvector" GENERATED ALWAYS AS (case when "programme_types" is not null then
  array_to_tsvector("programme_territories") || array_to_tsvector(array_remove(array[
    case when 'white_label_resale' = any("programme_types") then 'type_white_label_resale' end,
    case when 'branded_resale' = any("programme_types") then 'type_branded_resale' end,
    case when 'referral' = any("programme_types") then 'type_referral' end,
    case when 'affiliate' = any("programme_types") then 'type_affiliate' end,
    case when "programme_territories" = '{}'::text[] then 'worldwide' end,
    'white_label_' || "programme_white_label_level",
    case when "programme_commitment_months" = 0 then 'month_to_month' end,
    'billing_' || "programme_billing_model",
    case when "programme_trial" then 'trial' end,
    case when "programme_verified_at" is not null then 'verified' end,
    case when "programme_margin_percent" >= 20 then 'margin_' || "programme_visibility" || '_20' end,
    case when "programme_margin_percent" >= 30 then 'margin_' || "programme_visibility" || '_30' end,
    case when "programme_margin_percent" >= 40 then 'margin_' || "programme_visibility" || '_40' end,
    case when "programme_margin_percent" >= 50 then 'margin_' || "programme_visibility" || '_50' end
  ], null)) end) STORED;--> statement-breakpoint
CREATE INDEX "listings_live_services_search_idx" ON "listings" USING gin ("search_vector","programme_facets") WHERE "listings"."type" = 'services' and "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_live_tools_search_idx" ON "listings" USING gin ("search_vector","programme_facets") WHERE "listings"."type" = 'tools' and "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_live_services_title_idx" ON "listings" USING gin (search_text_vector("title"),"programme_facets") WHERE "listings"."type" = 'services' and "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_live_tools_title_idx" ON "listings" USING gin (search_text_vector("title"),"programme_facets") WHERE "listings"."type" = 'tools' and "listings"."status" = 'approved';