ALTER TABLE "users" ADD COLUMN "is_student" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- users.is_student / is_staff mirror user_roles for the staff and student lists: kept here, by the
-- database, so that every writer of roles (sign-ups, the role switch, seeds, fixtures) keeps them.
CREATE FUNCTION "users_sync_role_flags"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" u SET
    "is_student" = EXISTS (SELECT 1 FROM "user_roles" r WHERE r."user_id" = u."id" AND r."role" = 'student'),
    "is_staff" = EXISTS (SELECT 1 FROM "user_roles" r WHERE r."user_id" = u."id" AND r."role" = 'staff')
  WHERE u."id" IN (OLD."user_id", NEW."user_id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_roles_sync_flags" AFTER INSERT OR UPDATE OR DELETE ON "user_roles"
  FOR EACH ROW EXECUTE FUNCTION "users_sync_role_flags"();
--> statement-breakpoint
UPDATE "users" u SET
  "is_student" = EXISTS (SELECT 1 FROM "user_roles" r WHERE r."user_id" = u."id" AND r."role" = 'student'),
  "is_staff" = EXISTS (SELECT 1 FROM "user_roles" r WHERE r."user_id" = u."id" AND r."role" = 'staff');
--> statement-breakpoint
CREATE INDEX "users_students_name_idx" ON "users" USING btree ("school_id",lower(regexp_replace(normalize("first_name", NFD), '[\u0300-\u036f]', '', 'g')),lower(regexp_replace(normalize("last_name", NFD), '[\u0300-\u036f]', '', 'g')),"id") WHERE "users"."is_student";--> statement-breakpoint
CREATE INDEX "users_students_activity_idx" ON "users" USING btree ("school_id","last_activity_logged_at","id") WHERE "users"."is_student";--> statement-breakpoint
CREATE INDEX "users_staff_name_idx" ON "users" USING btree ("school_id",lower(regexp_replace(normalize("first_name", NFD), '[\u0300-\u036f]', '', 'g')),lower(regexp_replace(normalize("last_name", NFD), '[\u0300-\u036f]', '', 'g')),"id") WHERE "users"."is_staff";