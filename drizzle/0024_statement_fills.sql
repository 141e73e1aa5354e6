ALTER TABLE "executions" DROP CONSTRAINT "executions_source";--> statement-breakpoint
ALTER TABLE "executions" DROP CONSTRAINT "executions_manual_fill";--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_source" CHECK ("executions"."source" in ('manual', 'broker', 'statement'));--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_manual_fill" CHECK ("executions"."source" <> 'manual' or "executions"."kind" = 'fill');