// The entities of docs/product.md as the app and the API exchange them. Timestamps are ISO 8601 strings.

export const TRADE_PLAN_STATUSES = ['Draft', 'Ready', 'Hold', 'Discarded'] as const;
export type TradePlanStatus = (typeof TRADE_PLAN_STATUSES)[number];

export const CYCLE_TYPES = ['Uptrend', 'Downtrend', 'Sideways'] as const;
export type CycleType = (typeof CYCLE_TYPES)[number];

/** The trader's own settings for one broker account (docs/product.md, "Accounts"). */
export interface AccountSettings {
  /** Balance the trader measures P&L against; defaults to the first balance seen. */
  originalBalance: number;
  /** Percent of the balance a single position may tie up. */
  capitalRisk: number;
  /** Percent of the balance a single trade may lose. */
  maxTradeRisk: number;
  /** Whole number 1..10: the parts a position is sold in, so a size is a multiple of it. */
  scaleOutFactor: number;
  /** Percent of the balance the open trades and the active plans may lose together (0..100). */
  heatLimit: number;
}

/**
 * `PUT /api/v1/accounts/{id}`. `heatLimit` may be left out: a client that predates it (or a change
 * it queued offline) keeps the stored limit.
 */
export type AccountSettingsInput = Omit<AccountSettings, 'heatLimit'> & { heatLimit?: number };

export interface Account extends AccountSettings {
  id: string;
  accountName: string;
  /** Masked by the server: only the last 4 digits are visible. */
  accountNumber: string;
  availableFundsForTrading: number;
  currentBalance: number;
  accountHash: string;
  /** Dollars at risk in the open trades with a stop (docs/product.md, "Review: results"). */
  openRisk: number;
  /** Dollars at risk in the active plans not traded yet, at this account's position size. */
  plannedRisk: number;
  /** Open trades with no stop: their risk is unknown, so it is not in openRisk. */
  openWithoutStop: number;
}

/** An account without its heat: what position sizes, trade names, imports and the sync need. */
export type LiveAccount = Omit<Account, 'openRisk' | 'plannedRisk' | 'openWithoutStop'>;

export interface MarketCycle {
  cycleType: CycleType;
  symbol: string;
  currentEma: number;
  previousEma: number;
  emaChangePercent: number;
  /** When the server computed it. */
  timestamp: string;
  /**
   * The symbol's last 60 trading days (fewer when the EMA has fewer), oldest first, for the
   * Dashboard's chart. Absent from answers cached before it existed.
   */
  series?: MarketCyclePoint[];
}

export interface MarketCyclePoint {
  /** Trading day, YYYY-MM-DD. */
  date: string;
  close: number;
  /** EMA21 at that day's close. */
  ema: number;
}

export interface Edge {
  id: string;
  name: string;
  description: string;
  identificationNotes: string;
  weightFactor: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface TradeSetup {
  id: string;
  name: string;
  description: string;
  /** 0..100, computed by the server (docs/product.md, "Edges and setups"). */
  successScore: number;
  /** 'trades': the win rate of the setup's closed trades; 'planned': its plans' mean probability. */
  successScoreBasis: 'trades' | 'planned';
  /** The trades the score is the win rate of; 0 on the 'planned' basis. */
  successScoreTrades: number;
  entryCriteria: string;
  exitCriteria: string;
  notes: string;
  createdAt: string;
  updatedAt: string;
}

export interface PositionSize {
  accountId: string;
  accountName: string;
  /** Shares; a size is valid only when > 0. */
  position: number;
}

/** A plan as the app holds it: the API's `edges` objects exposed as `edgeIds`. */
export interface TradePlan {
  id: string;
  stock: string;
  entryPrice: number;
  stopLossPrice: number;
  probabilityOfSuccess: number | null;
  status: TradePlanStatus;
  scanId: string | null;
  tradeSetupId: string | null;
  edgeIds: string[];
  /** Where the trader means to take profit: above the entry, or null when not set. */
  targetPrice: number | null;
  /** Free text, '' when none. */
  notes: string;
  /** The cycle current when the plan was created, never changed; null for plans made before it was kept. */
  marketCycleAtCreation: CycleType | null;
  createdAt: string;
  updatedAt: string;
}

/** An edge as a plan answer cites it. */
export interface EdgeRef {
  id: string;
  name: string;
  weightFactor: number;
}

/** A plan as the API sends it (`edges`: objects with an id, name and weight). */
export interface TradePlanDto extends Omit<TradePlan, 'edgeIds'> {
  edges: EdgeRef[];
  /** The plan sized for each account, as the spec's API sends it; the app sizes it where shown. */
  positionSizes: PositionSize[];
}

// Request bodies. `id` is optional on creates: a client-made UUID makes a replayed create idempotent.

export interface EdgeInput {
  id?: string;
  name: string;
  description: string;
  identificationNotes: string;
  weightFactor: number;
}

export interface TradeSetupInput {
  id?: string;
  name: string;
  description: string;
  /** Sent as the spec sends it (always an empty list) and ignored. */
  rules?: unknown[];
  entryCriteria: string;
  exitCriteria: string;
  notes: string;
}

export interface TradePlanInput {
  id?: string;
  stock: string;
  entryPrice: number;
  stopLossPrice: number;
  probabilityOfSuccess?: number | null;
  scanId?: string | null;
  tradeSetupId?: string | null;
  edgeIds?: string[];
  /** null clears it. */
  targetPrice?: number | null;
  notes?: string;
  /**
   * Only on a create, and only when the app stamped it offline from its cached cycle; otherwise
   * the server stamps its own.
   */
  marketCycleAtCreation?: CycleType | null;
}

/** The cycle at creation is stamped once: an update never carries it. */
export type TradePlanUpdate = Partial<Omit<TradePlanInput, 'id' | 'marketCycleAtCreation'>>;

export interface StatusChange {
  status: TradePlanStatus;
}

export interface FieldError {
  field: string;
  message: string;
}

/** The error body of every refused API call (docs/product.md, "API conventions"). */
export interface ApiErrorBody {
  message: string;
  errors?: FieldError[];
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** What `GET /api/v1/auth/status` answers when signed in. */
export interface AuthStatus {
  authenticated: true;
  user: { id: string; displayName: string };
  /** When the broker sign-in ends for good (Schwab: 7 days after sign-in); null when it does not. */
  brokerSessionExpiresAt: string | null;
}

// Trades: what was actually traded (docs/product.md, "Trades").

export const EXECUTION_SIDES = ['Buy', 'Sell'] as const;
export type ExecutionSide = (typeof EXECUTION_SIDES)[number];

export type ExecutionSource = 'manual' | 'broker';

/**
 * Whether the broker booked a fill as opening or closing a position. A closing fill never opens
 * one: what it closes beyond the known position came from before the history we hold (an
 * incomplete trade). Manual fills carry null: a Sell from flat opens a short.
 */
export type PositionEffect = 'Open' | 'Close';

export type TradeDirection = 'Long' | 'Short';

/** One fill. */
export interface Execution {
  id: string;
  /** The account's id, as `Account.id`. */
  accountId: string;
  /** Upper-case. */
  symbol: string;
  side: ExecutionSide;
  /** Shares, > 0. */
  quantity: number;
  /** Per share, > 0. */
  price: number;
  /** ≥ 0, all fees and commissions of the fill. */
  fees: number;
  executedAt: string;
  source: ExecutionSource;
  /** The broker's id of the fill (unique per account); null for manual fills. */
  brokerExecutionId: string | null;
  positionEffect: PositionEffect | null;
  createdAt: string;
}

/** `POST /api/v1/executions`: a manual fill. */
export interface ExecutionInput {
  id?: string;
  accountId: string;
  symbol: string;
  side: ExecutionSide;
  quantity: number;
  price: number;
  /** 0 when absent. */
  fees?: number;
  executedAt: string;
}

/** What the trader attached to a trade, kept under the trade's key so a rebuild never loses it. */
export interface TradeAnnotation {
  /**
   * `accountId|symbol|openedAt` (openedAt as ISO 8601 from `Date.toISOString`); a second trade of
   * the account and symbol opened in the same millisecond gets `|2` after it, and so on.
   */
  key: string;
  planId: string | null;
  /** The stop the trade's risk is measured from, frozen at open; null when none. */
  initialStop: number | null;
  notes: string;
}

/** A round trip of one account and one symbol: from a position leaving zero to its return. */
export interface Trade {
  /** A name-based UUID (v5) of `key`: the same on the server and in an offline rebuild. */
  id: string;
  key: string;
  accountId: string;
  accountName: string;
  symbol: string;
  direction: TradeDirection;
  openedAt: string;
  /** null while open. */
  closedAt: string | null;
  /** Shares bought (Long) or sold (Short) to open, scale-ins included. */
  entryQuantity: number;
  /** Shares still held; 0 once closed. */
  openQuantity: number;
  /** null only for an incomplete trade (its opening fill is not in the history). */
  averageEntryPrice: number | null;
  /** null before the first exit. */
  averageExitPrice: number | null;
  /** Realised on the exits so far, FIFO; null for an incomplete trade. */
  grossPnl: number | null;
  /** Every fee of the trade's fills (a fill split at zero gives each side its share). */
  fees: number;
  /** grossPnl − fees; null for an incomplete trade. */
  netPnl: number | null;
  planId: string | null;
  planned: boolean;
  initialStop: number | null;
  /** entryQuantity × |averageEntryPrice − initialStop|; null without a stop. */
  initialRisk: number | null;
  /** netPnl ÷ initialRisk for a closed trade with a positive initial risk; otherwise null. */
  rMultiple: number | null;
  notes: string;
  executionIds: string[];
  /** A closing fill with no opening fill: shown, but left out of R and of every statistic. */
  incomplete: boolean;
}

/** `PUT /api/v1/trades/{id}`. */
export interface TradeUpdate {
  planId: string | null;
  initialStop: number | null;
  notes: string;
}

// `GET /api/v1/stats` answers the domain's GroupStats[] (src/domain/stats.ts).
export type { GroupStats, StatsGrouping } from './stats.ts';

/** `POST /api/v1/trades/import`. */
export interface ImportResult {
  imported: number;
  skipped: number;
  /** The newest fill the trader has from the broker; null when none. */
  latestExecutedAt: string | null;
}

/** What changed in one collection since a sync cursor: the records now, and the ids deleted. */
export interface SyncChanges<T> {
  upserted: T[];
  deleted: string[];
}

/**
 * `GET /api/v1/sync?since={cursor}&cycle={timestamp}`: everything that changed since the cursor, in
 * one answer (everything, `full`, without one). Setups and trades carry figures derived from other
 * collections (scores, trades rebuilt from fills), so they come whole whenever an input changed.
 */
export interface SyncAnswer {
  /** Send it back as `since` next time. */
  cursor: string;
  /** Every collection is complete: the cache replaces them rather than merging. */
  full: boolean;
  /** Live from the broker every time (balances); absent when the broker could not be asked. */
  accounts?: LiveAccount[];
  /** Absent when the client already has this computation (`cycle`) or it could not be had. */
  marketCycle?: MarketCycle;
  edges: SyncChanges<Edge>;
  tradePlans: SyncChanges<TradePlanDto>;
  executions: SyncChanges<Execution>;
  /** Whole, when a setup, plan, fill or annotation changed; absent otherwise. */
  tradeSetups?: TradeSetup[];
  /** Whole, when a fill, plan, annotation or account setting changed; absent otherwise. */
  trades?: Trade[];
  /** Why accounts or the market cycle are absent, in the product's words. */
  errors?: { accounts?: string; marketCycle?: string };
}
