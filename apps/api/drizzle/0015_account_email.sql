CREATE TABLE "email_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "email_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "email_links_kind" CHECK ("email_links"."kind" in ('confirm', 'undo'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_links_user_id_idx" ON "email_links" USING btree ("user_id");--> statement-breakpoint
-- Addresses that had an account before confirmation links existed keep getting their mail
-- (decision 0044): they are counted as confirmed from the day the account was made.
UPDATE "users" SET "email_confirmed_at" = "created_at";--> statement-breakpoint
-- One spelling per address (email-address.ts): trimmed, lower-case, no trailing dot. A row whose
-- normal form another row already has (or, among rows sharing a normal form, any but the oldest)
-- keeps its spelling rather than break the unique constraint; decision 0044 says why that is safe.
UPDATE "users" SET "email" = "normal"."email"
FROM (
  SELECT "id", regexp_replace(lower(btrim("email")), '\.+$', '') AS "email",
    row_number() OVER (PARTITION BY regexp_replace(lower(btrim("email")), '\.+$', '') ORDER BY "id") AS "rank"
  FROM "users"
) AS "normal"
WHERE "users"."id" = "normal"."id" AND "normal"."rank" = 1 AND "users"."email" <> "normal"."email"
  AND NOT EXISTS (SELECT 1 FROM "users" AS "other" WHERE "other"."email" = "normal"."email");--> statement-breakpoint
UPDATE "invitations" SET "email" = "normal"."email"
FROM (
  SELECT "id", regexp_replace(lower(btrim("email")), '\.+$', '') AS "email",
    row_number() OVER (PARTITION BY regexp_replace(lower(btrim("email")), '\.+$', '') ORDER BY "id") AS "rank"
  FROM "invitations"
) AS "normal"
WHERE "invitations"."id" = "normal"."id" AND "normal"."rank" = 1
  AND "invitations"."email" <> "normal"."email"
  AND NOT EXISTS (SELECT 1 FROM "invitations" AS "other" WHERE "other"."email" = "normal"."email");
