ALTER TABLE "account_settings" ADD COLUMN "changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "edges" ADD COLUMN "changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "tombstones" ADD COLUMN "changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_annotations" ADD COLUMN "changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_plans" ADD COLUMN "changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_setups" ADD COLUMN "changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "account_settings_user_changed" ON "account_settings" USING btree ("user_id","changed_xid");--> statement-breakpoint
CREATE INDEX "edges_user_changed" ON "edges" USING btree ("user_id","changed_xid");--> statement-breakpoint
CREATE INDEX "executions_user_changed" ON "executions" USING btree ("user_id","changed_xid");--> statement-breakpoint
CREATE INDEX "tombstones_user_changed" ON "tombstones" USING btree ("user_id","changed_xid");--> statement-breakpoint
CREATE INDEX "trade_annotations_user_changed" ON "trade_annotations" USING btree ("user_id","changed_xid");--> statement-breakpoint
CREATE INDEX "trade_plans_user_changed" ON "trade_plans" USING btree ("user_id","changed_xid");--> statement-breakpoint
CREATE INDEX "trade_setups_user_changed" ON "trade_setups" USING btree ("user_id","changed_xid");--> statement-breakpoint
-- Every update re-stamps its row, whoever writes it (the app, a cascade, a restore): the delta sync trusts nothing else.
CREATE FUNCTION "stamp_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."changed_xid" := pg_current_xact_id();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "account_settings_stamp" BEFORE UPDATE ON "account_settings" FOR EACH ROW EXECUTE FUNCTION "stamp_change"();--> statement-breakpoint
CREATE TRIGGER "edges_stamp" BEFORE UPDATE ON "edges" FOR EACH ROW EXECUTE FUNCTION "stamp_change"();--> statement-breakpoint
CREATE TRIGGER "executions_stamp" BEFORE UPDATE ON "executions" FOR EACH ROW EXECUTE FUNCTION "stamp_change"();--> statement-breakpoint
CREATE TRIGGER "tombstones_stamp" BEFORE UPDATE ON "tombstones" FOR EACH ROW EXECUTE FUNCTION "stamp_change"();--> statement-breakpoint
CREATE TRIGGER "trade_annotations_stamp" BEFORE UPDATE ON "trade_annotations" FOR EACH ROW EXECUTE FUNCTION "stamp_change"();--> statement-breakpoint
CREATE TRIGGER "trade_plans_stamp" BEFORE UPDATE ON "trade_plans" FOR EACH ROW EXECUTE FUNCTION "stamp_change"();--> statement-breakpoint
CREATE TRIGGER "trade_setups_stamp" BEFORE UPDATE ON "trade_setups" FOR EACH ROW EXECUTE FUNCTION "stamp_change"();
