-- Trigram similarity for typo-tolerant search ("hubspt" finds "HubSpot").
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string is only STABLE, so it cannot appear in a generated column; joining text[] with a
-- space is in fact immutable, which this wrapper declares.
CREATE OR REPLACE FUNCTION immutable_array_to_string(arr text[], sep text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT coalesce(array_to_string(arr, sep), '') $$;
