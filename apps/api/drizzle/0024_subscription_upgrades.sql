DROP INDEX "payments_one_subscription_per_school";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "upgrades_from" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "upgrades_from" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_subscription_step_per_school" ON "payments" USING btree ("school_id","upgrades_from") WHERE "payments"."kind" = 'subscription' and not "payments"."duplicate";