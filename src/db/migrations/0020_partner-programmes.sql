CREATE TABLE "partner_programme_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"old_terms" jsonb,
	"new_terms" jsonb,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_programme_proposals" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"terms" jsonb,
	"submitted_by" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rejection_reason" text
);
--> statement-breakpoint
CREATE TABLE "partner_programmes" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"types" text[] NOT NULL,
	"visibility" text NOT NULL,
	"wholesale_price" numeric(12, 2),
	"suggested_retail_price" numeric(12, 2),
	"min_retail_price" numeric(12, 2),
	"setup_fee_wholesale" numeric(12, 2),
	"setup_fee_suggested" numeric(12, 2),
	"commission_type" text,
	"commission_value" numeric(12, 2),
	"commission_months" integer,
	"commission_lifetime" boolean DEFAULT false NOT NULL,
	"cookie_days" integer,
	"payout_minimum" numeric(12, 2),
	"payout_frequency" text,
	"billing_model" text NOT NULL,
	"billing_period" text NOT NULL,
	"commitment_months" integer DEFAULT 0 NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"early_cancellation" text NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"demo_account" boolean DEFAULT false NOT NULL,
	"internal_use_seats" integer DEFAULT 0 NOT NULL,
	"white_label" text[] DEFAULT '{}'::text[] NOT NULL,
	"territories" text[] DEFAULT '{}'::text[] NOT NULL,
	"support_model" text NOT NULL,
	"apply_url" text,
	"join_approval" text NOT NULL,
	"terms_url" text,
	"verified_at" timestamp with time zone,
	"verification_source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_programmes_types_check" CHECK (cardinality("partner_programmes"."types") >= 1),
	CONSTRAINT "partner_programmes_commitment_check" CHECK ("partner_programmes"."commitment_months" between 0 and 60),
	CONSTRAINT "partner_programmes_trial_check" CHECK ("partner_programmes"."trial_days" between 0 and 90),
	CONSTRAINT "partner_programmes_commission_months_check" CHECK ("partner_programmes"."commission_months" is null or "partner_programmes"."commission_months" between 0 and 120),
	CONSTRAINT "partner_programmes_money_check" CHECK (coalesce("partner_programmes"."wholesale_price", 0) >= 0 and coalesce("partner_programmes"."suggested_retail_price", 0) >= 0 and coalesce("partner_programmes"."min_retail_price", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "partner_programme_changes" ADD CONSTRAINT "partner_programme_changes_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_programme_changes" ADD CONSTRAINT "partner_programme_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_programme_proposals" ADD CONSTRAINT "partner_programme_proposals_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_programme_proposals" ADD CONSTRAINT "partner_programme_proposals_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_programmes" ADD CONSTRAINT "partner_programmes_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_programme_changes_listing_idx" ON "partner_programme_changes" USING btree ("listing_id","changed_at");--> statement-breakpoint
CREATE INDEX "partner_programmes_verified_idx" ON "partner_programmes" USING btree ("verified_at" NULLS FIRST);--> statement-breakpoint
-- Listing pages and cards show the programmes: their writes empty the read cache like the listings' (migration 0007).
CREATE TRIGGER partner_programmes_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON partner_programmes FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation();
