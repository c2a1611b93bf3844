CREATE TABLE "listing_view_visitors" (
	"day" text NOT NULL,
	"listing_id" integer NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "listing_view_visitors_day_listing_id_visitor_pk" PRIMARY KEY("day","listing_id","visitor")
);
--> statement-breakpoint
ALTER TABLE "listing_view_visitors" ADD CONSTRAINT "listing_view_visitors_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_view_visitors_listing_idx" ON "listing_view_visitors" USING btree ("listing_id");