CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_term" text,
	"terms" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_terms_not_empty" CHECK (cardinality("search_synonyms"."terms") >= 1)
);
--> statement-breakpoint
CREATE INDEX "search_synonyms_from_term_idx" ON "search_synonyms" USING btree ("from_term");--> statement-breakpoint
CREATE INDEX "search_synonyms_terms_idx" ON "search_synonyms" USING gin ("terms");--> statement-breakpoint
-- Every server keeps what it learnt of search words, synonyms included, until this announces a change (src/server/modules/listings/search-words.queries.ts).
CREATE TRIGGER search_synonyms_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation();
--> statement-breakpoint
-- The niche's abbreviations as groups of equivalents, and old product names one way to the new, in the form search reads (lowercase words, American spelling).
INSERT INTO search_synonyms (from_term, terms) VALUES
  (NULL, ARRAY['seo', 'search engine optimization']),
  (NULL, ARRAY['ppc', 'pay per click']),
  (NULL, ARRAY['crm', 'customer relationship management']),
  (NULL, ARRAY['cro', 'conversion rate optimization']),
  (NULL, ARRAY['smm', 'social media marketing']),
  (NULL, ARRAY['sem', 'search engine marketing']),
  (NULL, ARRAY['cms', 'content management system']),
  (NULL, ARRAY['saas', 'software as a service']),
  (NULL, ARRAY['esp', 'email service provider']),
  ('g suite', ARRAY['google workspace']),
  ('gsuite', ARRAY['google workspace']),
  ('adwords', ARRAY['google ads']),
  ('google adwords', ARRAY['google ads']),
  ('google my business', ARRAY['google business profile']),
  ('google data studio', ARRAY['looker studio']);
