CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminded_on" date,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "reminder_sends" (
	"user_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"kind" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"pushed_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "reminder_sends_user_id_local_date_kind_pk" PRIMARY KEY("user_id","local_date","kind")
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"minute_of_day" integer DEFAULT 1020 NOT NULL,
	"push" boolean DEFAULT false NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"weekly_summary" boolean DEFAULT false NOT NULL,
	"unsubscribe_version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_settings_minute_of_day" CHECK ("reminder_settings"."minute_of_day" between 0 and 1439)
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_id_idx" ON "push_subscriptions" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "reminder_sends_claimed_at_idx" ON "reminder_sends" USING btree ("claimed_at");--> statement-breakpoint
CREATE INDEX "reminder_settings_due_idx" ON "reminder_settings" USING btree ("minute_of_day","user_id") WHERE "reminder_settings"."enabled" and ("reminder_settings"."push" or "reminder_settings"."email");--> statement-breakpoint
CREATE INDEX "reminder_settings_weekly_idx" ON "reminder_settings" USING btree ("user_id") WHERE "reminder_settings"."weekly_summary";