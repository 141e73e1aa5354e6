ALTER TABLE "executions" DROP CONSTRAINT "executions_kind";--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "option" jsonb;--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_option" CHECK ("executions"."option" is null or jsonb_typeof("executions"."option") = 'object');--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_option_closing" CHECK ("executions"."kind" not in ('expiry', 'assignment', 'exercise') or "executions"."option" is not null);--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_kind" CHECK ("executions"."kind" in ('fill', 'split', 'transfer', 'expiry', 'assignment', 'exercise'));