CREATE TABLE "trending_scores" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"score" double precision NOT NULL
);
--> statement-breakpoint
DROP INDEX "listings_browse_rating_idx";--> statement-breakpoint
ALTER TABLE "trending_scores" ADD CONSTRAINT "trending_scores_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trending_scores_score_idx" ON "trending_scores" USING btree ("score" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_browse_rating_idx" ON "listings" USING btree ("type","status","rating","created_at","id","price","delivery_time","category_id");