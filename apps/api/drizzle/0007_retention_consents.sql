CREATE TYPE "public"."consent_kind" AS ENUM('parental_consent', 'policies');--> statement-breakpoint
CREATE TABLE "consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"user_id" integer,
	"person_name" text NOT NULL,
	"kind" "consent_kind" NOT NULL,
	"text_version" text NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	"client_address" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inactivity_notice_at" timestamp with time zone;--> statement-breakpoint
-- Accounts from before this migration: last seen at their latest sign-in, session use or logged
-- activity that is still known (decision 0023), not at the migration's time.
UPDATE "users" SET "last_seen_at" = greatest("created_at", "last_activity_logged_at", (SELECT max("last_used_at") FROM "auth_sessions" WHERE "auth_sessions"."user_id" = "users"."id"));--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_school_id_idx" ON "consents" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "consents_user_id_idx" ON "consents" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "users_last_seen_at_idx" ON "users" USING btree ("last_seen_at");