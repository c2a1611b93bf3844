-- Names with punctuation, and names typed joined or split (docs/decisions/search-names.md).
--
-- The other forms of the names in a text: a run of letters and digits joined by ".", "/", "@" or
-- "-" (no space) that holds one of the first three (a host, an e-mail address, a path, a version,
-- a decimal number) gives its letters and digits as words ("Monday.com": Monday com; "2.2": 2 2),
-- which PostgreSQL's parser keeps as one token; one joined by hyphens only gives the word joined
-- ("e-mail": email), whose parts the parser emits itself. Empty for a text without such a name.
-- A regular expression rather than the parser (ts_parse): a sixth of the time over the bulk
-- descriptions.
CREATE OR REPLACE FUNCTION search_name_forms(body text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(string_agg(CASE WHEN name[1] ~ '[./@]' THEN regexp_replace(name[1], '[^[:alnum:]]+', ' ', 'g') ELSE replace(name[1], '-', '') END, ' '), '')
  FROM regexp_matches(coalesce(body, ''), '[[:alnum:]]+(?:[-./@][[:alnum:]]+)+', 'g') AS name
$$;
--> statement-breakpoint
-- A field of a listing as search finds it: its words, then the other forms of its names. The
-- positions of its own words are those to_tsvector gives them, and a text without such a name
-- (tested here, so that most texts never call search_name_forms, which cannot be inlined) has
-- exactly the vector it had before. "public." because PostgreSQL 17 (PGlite) builds and analyzes
-- an index with only pg_catalog on the search path.
CREATE OR REPLACE FUNCTION search_text_vector(body text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN body ~ '[[:alnum:]][-./@][[:alnum:]]'
    THEN to_tsvector('english', body) || to_tsvector('english', public.search_name_forms(body))
    ELSE to_tsvector('english', coalesce(body, '')) END
$$;
--> statement-breakpoint
DROP INDEX "listings_live_services_title_idx";--> statement-breakpoint
DROP INDEX "listings_live_tools_title_idx";--> statement-breakpoint
ALTER TABLE "listings" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(search_text_vector("title"), 'A') || setweight(search_text_vector(immutable_array_to_string("tags", ' ')), 'B') || setweight(search_text_vector("short_description"), 'C') || setweight(search_text_vector("description"), 'D')) STORED;--> statement-breakpoint
-- Dropped with the column: as migrations 0001 and 0011 made them.
CREATE INDEX "listings_search_vector_idx" ON "listings" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "listings_live_services_search_idx" ON "listings" USING gin ("search_vector") WHERE "listings"."type" = 'services' and "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_live_tools_search_idx" ON "listings" USING gin ("search_vector") WHERE "listings"."type" = 'tools' and "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_live_services_title_idx" ON "listings" USING gin (search_text_vector("title")) WHERE "listings"."type" = 'services' and "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_live_tools_title_idx" ON "listings" USING gin (search_text_vector("title")) WHERE "listings"."type" = 'tools' and "listings"."status" = 'approved';--> statement-breakpoint
-- The vocabulary holds the other forms of names too ("email" of "e-mail"), and words from two
-- letters: a typed word that is two catalogue words ("wpengine": wp engine) is split only into
-- words it holds. The look-ups that were there before still weigh words of 4 letters or more only.
CREATE OR REPLACE FUNCTION listing_words(title text, tags text[], short_description text, description text)
RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT DISTINCT word
  FROM (SELECT concat_ws(' ', title, public.immutable_array_to_string(tags, ' '), short_description, description) AS body) AS listing,
    regexp_split_to_table(lower(listing.body || ' ' || public.search_name_forms(listing.body)), '[^[:alnum:]]+') AS word
  WHERE length(word) BETWEEN 2 AND 40
$$;
--> statement-breakpoint
TRUNCATE search_words;--> statement-breakpoint
INSERT INTO search_words (word, services, tools)
SELECT w.word, count(*) FILTER (WHERE l.type = 'services'), count(*) FILTER (WHERE l.type = 'tools')
FROM listings l, listing_words(l.title, l.tags, l.short_description, l.description) AS w(word)
WHERE l.status = 'approved'
GROUP BY w.word;
--> statement-breakpoint
-- search_words_look_up (migration 0014) with two more answers, in the same round trip:
-- - joined: which of `joins` (two neighbouring typed words run together) live listings of the type
--   use as words: "active campaign" may be typed for "activecampaign".
-- - splits: for each of `misspelt` that no live listing of the type uses, as a word or the start of
--   one, its splits into two words of 2 letters or more that live listings of the type use, with
--   the lesser of their uses: "wpengine" may be typed for "wp engine".
-- Near words and whole words are words of 4 letters or more, as before the vocabulary held shorter
-- ones.
DROP FUNCTION search_words_look_up(text, text[], text[], text, text[], integer, integer, integer);
--> statement-breakpoint
CREATE FUNCTION search_words_look_up(list_type text, misspelt text[], earlier text[], last_word text, stemmed text[], joins text[], nearest integer, nearest_swapped integer, complete_from integer)
RETURNS TABLE (near json, whole json, complete boolean, lexemes json, joined json, splits json)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
  WITH unknown AS (
    SELECT q.word FROM unnest(misspelt) AS q(word)
    -- Words are letters and digits only (parseSearch), so nothing in them is a LIKE wildcard.
    WHERE NOT EXISTS (SELECT 1 FROM search_words p WHERE p.word LIKE q.word || '%' AND CASE list_type WHEN 'tools' THEN p.tools ELSE p.services END > 0)
  ),
  cuts AS (
    SELECT q.word AS typed, substr(q.word, 1, cut) AS first, substr(q.word, cut + 1) AS second
    FROM unknown AS q, generate_series(2, length(q.word) - 2) AS cut
  ),
  -- Every half in one look-up of the primary key (= ANY): joined to the cuts one by one, the
  -- planner, which expects a thousand cuts, hashed the whole vocabulary (a search took 0.6 ms more).
  halves AS (
    SELECT s.word, CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END AS uses FROM search_words s
    WHERE s.word = ANY (ARRAY(SELECT c.first FROM cuts c UNION SELECT c.second FROM cuts c)) AND CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END > 0
  )
  SELECT
    (SELECT coalesce(json_agg(json_build_array(found.typed, found.word, found.uses)), '[]') FROM (
      SELECT q.word AS typed, n.word, n.uses
      FROM unknown AS q
      CROSS JOIN LATERAL (
        (SELECT s.word, CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END AS uses FROM search_words s
          WHERE CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END > 0 AND length(s.word) >= 4 ORDER BY s.word <-> q.word LIMIT nearest)
        UNION
        (SELECT s.word, CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END FROM search_words s
          WHERE CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END > 0 AND length(s.word) >= 4
          ORDER BY s.word <-> (substr(q.word, 2, 1) || substr(q.word, 1, 1) || substr(q.word, 3)) LIMIT nearest_swapped)
      ) AS n) AS found),
    (SELECT coalesce(json_agg(s.word), '[]') FROM search_words s
      WHERE s.word = ANY (earlier) AND length(s.word) >= 4 AND CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END > 0),
    -- Complete unless some live word beginning with the stem has other lexemes than the stem (a
    -- stop word has none). The stem's own length is checked again: it may be shorter than the word
    -- ("dying": die). A typed word that is a stop word, or more than one lexeme, gives no row: not
    -- complete; so does no last word (null).
    coalesce((SELECT length(typed.stem) >= complete_from AND NOT EXISTS (
        SELECT 1 FROM search_words p
        WHERE p.word LIKE typed.stem || '%' AND CASE list_type WHEN 'tools' THEN p.tools ELSE p.services END > 0 AND to_tsvector('english', p.word) <> typed.vector)
      FROM (SELECT v AS vector, (tsvector_to_array(v))[1] AS stem FROM to_tsvector('english', last_word) AS v) AS typed
      WHERE array_length(tsvector_to_array(typed.vector), 1) = 1), false),
    (SELECT coalesce(json_agg(tsvector_to_array(to_tsvector('english', st.word)) ORDER BY st.n), '[]')
      FROM unnest(stemmed) WITH ORDINALITY AS st(word, n)),
    (SELECT coalesce(json_agg(s.word), '[]') FROM search_words s
      WHERE s.word = ANY (joins) AND CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END > 0),
    (SELECT coalesce(json_agg(json_build_array(c.typed, a.word, b.word, least(a.uses, b.uses))), '[]')
      FROM cuts c JOIN halves a ON a.word = c.first JOIN halves b ON b.word = c.second);
END
$$;
