ALTER TABLE "schools" ADD COLUMN "points_closed_through" date DEFAULT '1970-01-01' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "closed_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "teams_school_closed_points_idx" ON "teams" USING btree ("school_id","closed_points");--> statement-breakpoint
CREATE INDEX "users_school_closed_points_idx" ON "users" USING btree ("school_id","closed_points");--> statement-breakpoint
-- Existing schools: closed through the day before yesterday, school time (the domain's
-- lastClosedDay), and everyone's points as of then (decision 0043).
UPDATE "schools" SET "points_closed_through" = (now() AT TIME ZONE "time_zone")::date - 2;--> statement-breakpoint
UPDATE "users" u SET "closed_points" = coalesce((
  SELECT sum(d."day_points" + d."streak_points")
  FROM "daily_summaries" d
  JOIN "schools" sc ON sc."id" = u."school_id"
  JOIN "semesters" s ON s."school_id" = u."school_id" AND s."is_active"
    AND d."local_date" BETWEEN s."start_date" AND s."end_date"
  WHERE d."user_id" = u."id" AND d."local_date" <= sc."points_closed_through"), 0);--> statement-breakpoint
UPDATE "teams" t SET "closed_points" = coalesce((
  SELECT sum(u."closed_points") FROM "team_members" tm JOIN "users" u ON u."id" = tm."user_id"
  WHERE tm."team_id" = t."id"), 0);
