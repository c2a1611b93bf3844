CREATE TABLE "daily_figure_flushes" (
	"id" text PRIMARY KEY NOT NULL,
	"flushed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_daily_figures" (
	"listing_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"unique_visitors" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"favourites_added" integer DEFAULT 0 NOT NULL,
	"favourites_removed" integer DEFAULT 0 NOT NULL,
	"website_clicks" integer DEFAULT 0 NOT NULL,
	"search_appearances" integer DEFAULT 0 NOT NULL,
	"category_appearances" integer DEFAULT 0 NOT NULL,
	"new_reviews" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_daily_figures_listing_id_day_pk" PRIMARY KEY("listing_id","day")
);
--> statement-breakpoint
ALTER TABLE "listing_daily_figures" ADD CONSTRAINT "listing_daily_figures_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_daily_figures_day_idx" ON "listing_daily_figures" USING btree ("day");--> statement-breakpoint
-- Leads, favourites and reviews already write a row of their own, rarely: each is counted by a
-- trigger in the same transaction, so its figure is exact and commits or rolls back with it. A row
-- deleted because its listing is being deleted counts nothing (the listing's figures go with it).
CREATE FUNCTION add_listing_daily_figures(p_listing_id integer, p_at timestamptz, p_leads integer, p_added integer, p_removed integer, p_reviews integer, p_rating integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_daily_figures (listing_id, day, leads, favourites_added, favourites_removed, new_reviews, rating_sum)
  SELECT p_listing_id, (p_at AT TIME ZONE 'UTC')::date, p_leads, p_added, p_removed, p_reviews, p_rating
  WHERE EXISTS (SELECT 1 FROM listings WHERE id = p_listing_id)
  ON CONFLICT (listing_id, day) DO UPDATE SET
    leads = listing_daily_figures.leads + excluded.leads,
    favourites_added = listing_daily_figures.favourites_added + excluded.favourites_added,
    favourites_removed = listing_daily_figures.favourites_removed + excluded.favourites_removed,
    new_reviews = listing_daily_figures.new_reviews + excluded.new_reviews,
    rating_sum = listing_daily_figures.rating_sum + excluded.rating_sum;
END
$$;
--> statement-breakpoint
CREATE FUNCTION count_listing_lead() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'listing' AND NEW.listing_id IS NOT NULL THEN
    PERFORM add_listing_daily_figures(NEW.listing_id, now(), 1, 0, 0, 0, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER messages_daily_figures AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION count_listing_lead();
--> statement-breakpoint
CREATE FUNCTION count_listing_favourite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_listing_daily_figures(NEW.listing_id, now(), 0, 1, 0, 0, 0);
  ELSE
    PERFORM add_listing_daily_figures(OLD.listing_id, now(), 0, 0, 1, 0, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER favorites_daily_figures AFTER INSERT OR DELETE ON favorites FOR EACH ROW EXECUTE FUNCTION count_listing_favourite();
--> statement-breakpoint
CREATE FUNCTION count_listing_review() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_listing_daily_figures(NEW.listing_id, now(), 0, 0, 0, 1, NEW.rating);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_daily_figures AFTER INSERT ON reviews FOR EACH ROW EXECUTE FUNCTION count_listing_review();
--> statement-breakpoint
CREATE TABLE "monthly_figures_mail" (
	"user_id" text PRIMARY KEY NOT NULL,
	"unsubscribed" boolean DEFAULT false NOT NULL,
	"last_month" text
);
--> statement-breakpoint
ALTER TABLE "monthly_figures_mail" ADD CONSTRAINT "monthly_figures_mail_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;