CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"target_kind" text,
	"target_id" integer,
	"detail" text,
	"client_address" text
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_school_id_idx" ON "audit_log" USING btree ("school_id","id" DESC NULLS LAST);--> statement-breakpoint
-- Append-only (decision 0025): no request, and no bug in one, can rewrite or erase the record of
-- who did what. The only deletions are the purges of retention: a school's entries once the school
-- itself is gone (the cascade of its deletion, which runs after the school's row is deleted) and
-- school-less entries (failed sign-ins of unknown e-mails) older than 90 days.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."school_id" IS NULL AND OLD."at" < now() - interval '90 days' THEN
      RETURN OLD;
    END IF;
    IF OLD."school_id" IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM "schools" s WHERE s."id" = OLD."school_id") THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
