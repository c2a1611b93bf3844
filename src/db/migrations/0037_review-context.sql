ALTER TABLE "reviews" ADD COLUMN "reviewer_context" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "agency_size" text;--> statement-breakpoint
CREATE INDEX "reviews_listing_rating_idx" ON "reviews" USING btree ("listing_id","rating","created_at");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_context_check" CHECK ("reviews"."reviewer_context" in ('resold', 'in_house'));--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_agency_size_check" CHECK ("reviews"."agency_size" in ('1-10', '11-50', '51-200', '201+'));