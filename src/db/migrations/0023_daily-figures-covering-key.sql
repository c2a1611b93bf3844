-- The insight screen sums a listing's range of days, one listing or all of a provider's. In a large
-- catalogue a day's rows are written together, so each row of one listing sits on a table page of
-- its own: a provider's 100 listings over two years were 73,000 table pages, and PostgreSQL chose
-- to read the whole table instead (over a second at 10,000 listings with figures). With every
-- counter in the primary key's index, each listing's range is read from the index alone (an
-- index-only scan, a few pages per listing), for the screen's sums and the category comparison
-- alike; the comparison's own index (migration 0021) is no longer needed, so each write of a row
-- updates one index of counters rather than two (docs/decisions/daily-figures.md). Declared here
-- only: drizzle's schema cannot express INCLUDE. The upserts' ON CONFLICT (listing_id, day) still
-- infers this key.
ALTER TABLE "listing_daily_figures" DROP CONSTRAINT "listing_daily_figures_listing_id_day_pk";--> statement-breakpoint
ALTER TABLE "listing_daily_figures" ADD CONSTRAINT "listing_daily_figures_listing_id_day_pk" PRIMARY KEY ("listing_id","day") INCLUDE ("views","unique_visitors","leads","favourites_added","favourites_removed","website_clicks","search_appearances","category_appearances","new_reviews","rating_sum");--> statement-breakpoint
DROP INDEX "listing_daily_figures_comparison_idx";
