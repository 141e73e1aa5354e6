CREATE TABLE "candle_budgets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"weekdays" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candle_spans" (
	"symbol" text NOT NULL,
	"from_day" text NOT NULL,
	"to_day" text NOT NULL,
	CONSTRAINT "candle_spans_symbol_from_day_pk" PRIMARY KEY("symbol","from_day")
);
--> statement-breakpoint
-- The days held for good become spans (issue 39): each run of weekdays, one after another, that
-- was fetched after it ended (a row with prices or an empty one); then the empty rows go.
INSERT INTO "candle_spans" ("symbol", "from_day", "to_day")
SELECT "symbol", min("day"), max("day") FROM (
  SELECT "symbol", "day", sum("starts") OVER (PARTITION BY "symbol" ORDER BY "day") AS "run" FROM (
    SELECT "symbol", "day",
      CASE WHEN "day"::date - lag("day"::date) OVER (PARTITION BY "symbol" ORDER BY "day")
        = CASE WHEN extract(isodow FROM "day"::date) = 1 THEN 3 ELSE 1 END THEN 0 ELSE 1 END AS "starts"
    FROM "candles"
    WHERE ("fetched_at" AT TIME ZONE 'America/New_York')::date > "day"::date
  ) AS "marked"
) AS "runs"
GROUP BY "symbol", "run";--> statement-breakpoint
DELETE FROM "candles" WHERE "open" IS NULL OR "high" IS NULL OR "low" IS NULL OR "close" IS NULL OR "volume" IS NULL;--> statement-breakpoint
ALTER TABLE "candles" ALTER COLUMN "open" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "candles" ALTER COLUMN "high" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "candles" ALTER COLUMN "low" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "candles" ALTER COLUMN "close" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "candles" ALTER COLUMN "volume" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "candle_budgets" ADD CONSTRAINT "candle_budgets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;