// Every business constant of docs/product.md, named once.

export const API_TIMEOUT_MS = 30_000;
export const MARKET_CYCLE_STALE_MINUTES = 60;
export const MARKET_CYCLE_CACHE_MINUTES = 15;
export const DEFAULT_MARKET_CYCLE_SYMBOL = 'SPY';

export const EDGE_NAME_MAX_LENGTH = 100;
/** An edge's description and its identification notes, each. */
export const EDGE_TEXT_MAX_LENGTH = 1000;
export const SETUP_NAME_MAX_LENGTH = 100;
export const SETUP_DESCRIPTION_MAX_LENGTH = 500;
export const SETUP_NOTES_MAX_LENGTH = 1000;
/**
 * A setup's entry criteria and its exit criteria, each: a safety cap on long playbooks (the spec
 * sets none; issue 40). Their text counts in the journal's notes budget.
 */
export const SETUP_CRITERIA_MAX_LENGTH = 20_000;
/** One criterion of a setup's checklist, and one a plan ticks: a longer line is text, not a criterion. */
export const CHECKLIST_CRITERION_MAX_LENGTH = 1000;
export const STOCK_SYMBOL_MAX_LENGTH = 10;
export const PLAN_NOTES_MAX_LENGTH = 2000;
export const SCAN_ID_MAX_LENGTH = 100;
/** The edges one plan cites at most. */
export const PLAN_EDGES_MAX = 10;
/** A trade's tags and its mistakes (docs/product.md, "Trades"): each at most this long, at most this many of each. */
export const TAG_MAX_LENGTH = 40;
export const TAGS_MAX = 20;
/** A setup's checklist is at most this many entry criteria (docs/product.md, "Trade setups"). */
export const CHECKLIST_CRITERIA_MAX = 30;

/**
 * The most one trader's journal holds (docs/product.md, "Journal limits"): far beyond a trader's
 * years of work, and small enough that every answer and query stays bounded and that the backup of a
 * journal at every limit is under BACKUP_MAX_MEGABYTES, so a journal can always be restored from its
 * own backup (tests/domain/journalLimits.test.ts builds that backup). Edges count deactivated ones
 * too; trades count every trade whose fills once arrived (what was attached to it is kept).
 */
export const JOURNAL_LIMITS = {
  tradePlans: 10_000,
  edges: 1_000,
  tradeSetups: 200,
  executions: 30_000,
  tradeAnnotations: 30_000,
} as const;
export type LimitedCollection = keyof typeof JOURNAL_LIMITS;
/**
 * The notes of plans and trades and the plans' scan ids, together, in bytes as JSON writes them
 * (a line break is two): each note has its own limit, and this one keeps 30,000 full notes from
 * making a journal larger than a restore takes.
 */
export const JOURNAL_NOTES_MAX_BYTES = 10 * 1024 * 1024;

/**
 * How far past the server's clock a fill's time may be: a phone's clock a little ahead of the
 * server's must not turn a fill recorded just now into one "in the future".
 */
export const EXECUTION_CLOCK_SKEW_MINUTES = 5;
/**
 * The same tolerance for the time a device stamps on a record it creates (`creationTime`): a
 * phone's clock a little ahead still has its records' creation times kept.
 */
export const DEVICE_CLOCK_SKEW_MINUTES = EXECUTION_CLOCK_SKEW_MINUTES;

/** A first import of the broker's fills reaches back this far; Schwab answers a year at most a call. */
export const FIRST_IMPORT_DAYS = 365;
/** A later import starts this long before the newest fill held, so a late-booked fill is not missed. */
export const IMPORT_OVERLAP_DAYS = 1;
/**
 * The broker's fills are imported at most once per trader in this many minutes, whatever tab,
 * device or button asks: the app imports when it opens and regains focus, and the broker's
 * request budget is shared by every trader.
 */
export const IMPORT_THROTTLE_MINUTES = 2;

/**
 * Bounds far beyond any real trade, so that money and R stay finite numbers in every sum (a price
 * of 1e308 made P&L and the statistics null) and a fill is never too small to belong to a trade.
 */
export const PRICE_MAX = 1_000_000;
export const QUANTITY_MIN = 0.000001;
export const QUANTITY_MAX = 1_000_000_000;
export const FEES_MAX = 1_000_000;
export const BALANCE_MAX = 1_000_000_000_000;
/** An account added by hand (docs/product.md, "Accounts"): its name's length, and how many a trader keeps. */
export const ACCOUNT_NAME_MAX_LENGTH = 60;
export const MANUAL_ACCOUNTS_MAX = 20;
/** The years a time may name: from the Unix epoch on, and four digits (the database's and every clock's). */
export const YEAR_MIN = 1970;
export const YEAR_MAX = 9999;

export const WEIGHT_FACTOR_MIN = 0;
export const WEIGHT_FACTOR_MAX = 1;
export const WEIGHT_FACTOR_STEP = 0.1;
export const WEIGHT_FACTOR_DEFAULT = 0.5;
export const WEIGHT_FACTOR_MARKS = [0, 0.5, 1] as const;

export const PROBABILITY_MIN = 0;
export const PROBABILITY_MAX = 100;

/** Risk % at or below this is low. */
export const RISK_LOW_MAX_PERCENT = 2;
/** Risk % at or below this (and above the low band) is medium; above it, high. */
export const RISK_MEDIUM_MAX_PERCENT = 5;

export const EMA_PERIOD = 21;
export const EMA_FLAT_BAND_PERCENT = 0.1;
export const MARKET_CYCLE_MIN_CLOSES = 60;
/** Trading days the Dashboard's cycle chart shows. */
export const MARKET_CYCLE_SERIES_DAYS = 60;

export const CRITERIA_PREVIEW_LENGTH = 50;
export const PRICE_INPUT_STEP = 0.01;

export const DEFAULT_CAPITAL_RISK_PERCENT = 10;
export const DEFAULT_MAX_TRADE_RISK_PERCENT = 1;
export const DEFAULT_SCALE_OUT_FACTOR = 1;
export const SCALE_OUT_FACTOR_MIN = 1;
export const SCALE_OUT_FACTOR_MAX = 10;

/** Open and planned risk together, as % of the balance, an account may carry (its `heatLimit`). */
export const DEFAULT_HEAT_LIMIT_PERCENT = 6;
export const HEAT_LIMIT_MIN = 0;
export const HEAT_LIMIT_MAX = 100;
/** The risk guard (docs/product.md, "Orders"): the most new trades a day an account may be given. */
export const MAX_NEW_TRADES_PER_DAY_MIN = 1;
export const MAX_NEW_TRADES_PER_DAY_MAX = 100;
/** How a daily loss limit is given: dollars, or percent of the live balance. */
export const LOSS_LIMIT_UNITS = ['Dollars', 'Percent'] as const;
export type LossLimitUnit = (typeof LOSS_LIMIT_UNITS)[number];
/** Heat is a warning (amber) from this % of the account's heat limit; over (red) above the limit. */
export const HEAT_WARNING_PERCENT_OF_LIMIT = 80;

/**
 * The largest backup a restore takes (docs/product.md, "Export and backup"): a journal of 10,000
 * plans and 5,000 fills is about 5 MB. Every other request stays under 1 MB.
 */
export const BACKUP_MAX_MEGABYTES = 50;
/**
 * How deep JSON from outside may nest arrays and objects (src/domain/jsonDepth.ts): a backup
 * nests 3 deep, every other body 2. Deeper is refused before it is parsed, as recursion over
 * thousands of levels (a validator printing the value) overflows the stack.
 */
export const JSON_DEPTH_MAX = 32;
/** How many problems or conflicts a refused restore names in its message; the rest are counted. */
export const BACKUP_PROBLEMS_NAMED = 3;
/** How many it lists field by field in the answer's `errors`. */
export const BACKUP_PROBLEMS_LISTED = 20;

/** The per-tab sessionStorage key recording that this tab's session is active. */
export const SESSION_FLAG_KEY = 'tradeTracker.sessionActive';

/** Stock symbols: letters, digits, '.', '/' and '-' (docs/product.md, "Trade plans"). */
export const STOCK_SYMBOL_PATTERN = /^[A-Za-z0-9./-]+$/;

/** How `GET /stats` and the Review group trades (stats.ts); here, so the API's messages need not load the statistics. */
export const STATS_GROUPINGS = [
  'all',
  'setup',
  'edge',
  'cycle',
  'account',
  'planned',
  'symbol',
  'direction',
  'weekday',
  'hour',
  'holding',
  // Tags, mistakes and the setup's checklist (docs/product.md, "Review").
  'tag',
  'mistake',
  'criteria',
] as const;
export type StatsGrouping = (typeof STATS_GROUPINGS)[number];

/** Quotes (docs/product.md, "Prices"): at most this many symbols a call, Schwab's batch too. */
export const QUOTE_SYMBOLS_MAX = 100;
/** During market hours a cached quote is at most this old. */
export const QUOTE_FRESH_SECONDS = 15;
/** Candles (docs/product.md, "Candles"): at most this many calendar days a call of `GET /candles`. */
export const CANDLE_DAYS_MAX = 400;
/** A trade's chart: this many calendar days before its entry day (about 4 weeks)… */
export const CANDLE_DAYS_BEFORE_ENTRY = 28;
/** …and after its exit day (about 5 trading days); the window is at most CANDLE_WINDOW_DAYS_MAX long. */
export const CANDLE_DAYS_AFTER_EXIT = 7;
export const CANDLE_WINDOW_DAYS_MAX = 366;
/** Today's candle (still moving) is asked of the broker again once this old. */
export const CANDLE_TODAY_FRESH_SECONDS = 60;
/** Candles go back at most this many years before today: the table holds no older ones. */
export const CANDLE_YEARS_BACK = 20;
/**
 * A trader may have the broker asked for at most this many weekdays of candles a New York day
 * (days already held cost nothing): some 35 windows of 400 days, so one trader cannot fill the table.
 */
export const CANDLE_FETCH_WEEKDAYS_PER_DAY = 10_000;
/** A plan is near its entry within this many R of it, unless the trader sets otherwise. */
export const NEAR_ENTRY_DEFAULT_R = 0.25;
/** The near-entry threshold the trader may set, in R (docs/product.md, "Alerts"). */
export const NEAR_ENTRY_R_MIN = 0.05;
export const NEAR_ENTRY_R_MAX = 2;
/** A push subscription's endpoint, at most this long (browsers' are a few hundred characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
/** Devices a trader may have notified; a new one beyond replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
/** The alerts sent that `GET /alerts` lists, newest first. */
export const ALERTS_LISTED = 100;

/** The largest statement file an import takes (docs/product.md, "Importing statements"). */
export const STATEMENT_MAX_BYTES = 20 * 1024 * 1024;

/** Shares per option contract unless the source says otherwise (docs/product.md, "Options"). */
export const OPTION_MULTIPLIER_DEFAULT = 100;
/** An adjusted contract may deliver more or fewer shares; more than this is no listed contract. */
export const OPTION_MULTIPLIER_MAX = 10_000;
