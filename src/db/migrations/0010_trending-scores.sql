CREATE TABLE "trending_scores" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"score" double precision NOT NULL
);
--> statement-breakpoint
DROP INDEX "listings_browse_rating_idx";--> statement-breakpoint
ALTER TABLE "trending_scores" ADD CONSTRAINT "trending_scores_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trending_scores_score_idx" ON "trending_scores" USING btree ("score" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_browse_rating_idx" ON "listings" USING btree ("type","status","rating","created_at","id","price","delivery_time","category_id");--> statement-breakpoint
-- The trending list is a cached read (docs/decisions/caching.md): each minute's refresh announces
-- itself like any other write to a table behind a cached read.
CREATE TRIGGER trending_scores_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON trending_scores FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation();
