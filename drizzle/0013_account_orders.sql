ALTER TABLE "account_settings" ADD COLUMN "daily_loss_limit" double precision;--> statement-breakpoint
ALTER TABLE "account_settings" ADD COLUMN "daily_loss_limit_unit" text DEFAULT 'Dollars' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_settings" ADD COLUMN "max_new_trades_per_day" integer;--> statement-breakpoint
ALTER TABLE "account_settings" ADD COLUMN "orders_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_settings" ADD CONSTRAINT "account_settings_loss_limit_unit" CHECK ("account_settings"."daily_loss_limit_unit" in ('Dollars', 'Percent'));