CREATE TYPE "public"."personal_badge" AS ENUM('first_complete_day', 'five_day_streak', 'green_week', 'better_week', 'sleep_week');--> statement-breakpoint
CREATE TABLE "personal_badges" (
	"user_id" integer NOT NULL,
	"badge" "personal_badge" NOT NULL,
	"earned_on" date NOT NULL,
	"celebrated_at" timestamp with time zone,
	CONSTRAINT "personal_badges_user_id_badge_pk" PRIMARY KEY("user_id","badge")
);
--> statement-breakpoint
ALTER TABLE "personal_badges" ADD CONSTRAINT "personal_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;