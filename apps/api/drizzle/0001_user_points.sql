DROP INDEX "users_school_id_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_school_id_idx" ON "users" USING btree ("school_id","points");