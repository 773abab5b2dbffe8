CREATE TABLE "family_summary_sends" (
	"guardian_user_id" integer NOT NULL,
	"student_user_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "family_summary_sends_guardian_user_id_student_user_id_week_start_pk" PRIMARY KEY("guardian_user_id","student_user_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD COLUMN "family_summary" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "family_summary_sends" ADD CONSTRAINT "family_summary_sends_guardian_user_id_users_id_fk" FOREIGN KEY ("guardian_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_summary_sends" ADD CONSTRAINT "family_summary_sends_student_user_id_users_id_fk" FOREIGN KEY ("student_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_summary_sends_claimed_at_idx" ON "family_summary_sends" USING btree ("claimed_at");