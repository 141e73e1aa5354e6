DROP INDEX "edges_user_active_name";--> statement-breakpoint
DROP INDEX "trade_setups_user_name";--> statement-breakpoint
CREATE UNIQUE INDEX "edges_user_active_name" ON "edges" USING btree ("user_id",lower("name" collate "und-x-icu")) WHERE "edges"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "trade_setups_user_name" ON "trade_setups" USING btree ("user_id",lower("name" collate "und-x-icu"));