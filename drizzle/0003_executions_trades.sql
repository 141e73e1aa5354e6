CREATE TABLE "executions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"quantity" double precision NOT NULL,
	"price" double precision NOT NULL,
	"fees" double precision NOT NULL,
	"executed_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"broker_execution_id" text,
	"position_effect" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "executions_side" CHECK ("executions"."side" in ('Buy', 'Sell')),
	CONSTRAINT "executions_source" CHECK ("executions"."source" in ('manual', 'broker')),
	CONSTRAINT "executions_position_effect" CHECK ("executions"."position_effect" in ('Open', 'Close'))
);
--> statement-breakpoint
CREATE TABLE "trade_annotations" (
	"trade_key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid,
	"initial_stop" double precision,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_account_id_account_settings_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_annotations" ADD CONSTRAINT "trade_annotations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_annotations" ADD CONSTRAINT "trade_annotations_plan_id_trade_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."trade_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "executions_account_broker_id" ON "executions" USING btree ("account_id","broker_execution_id") WHERE "executions"."broker_execution_id" is not null;--> statement-breakpoint
CREATE INDEX "executions_user_executed" ON "executions" USING btree ("user_id","executed_at");--> statement-breakpoint
CREATE INDEX "trade_annotations_user" ON "trade_annotations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trade_annotations_plan" ON "trade_annotations" USING btree ("plan_id");