CREATE TABLE "partner_application_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"author_id" text,
	"author_role" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"applicant_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"agency_name" text NOT NULL,
	"agency_website" text NOT NULL,
	"client_count" integer NOT NULL,
	"regions" text NOT NULL,
	"services" text NOT NULL,
	"message" text NOT NULL,
	"decline_reason" text,
	"decline_note" text,
	"reapply_after" timestamp with time zone,
	"welcome_message" text,
	"approved_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"withdrawn_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_applications_clients_check" CHECK ("partner_applications"."client_count" between 0 and 100000),
	CONSTRAINT "partner_applications_decline_check" CHECK (("partner_applications"."status" = 'declined') = ("partner_applications"."decline_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "listing_daily_figures" ADD COLUMN "partner_applications" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_application_messages" ADD CONSTRAINT "partner_application_messages_application_id_partner_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."partner_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_application_messages" ADD CONSTRAINT "partner_application_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_applications" ADD CONSTRAINT "partner_applications_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_applications" ADD CONSTRAINT "partner_applications_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_applications" ADD CONSTRAINT "partner_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_application_messages_application_idx" ON "partner_application_messages" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_applications_open_unique" ON "partner_applications" USING btree ("listing_id","applicant_id") WHERE "partner_applications"."status" in ('pending', 'info_requested', 'approved');--> statement-breakpoint
CREATE INDEX "partner_applications_applicant_idx" ON "partner_applications" USING btree ("applicant_id","listing_id");--> statement-breakpoint
CREATE INDEX "partner_applications_listing_idx" ON "partner_applications" USING btree ("listing_id","created_at");--> statement-breakpoint
-- Written by hand: the daily figures' key carries every counter (migration 0023), the new one too,
-- so the insight screen still reads its ranges from the index alone.
ALTER TABLE "listing_daily_figures" DROP CONSTRAINT "listing_daily_figures_listing_id_day_pk";--> statement-breakpoint
ALTER TABLE "listing_daily_figures" ADD CONSTRAINT "listing_daily_figures_listing_id_day_pk" PRIMARY KEY ("listing_id","day") INCLUDE ("views","unique_visitors","leads","favourites_added","favourites_removed","website_clicks","search_appearances","category_appearances","new_reviews","rating_sum","partner_applications");
