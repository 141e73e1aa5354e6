CREATE TABLE "trader_settings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"near_entry_r" double precision DEFAULT 0.25 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	CONSTRAINT "trader_settings_one_per_trader" CHECK ("trader_settings"."id" = "trader_settings"."user_id")
);
--> statement-breakpoint
ALTER TABLE "trader_settings" ADD CONSTRAINT "trader_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trader_settings_user_changed" ON "trader_settings" USING btree ("user_id","changed_xid");--> statement-breakpoint
CREATE TRIGGER "trader_settings_stamp" BEFORE UPDATE ON "trader_settings" FOR EACH ROW EXECUTE FUNCTION "stamp_change"();--> statement-breakpoint
-- The thresholds traders set move into their settings record; one left at the default needs no record.
INSERT INTO "trader_settings" ("id", "user_id", "near_entry_r", "created_at", "updated_at")
  SELECT "id", "id", "near_entry_r", now(), now() FROM "users" WHERE "near_entry_r" <> 0.25;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "near_entry_r";