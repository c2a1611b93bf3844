CREATE TABLE "review_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"reporter_id" text,
	"reporter_role" text NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"review_rating" smallint NOT NULL,
	"outcome" text,
	"resolved_by_id" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_reason_check" CHECK ("review_reports"."reason" in ('spam', 'abusive', 'personal_info', 'conflict_of_interest', 'not_genuine', 'wrong_listing', 'other')),
	CONSTRAINT "review_reports_outcome_check" CHECK ("review_reports"."outcome" in ('kept', 'edited', 'removed')),
	CONSTRAINT "review_reports_resolved_check" CHECK (("review_reports"."outcome" is null) = ("review_reports"."resolved_at" is null))
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderation" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderator_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_replies_review_unique" ON "review_replies" USING btree ("review_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_open_unique" ON "review_reports" USING btree ("review_id","reporter_id") WHERE "review_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "review_reports_open_created_idx" ON "review_reports" USING btree ("created_at") WHERE "review_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "review_reports_reporter_idx" ON "review_reports" USING btree ("reporter_id","resolved_at");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_moderation_check" CHECK ("reviews"."moderation" in ('published', 'under_review', 'hidden', 'removed'));--> statement-breakpoint
-- Replies show on public pages, which the read cache keeps (migration 0007). Reports change what
-- pages show only through reviews.moderation, which the reviews trigger already announces.
CREATE TRIGGER review_replies_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON review_replies FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation();
