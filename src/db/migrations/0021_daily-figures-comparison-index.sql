-- The insight screen's category comparison sums a year of views, visitors and leads of every live
-- listing of a category: with these columns in the index, each listing's range is read from the
-- index alone (an index-only scan) instead of one table page per day, since a day's rows are
-- written together (docs/decisions/daily-figures.md). Declared here only: drizzle's schema cannot
-- express INCLUDE.
CREATE INDEX "listing_daily_figures_comparison_idx" ON "listing_daily_figures" USING btree ("listing_id","day") INCLUDE ("views","unique_visitors","leads");
