ALTER TABLE "trade_plans" ADD COLUMN "target_price" double precision;--> statement-breakpoint
ALTER TABLE "trade_plans" ADD COLUMN "notes" text DEFAULT '' NOT NULL;