CREATE TABLE "class_code_students" (
	"class_code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "class_code_students_class_code_id_user_id_pk" PRIMARY KEY("class_code_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "class_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"homeroom" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "class_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "secret_pictures" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"first" text NOT NULL,
	"second" text NOT NULL,
	CONSTRAINT "secret_pictures_known" CHECK (first in ('apple', 'banana', 'cherry', 'star', 'moon', 'sun', 'flower', 'tree', 'house') and second in ('apple', 'banana', 'cherry', 'star', 'moon', 'sun', 'flower', 'tree', 'house')),
	CONSTRAINT "secret_pictures_distinct" CHECK ("secret_pictures"."first" <> "secret_pictures"."second")
);
--> statement-breakpoint
ALTER TABLE "class_code_students" ADD CONSTRAINT "class_code_students_class_code_id_class_codes_id_fk" FOREIGN KEY ("class_code_id") REFERENCES "public"."class_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_code_students" ADD CONSTRAINT "class_code_students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_codes" ADD CONSTRAINT "class_codes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secret_pictures" ADD CONSTRAINT "secret_pictures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_code_students_user_id_idx" ON "class_code_students" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "class_codes_school_id_idx" ON "class_codes" USING btree ("school_id");