CREATE TABLE "school_holidays" (
	"school_id" integer NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "school_holidays_school_id_date_pk" PRIMARY KEY("school_id","date")
);
--> statement-breakpoint
ALTER TABLE "daily_summaries" ADD COLUMN "rest_days" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_holidays" ADD CONSTRAINT "school_holidays_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;