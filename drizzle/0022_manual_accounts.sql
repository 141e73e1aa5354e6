ALTER TABLE "account_settings" ADD COLUMN "source" text DEFAULT 'broker' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_settings" ADD COLUMN "account_name" text;--> statement-breakpoint
ALTER TABLE "account_settings" ADD COLUMN "last_digits" text;--> statement-breakpoint
ALTER TABLE "account_settings" ADD COLUMN "current_balance" double precision;--> statement-breakpoint
ALTER TABLE "account_settings" ADD CONSTRAINT "account_settings_source" CHECK ("account_settings"."source" in ('broker', 'manual'));--> statement-breakpoint
ALTER TABLE "account_settings" ADD CONSTRAINT "account_settings_manual_fields" CHECK (("account_settings"."source" = 'manual') = ("account_settings"."account_name" is not null and "account_settings"."last_digits" is not null and "account_settings"."current_balance" is not null));