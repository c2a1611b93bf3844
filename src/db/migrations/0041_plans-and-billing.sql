CREATE TABLE "billing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"customer_portal_url" text,
	"grace_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_one_row" CHECK ("billing_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "featured_slots" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"period" text DEFAULT 'month' NOT NULL,
	"listing_limit" integer,
	"featured_slots" integer DEFAULT 0 NOT NULL,
	"insight" boolean DEFAULT false NOT NULL,
	"partner_terms" boolean DEFAULT false NOT NULL,
	"badge" text,
	"stripe_payment_link" text,
	"stripe_price_id" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_price_not_negative" CHECK ("plans"."price_cents" >= 0),
	CONSTRAINT "plans_limits_not_negative" CHECK (coalesce("plans"."listing_limit", 0) >= 0 and "plans"."featured_slots" >= 0)
);
--> statement-breakpoint
CREATE TABLE "provider_plans" (
	"provider_id" text PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"past_due_since" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"status_event_created" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created" bigint NOT NULL,
	"subscription_id" text,
	"customer_id" text,
	"payload" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "featured_slots" ADD CONSTRAINT "featured_slots_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_slots" ADD CONSTRAINT "featured_slots_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_plans" ADD CONSTRAINT "provider_plans_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_plans" ADD CONSTRAINT "provider_plans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "featured_slots_provider_idx" ON "featured_slots" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_one_default" ON "plans" USING btree ("is_default") WHERE "plans"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "plans_name_unique" ON "plans" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "provider_plans_customer_unique" ON "provider_plans" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE INDEX "provider_plans_subscription_idx" ON "provider_plans" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "provider_plans_due_idx" ON "provider_plans" USING btree ("current_period_end") WHERE "provider_plans"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "stripe_events_waiting_idx" ON "stripe_events" USING btree ("subscription_id") WHERE "stripe_events"."outcome" = 'waiting';--> statement-breakpoint
-- Public pages show plans, badges and featured slots: their writes drop the cached reads (src/server/plugins/read-cache.ts).
CREATE TRIGGER plans_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plans FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation();
--> statement-breakpoint
CREATE TRIGGER provider_plans_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON provider_plans FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation();
--> statement-breakpoint
CREATE TRIGGER featured_slots_cache_invalidation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON featured_slots FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation();
--> statement-breakpoint
-- The default plan every provider is on: what the directory allowed everyone before plans existed (no listing limit, daily figures, partner-programme terms); the operator edits its grants.
INSERT INTO plans (name, description, price_cents, period, listing_limit, featured_slots, insight, partner_terms, is_default, position)
VALUES ('Free', 'List your services and tools at no cost.', 0, 'month', NULL, 0, true, true, true, 0);
