-- Decision 0057: a row per person and closed week for the school insights. Existing schools' weeks
-- are stored by the hourly maintenance job's first run (from insight_weeks_through 1970-01-01);
-- until then the insights compute them from daily_summaries, as before.
CREATE TABLE "closed_weeks" (
	"user_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"days" integer NOT NULL,
	"day_mask" integer NOT NULL,
	"energy_cents" integer NOT NULL,
	"dark_red" integer NOT NULL,
	"light_red" integer NOT NULL,
	"yellow" integer NOT NULL,
	"light_green" integer NOT NULL,
	"dark_green" integer NOT NULL,
	"sleep_entries" integer NOT NULL,
	"water_entries" integer NOT NULL,
	"fitness_entries" integer NOT NULL,
	"food_entries" integer NOT NULL,
	"rest_entries" integer NOT NULL,
	"sunshine_entries" integer NOT NULL,
	"cleanliness_entries" integer NOT NULL,
	"sleep_cents" integer NOT NULL,
	"water_cents" integer NOT NULL,
	"fitness_cents" integer NOT NULL,
	"food_cents" integer NOT NULL,
	"rest_cents" integer NOT NULL,
	"sunshine_cents" integer NOT NULL,
	"cleanliness_cents" integer NOT NULL,
	CONSTRAINT "closed_weeks_user_id_week_start_pk" PRIMARY KEY("user_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "insight_weeks_through" date DEFAULT '1970-01-01' NOT NULL;--> statement-breakpoint
ALTER TABLE "closed_weeks" ADD CONSTRAINT "closed_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_weeks" ADD CONSTRAINT "closed_weeks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closed_weeks_school_week_idx" ON "closed_weeks" USING btree ("school_id","week_start");