ALTER TABLE "executions" ADD COLUMN "kind" text DEFAULT 'fill' NOT NULL;--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_kind" CHECK ("executions"."kind" in ('fill', 'split', 'transfer'));--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_manual_fill" CHECK ("executions"."source" = 'broker' or "executions"."kind" = 'fill');