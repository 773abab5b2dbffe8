ALTER TABLE "checkout_sessions" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "return_base" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "duplicate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Data written before this migration (decision 0004): open sessions have no stored url, so none can
-- be handed out again; expire them (a Stripe session paid anyway is still recorded). Payments
-- beyond the first per school (subscriptions) or member (donations) become duplicates to refund.
UPDATE "checkout_sessions" SET "status" = 'expired' WHERE "status" = 'open';--> statement-breakpoint
UPDATE "payments" SET "duplicate" = true WHERE "id" NOT IN (SELECT min("id") FROM "payments" WHERE "kind" = 'subscription' GROUP BY "school_id" UNION ALL SELECT min("id") FROM "payments" WHERE "kind" = 'donation' GROUP BY "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_one_open_subscription" ON "checkout_sessions" USING btree ("school_id") WHERE "checkout_sessions"."kind" = 'subscription' and "checkout_sessions"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_one_open_donation" ON "checkout_sessions" USING btree ("user_id") WHERE "checkout_sessions"."kind" = 'donation' and "checkout_sessions"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_subscription_per_school" ON "payments" USING btree ("school_id") WHERE "payments"."kind" = 'subscription' and not "payments"."duplicate";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_donation_per_member" ON "payments" USING btree ("user_id") WHERE "payments"."kind" = 'donation' and not "payments"."duplicate";