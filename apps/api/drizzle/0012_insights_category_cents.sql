ALTER TABLE "daily_summaries" ADD COLUMN "category_cents" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The days already logged: their non-stress category totals from the activities still kept
-- (decision 0032). Days whose detail retention already reduced stay '{}', as retention leaves them.
UPDATE "daily_summaries" d SET "category_cents" = a.cents
FROM (
  SELECT "user_id", "local_date", jsonb_object_agg("activity_type", "total_cents") AS cents
  FROM "activities" WHERE "activity_type" <> 'stress'
  GROUP BY "user_id", "local_date"
) a
WHERE d."user_id" = a."user_id" AND d."local_date" = a."local_date";
