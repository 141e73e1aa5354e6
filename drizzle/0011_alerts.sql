CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sent_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"trade_key" text,
	"kind" text NOT NULL,
	"symbol" text NOT NULL,
	"price" double precision NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"crossing_key" text NOT NULL,
	CONSTRAINT "sent_alerts_kind" CHECK ("sent_alerts"."kind" in ('entry', 'stop', 'target'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "near_entry_r" double precision DEFAULT 0.25 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_alerts" ADD CONSTRAINT "sent_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_alerts" ADD CONSTRAINT "sent_alerts_plan_id_trade_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."trade_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sent_alerts_crossing" ON "sent_alerts" USING btree ("crossing_key");--> statement-breakpoint
CREATE INDEX "sent_alerts_user_sent" ON "sent_alerts" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "sent_alerts_plan" ON "sent_alerts" USING btree ("plan_id");