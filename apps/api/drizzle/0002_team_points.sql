DROP INDEX "teams_school_id_idx";--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "teams_school_id_idx" ON "teams" USING btree ("school_id","points");--> statement-breakpoint
UPDATE "teams" SET "points" = coalesce((
  SELECT sum(u."points") FROM "team_members" tm JOIN "users" u ON u."id" = tm."user_id"
  WHERE tm."team_id" = "teams"."id"), 0);
