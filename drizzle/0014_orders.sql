CREATE TABLE "order_exchanges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_body" jsonb,
	"status" integer,
	"response_body" jsonb
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"request" jsonb NOT NULL,
	"status" text NOT NULL,
	"bracket_order" jsonb NOT NULL,
	"filled_quantity" double precision DEFAULT 0 NOT NULL,
	"broker_order_id" text,
	"reason" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('Sending', 'Working', 'PartiallyFilled', 'Filled', 'Cancelled', 'Rejected'))
);
--> statement-breakpoint
ALTER TABLE "order_exchanges" ADD CONSTRAINT "order_exchanges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_id_trade_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."trade_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_account_settings_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_exchanges_order_at" ON "order_exchanges" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_key" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_per_plan_account" ON "orders" USING btree ("plan_id","account_id") WHERE "orders"."status" in ('Sending', 'Working', 'PartiallyFilled');--> statement-breakpoint
CREATE INDEX "orders_user_plan" ON "orders" USING btree ("user_id","plan_id");--> statement-breakpoint
CREATE INDEX "orders_account" ON "orders" USING btree ("account_id");