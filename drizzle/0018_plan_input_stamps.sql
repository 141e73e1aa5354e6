-- Plans written before this migration may have fed anything: stamped now, each client's next delta resends trades and setups once.
ALTER TABLE "trade_plans" ADD COLUMN "link_xid" "xid8" DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "trade_plans" ADD COLUMN "score_xid" "xid8" DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "trade_plans" ALTER COLUMN "link_xid" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "trade_plans" ALTER COLUMN "score_xid" DROP DEFAULT;--> statement-breakpoint
-- What a plan feeds, stamped by the database whoever writes it (sync/syncService.ts). A trade's
-- automatic link reads an active plan's stock, direction, stop and creation (the domain's
-- `automaticLink`; active is ACTIVE_STATUSES, as in migration 0008); a setup's score reads its
-- plans' setup, status and probability (`setupSuccessScore`).
CREATE FUNCTION "stamp_plan_inputs"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_active boolean := NEW."status" IN ('Ready', 'Hold');
  was_active boolean := false;
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW."link_xid" := CASE WHEN is_active THEN pg_current_xact_id() END;
    NEW."score_xid" := CASE WHEN NEW."trade_setup_id" IS NOT NULL THEN pg_current_xact_id() END;
    RETURN NEW;
  END IF;
  was_active := OLD."status" IN ('Ready', 'Hold');
  IF (was_active OR is_active)
    AND (was_active, OLD."stock", OLD."direction", OLD."stop_loss_price", OLD."created_at")
      IS DISTINCT FROM (is_active, NEW."stock", NEW."direction", NEW."stop_loss_price", NEW."created_at") THEN
    NEW."link_xid" := pg_current_xact_id();
  END IF;
  IF (OLD."trade_setup_id" IS NOT NULL OR NEW."trade_setup_id" IS NOT NULL)
    AND (OLD."trade_setup_id", OLD."status", OLD."probability_of_success")
      IS DISTINCT FROM (NEW."trade_setup_id", NEW."status", NEW."probability_of_success") THEN
    NEW."score_xid" := pg_current_xact_id();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "trade_plans_inputs" BEFORE INSERT OR UPDATE ON "trade_plans" FOR EACH ROW EXECUTE FUNCTION "stamp_plan_inputs"();
