CREATE TABLE "monthly_figures_mail" (
	"user_id" text PRIMARY KEY NOT NULL,
	"unsubscribed" boolean DEFAULT false NOT NULL,
	"last_month" text
);
--> statement-breakpoint
ALTER TABLE "monthly_figures_mail" ADD CONSTRAINT "monthly_figures_mail_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;