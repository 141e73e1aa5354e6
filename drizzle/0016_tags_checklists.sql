ALTER TABLE "trade_annotations" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_annotations" ADD COLUMN "mistakes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_plans" ADD COLUMN "criteria_met" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_setups" ADD COLUMN "checklist_required" boolean DEFAULT false NOT NULL;