CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"services" integer DEFAULT 0 NOT NULL,
	"tools" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "listings_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_title_vector_idx" ON "listings" USING gin (to_tsvector('english', "title"));--> statement-breakpoint
-- The words of a listing as search_words holds them: lowercased runs of letters and digits, the
-- same split as the search box's (parseSearch), 4 to 40 characters (typo correction only ever
-- looks for words of 4 letters or more).
CREATE OR REPLACE FUNCTION listing_words(title text, tags text[], short_description text, description text)
RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT DISTINCT word
  FROM regexp_split_to_table(lower(concat_ws(' ', title, immutable_array_to_string(tags, ' '), short_description, description)), '[^[:alnum:]]+') AS word
  WHERE length(word) BETWEEN 4 AND 40
$$;
--> statement-breakpoint
-- Keeps search_words in step with listings, inside the writing transaction, once per statement
-- (a bulk insert of 2,000 rows costs one pass). Only live listings count. The changed words are
-- written in word order, so two transactions touching the same words lock them in the same order.
CREATE OR REPLACE FUNCTION search_words_after_listings_change() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_words (word, services, tools)
    SELECT w.word, count(*) FILTER (WHERE r.type = 'services'), count(*) FILTER (WHERE r.type = 'tools')
    FROM new_rows r, listing_words(r.title, r.tags, r.short_description, r.description) AS w(word)
    WHERE r.status = 'approved'
    GROUP BY w.word ORDER BY w.word
    ON CONFLICT (word) DO UPDATE SET services = search_words.services + excluded.services, tools = search_words.tools + excluded.tools;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE search_words s SET services = s.services - d.services, tools = s.tools - d.tools
    FROM (
      SELECT w.word, count(*) FILTER (WHERE r.type = 'services') AS services, count(*) FILTER (WHERE r.type = 'tools') AS tools
      FROM old_rows r, listing_words(r.title, r.tags, r.short_description, r.description) AS w(word)
      WHERE r.status = 'approved'
      GROUP BY w.word ORDER BY w.word
    ) d
    WHERE s.word = d.word;
  ELSE
    -- Most updates (view counts, ratings, featuring) leave words and status alone: only rows whose
    -- words or liveness changed are counted out and in again.
    INSERT INTO search_words (word, services, tools)
    SELECT word, sum(services), sum(tools)
    FROM (
      SELECT w.word, (r.type = 'services')::int AS services, (r.type = 'tools')::int AS tools
      FROM new_rows r JOIN old_rows o ON o.id = r.id, listing_words(r.title, r.tags, r.short_description, r.description) AS w(word)
      WHERE r.status = 'approved'
        AND (r.title, r.tags, r.short_description, r.description, r.status, r.type) IS DISTINCT FROM (o.title, o.tags, o.short_description, o.description, o.status, o.type)
      UNION ALL
      SELECT w.word, -(o.type = 'services')::int, -(o.type = 'tools')::int
      FROM old_rows o JOIN new_rows r ON r.id = o.id, listing_words(o.title, o.tags, o.short_description, o.description) AS w(word)
      WHERE o.status = 'approved'
        AND (r.title, r.tags, r.short_description, r.description, r.status, r.type) IS DISTINCT FROM (o.title, o.tags, o.short_description, o.description, o.status, o.type)
    ) AS change
    GROUP BY word
    HAVING sum(services) <> 0 OR sum(tools) <> 0
    ORDER BY word
    ON CONFLICT (word) DO UPDATE SET services = search_words.services + excluded.services, tools = search_words.tools + excluded.tools;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_words_after_insert AFTER INSERT ON listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_listings_change();
--> statement-breakpoint
CREATE TRIGGER search_words_after_update AFTER UPDATE ON listings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_listings_change();
--> statement-breakpoint
CREATE TRIGGER search_words_after_delete AFTER DELETE ON listings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_listings_change();
--> statement-breakpoint
INSERT INTO search_words (word, services, tools)
SELECT w.word, count(*) FILTER (WHERE l.type = 'services'), count(*) FILTER (WHERE l.type = 'tools')
FROM listings l, listing_words(l.title, l.tags, l.short_description, l.description) AS w(word)
WHERE l.status = 'approved'
GROUP BY w.word;
