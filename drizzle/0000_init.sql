CREATE TABLE "account_settings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"account_hash" text NOT NULL,
	"original_balance" double precision NOT NULL,
	"capital_risk" double precision NOT NULL,
	"max_trade_risk" double precision NOT NULL,
	"scale_out_factor" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broker_tokens" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"data" text NOT NULL,
	"refresh_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"identification_notes" text NOT NULL,
	"weight_factor" double precision NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_plan_edges" (
	"plan_id" uuid NOT NULL,
	"edge_id" uuid NOT NULL,
	CONSTRAINT "trade_plan_edges_plan_id_edge_id_pk" PRIMARY KEY("plan_id","edge_id")
);
--> statement-breakpoint
CREATE TABLE "trade_plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"stock" text NOT NULL,
	"entry_price" double precision NOT NULL,
	"stop_loss_price" double precision NOT NULL,
	"probability_of_success" double precision,
	"status" text DEFAULT 'Draft' NOT NULL,
	"scan_id" text,
	"trade_setup_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trade_plans_status" CHECK ("trade_plans"."status" in ('Draft', 'Ready', 'Hold', 'Discarded'))
);
--> statement-breakpoint
CREATE TABLE "trade_setups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"entry_criteria" text NOT NULL,
	"exit_criteria" text NOT NULL,
	"notes" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"broker" text NOT NULL,
	"broker_user_id" text NOT NULL,
	"display_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_settings" ADD CONSTRAINT "account_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_tokens" ADD CONSTRAINT "broker_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edges" ADD CONSTRAINT "edges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_plan_edges" ADD CONSTRAINT "trade_plan_edges_plan_id_trade_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."trade_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_plan_edges" ADD CONSTRAINT "trade_plan_edges_edge_id_edges_id_fk" FOREIGN KEY ("edge_id") REFERENCES "public"."edges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_plans" ADD CONSTRAINT "trade_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_plans" ADD CONSTRAINT "trade_plans_trade_setup_id_trade_setups_id_fk" FOREIGN KEY ("trade_setup_id") REFERENCES "public"."trade_setups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_setups" ADD CONSTRAINT "trade_setups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_settings_user_account" ON "account_settings" USING btree ("user_id","account_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "edges_user_active_name" ON "edges" USING btree ("user_id",lower("name")) WHERE "edges"."is_active";--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trade_plan_edges_edge" ON "trade_plan_edges" USING btree ("edge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_plans_one_active_per_stock" ON "trade_plans" USING btree ("user_id","stock") WHERE "trade_plans"."status" in ('Ready', 'Hold');--> statement-breakpoint
CREATE INDEX "trade_plans_user" ON "trade_plans" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trade_plans_setup" ON "trade_plans" USING btree ("trade_setup_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_setups_user_name" ON "trade_setups" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_broker_identity" ON "users" USING btree ("broker","broker_user_id");