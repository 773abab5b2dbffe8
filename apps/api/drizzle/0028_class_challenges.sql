CREATE TYPE "public"."class_challenge_kind" AS ENUM('water_cups', 'sleep_nights', 'active_days');--> statement-breakpoint
CREATE TYPE "public"."class_scope" AS ENUM('homeroom', 'grade');--> statement-breakpoint
CREATE TABLE "class_challenges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_challenges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"kind" "class_challenge_kind" NOT NULL,
	"scope" "class_scope" NOT NULL,
	"class_name" text NOT NULL,
	"target" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"ended_early" boolean DEFAULT false NOT NULL,
	CONSTRAINT "class_challenges_target" CHECK ("class_challenges"."target" between 1 and 10000)
);
--> statement-breakpoint
ALTER TABLE "class_challenges" ADD CONSTRAINT "class_challenges_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_challenges" ADD CONSTRAINT "class_challenges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_challenges_one_running" ON "class_challenges" USING btree ("school_id","scope","class_name") WHERE "class_challenges"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "class_challenges_school_idx" ON "class_challenges" USING btree ("school_id","created_at");