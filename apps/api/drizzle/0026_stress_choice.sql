ALTER TYPE "public"."consent_kind" ADD VALUE 'stress_check_in_on';--> statement-breakpoint
ALTER TYPE "public"."consent_kind" ADD VALUE 'stress_check_in_off';--> statement-breakpoint
ALTER TYPE "public"."consent_kind" ADD VALUE 'stress_opt_out';--> statement-breakpoint
ALTER TYPE "public"."consent_kind" ADD VALUE 'stress_opt_in';--> statement-breakpoint
CREATE TABLE "talk_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "talk_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" integer
);
--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "student_id" integer;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "stress_check_in" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stress_opted_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_counsellor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "talk_requests" ADD CONSTRAINT "talk_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talk_requests" ADD CONSTRAINT "talk_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talk_requests" ADD CONSTRAINT "talk_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "talk_requests_one_open_per_user" ON "talk_requests" USING btree ("user_id") WHERE "talk_requests"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "talk_requests_school_id_idx" ON "talk_requests" USING btree ("school_id","id");--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_student_id_idx" ON "consents" USING btree ("student_id");