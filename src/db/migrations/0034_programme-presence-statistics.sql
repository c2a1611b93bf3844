-- The programme's copies on a listing are null together (no programme) or set together, but the
-- planner multiplies the selectivities of conditions on different columns as if independent:
-- "visibility public and programme_types is not null" was estimated at half the public
-- programmes, and a sorted search's count ("seo" among services by margin) then ANDed the whole
-- table's full-text entry for the word (47,508 entries) with the margin index instead of walking
-- that index, 40 ms where the walk takes 6. A multivariate MCV list over the columns every
-- programme condition states gives the planner their combinations as they are.
-- See docs/decisions/partner-programme-filters.md ("The copies' combinations").
CREATE STATISTICS IF NOT EXISTS "listings_programme_presence" (mcv) ON "type", "status", "programme_visibility", "programme_types" FROM "listings";
--> statement-breakpoint
-- Extended statistics are only gathered by ANALYZE: a catalogue that changes little may wait long
-- for autovacuum's, so one with listings is analyzed now (a few seconds at 100,000 listings). An
-- empty one is left never analyzed, for the start-up's analyze once it has rows (statistics.ts).
DO $$ BEGIN IF EXISTS (SELECT 1 FROM "listings") THEN ANALYZE "listings"; END IF; END $$;
