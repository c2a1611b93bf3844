CREATE TABLE "alert_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"favourite_mail" text DEFAULT 'instant' NOT NULL,
	"favourites_mailed_through" integer DEFAULT 0 NOT NULL,
	"favourites_mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "listing_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"kind" text NOT NULL,
	"listing_type" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"recipients" text[] DEFAULT '{}'::text[] NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"address" text NOT NULL,
	"filters" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"mailing" boolean DEFAULT true NOT NULL,
	"last_digest_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_digest_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_name_check" CHECK (length("saved_searches"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_events_live_idx" ON "listing_events" USING btree ("at") WHERE "listing_events"."kind" = 'live';--> statement-breakpoint
CREATE INDEX "listing_events_recipients_idx" ON "listing_events" USING gin ("recipients");--> statement-breakpoint
CREATE INDEX "listing_events_at_idx" ON "listing_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "saved_searches_user_created_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_due_idx" ON "saved_searches" USING btree ("next_digest_at") WHERE "saved_searches"."mailing";--> statement-breakpoint
-- Written by hand (docs/decisions/alerts.md): the events alerts tell of, recorded by triggers in
-- the transaction of the change, whatever code made it. A listing going live is recorded for the
-- saved searches; a change of a favourited listing only when someone has it favourited.
CREATE FUNCTION favourited_by(p_listing_id integer) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(user_id ORDER BY user_id), '{}') FROM favorites WHERE listing_id = p_listing_id
$$;
--> statement-breakpoint
CREATE FUNCTION record_listings_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_events (listing_id, kind, listing_type, title, slug)
  SELECT id, 'live', type, title, slug FROM inserted WHERE status = 'approved';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listings_live_events AFTER INSERT ON listings REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION record_listings_live();
--> statement-breakpoint
CREATE FUNCTION record_listing_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fans text[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status = 'approved' THEN
      fans := favourited_by(OLD.id);
      IF cardinality(fans) > 0 THEN
        INSERT INTO listing_events (listing_id, kind, listing_type, title, slug, recipients) VALUES (OLD.id, 'taken_down', OLD.type, OLD.title, OLD.slug, fans);
      END IF;
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status <> 'approved' AND NEW.status = 'approved' THEN
    INSERT INTO listing_events (listing_id, kind, listing_type, title, slug) VALUES (NEW.id, 'live', NEW.type, NEW.title, NEW.slug);
  ELSIF OLD.status = 'approved' AND NEW.status <> 'approved' THEN
    fans := favourited_by(NEW.id);
    IF cardinality(fans) > 0 THEN
      INSERT INTO listing_events (listing_id, kind, listing_type, title, slug, recipients) VALUES (NEW.id, 'taken_down', NEW.type, OLD.title, OLD.slug, fans);
    END IF;
  ELSIF NEW.status = 'approved' AND (OLD.price IS DISTINCT FROM NEW.price OR OLD.price_type IS DISTINCT FROM NEW.price_type) THEN
    fans := favourited_by(NEW.id);
    IF cardinality(fans) > 0 THEN
      INSERT INTO listing_events (listing_id, kind, listing_type, title, slug, before, after, recipients)
      VALUES (NEW.id, 'price', NEW.type, NEW.title, NEW.slug, jsonb_build_object('price', OLD.price, 'priceType', OLD.price_type), jsonb_build_object('price', NEW.price, 'priceType', NEW.price_type), fans);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The WHEN clause keeps the trigger off the writes that change none of these (a view counted).
CREATE TRIGGER listings_change_events AFTER UPDATE ON listings FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.price IS DISTINCT FROM NEW.price OR OLD.price_type IS DISTINCT FROM NEW.price_type)
  EXECUTE FUNCTION record_listing_change();
--> statement-breakpoint
-- Before the delete: the favourites go with the listing (cascade), and they name who to tell.
CREATE TRIGGER listings_delete_events BEFORE DELETE ON listings FOR EACH ROW EXECUTE FUNCTION record_listing_change();
--> statement-breakpoint
-- The programme's terms an agency weighs: margin, commitment, billing and white-label level (the
-- first and last are the programme's cached figures, filled in with the terms or soon after; a row
-- whose caches were not filled yet has changed nothing anyone saw).
CREATE FUNCTION record_programme_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fans text[];
  l record;
  terms_before jsonb;
  terms_after jsonb;
BEGIN
  SELECT id, type, title, slug, status INTO l FROM listings WHERE id = coalesce(NEW.listing_id, OLD.listing_id);
  IF l.id IS NULL OR l.status <> 'approved' THEN RETURN NULL; END IF;
  fans := favourited_by(l.id);
  IF cardinality(fans) = 0 THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    terms_before := jsonb_build_object('marginPercent', OLD.margin_percent, 'commitmentMonths', OLD.commitment_months, 'billingModel', OLD.billing_model, 'whiteLabelLevel', OLD.white_label_level);
  END IF;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO listing_events (listing_id, kind, listing_type, title, slug, before, recipients) VALUES (l.id, 'programme_removed', l.type, l.title, l.slug, terms_before, fans);
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.white_label_level IS NULL THEN RETURN NULL; END IF;
  terms_after := jsonb_build_object('marginPercent', NEW.margin_percent, 'commitmentMonths', NEW.commitment_months, 'billingModel', NEW.billing_model, 'whiteLabelLevel', NEW.white_label_level);
  IF terms_before IS NOT DISTINCT FROM terms_after THEN RETURN NULL; END IF;
  INSERT INTO listing_events (listing_id, kind, listing_type, title, slug, before, after, recipients) VALUES (l.id, 'terms', l.type, l.title, l.slug, terms_before, terms_after, fans);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER partner_programmes_change_events AFTER INSERT OR UPDATE OR DELETE ON partner_programmes FOR EACH ROW EXECUTE FUNCTION record_programme_change();
