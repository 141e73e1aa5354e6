DROP INDEX "trade_plans_one_active_per_stock";--> statement-breakpoint
ALTER TABLE "trade_plans" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_plans_one_active_per_stock" ON "trade_plans" USING btree ("user_id","stock") WHERE "trade_plans"."status" in ('Ready', 'Hold') and "trade_plans"."done_at" is null;