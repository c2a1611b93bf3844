CREATE TABLE "listing_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"claimant_id" text NOT NULL,
	"method" text NOT NULL,
	"email" text,
	"evidence" text,
	"token_hash" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by_id" text,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_claims_method_check" CHECK ("listing_claims"."method" in ('email', 'evidence')),
	CONSTRAINT "listing_claims_status_check" CHECK ("listing_claims"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "provider_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "unclaimed_company" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "unclaimed_website" text;--> statement-breakpoint
ALTER TABLE "listing_claims" ADD CONSTRAINT "listing_claims_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_claims" ADD CONSTRAINT "listing_claims_claimant_id_users_id_fk" FOREIGN KEY ("claimant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_claims" ADD CONSTRAINT "listing_claims_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_claims_listing_idx" ON "listing_claims" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "listing_claims_claimant_idx" ON "listing_claims" USING btree ("claimant_id");--> statement-breakpoint
CREATE INDEX "listing_claims_queue_idx" ON "listing_claims" USING btree ("created_at") WHERE "listing_claims"."status" = 'pending' and "listing_claims"."method" = 'evidence';--> statement-breakpoint
CREATE UNIQUE INDEX "listing_claims_token_unique" ON "listing_claims" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_claims_open_evidence_unique" ON "listing_claims" USING btree ("listing_id","claimant_id") WHERE "listing_claims"."status" = 'pending' and "listing_claims"."method" = 'evidence';--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_owner_check" CHECK (("listings"."provider_id" is null) <> ("listings"."unclaimed_company" is null));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_unclaimed_website_check" CHECK ("listings"."provider_id" is null or "listings"."unclaimed_website" is null);