CREATE TABLE "candles" (
	"symbol" text NOT NULL,
	"day" text NOT NULL,
	"open" double precision,
	"high" double precision,
	"low" double precision,
	"close" double precision,
	"volume" double precision,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "candles_symbol_day_pk" PRIMARY KEY("symbol","day")
);
