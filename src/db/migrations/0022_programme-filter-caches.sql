ALTER TABLE "partner_programmes" ADD COLUMN "margin_percent" real;--> statement-breakpoint
ALTER TABLE "partner_programmes" ADD COLUMN "earnings_per_client" real;--> statement-breakpoint
ALTER TABLE "partner_programmes" ADD COLUMN "white_label_level" text;--> statement-breakpoint
CREATE INDEX "partner_programmes_margin_idx" ON "partner_programmes" USING btree ("margin_percent" DESC NULLS LAST) WHERE "partner_programmes"."margin_percent" is not null;--> statement-breakpoint
CREATE INDEX "partner_programmes_earnings_idx" ON "partner_programmes" USING btree ("earnings_per_client" DESC NULLS LAST) WHERE "partner_programmes"."earnings_per_client" is not null;--> statement-breakpoint
CREATE INDEX "partner_programmes_newest_verified_idx" ON "partner_programmes" USING btree ("verified_at" DESC NULLS LAST) WHERE "partner_programmes"."verified_at" is not null;