// The vocabulary the app and the API exchange. Each record's type is inferred from its struct in
// its own module (edges.ts, setups.ts, tradePlans.ts, executions.ts, tradeAnnotation.ts, accounts.ts) and
// re-exported here; what is not a record (answers, errors, the sync) is declared here.
// Timestamps are ISO 8601 strings.

export type { Account, AccountSettings, AccountSettingsInput, LiveAccount } from './accounts.ts';
export type { Edge, EdgeInput } from './edges.ts';
export type {
  Execution,
  ExecutionInput,
  ExecutionKind,
  ExecutionSource,
  PositionEffect,
  SkippedReasons,
  SkipReason,
} from './executions.ts';
export type { TradeSetup, TradeSetupInput } from './setups.ts';
// `GET /api/v1/stats` answers the domain's GroupStats[] (src/domain/stats.ts).
export type { GroupStats, StatsGrouping } from './stats.ts';
export type { ClosedBy, Trade, TradeDirection } from './trade.ts';
export type { TradeAnnotation, TradeUpdate } from './tradeAnnotation.ts';
export type { TradePlanDto } from './tradePlanDto.ts';
export type { TradePlan, TradePlanInput, TradePlanUpdate } from './tradePlans.ts';
export type { TraderSettings, TraderSettingsInput } from './traderSettings.ts';

import type { LiveAccount } from './accounts.ts';
import type { Edge } from './edges.ts';
import type { Execution, SkippedReasons } from './executions.ts';
import type { TradeSetup } from './setups.ts';
import type { Trade } from './trade.ts';
import type { TradePlanDto } from './tradePlanDto.ts';
import type { TraderSettings } from './traderSettings.ts';

export const TRADE_PLAN_STATUSES = ['Draft', 'Ready', 'Hold', 'Discarded'] as const;
export type TradePlanStatus = (typeof TRADE_PLAN_STATUSES)[number];

export const CYCLE_TYPES = ['Uptrend', 'Downtrend', 'Sideways'] as const;
export type CycleType = (typeof CYCLE_TYPES)[number];

export const EXECUTION_SIDES = ['Buy', 'Sell'] as const;
export type ExecutionSide = (typeof EXECUTION_SIDES)[number];

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

export interface PositionSize {
  accountId: string;
  accountName: string;
  /** Shares; a size is valid only when > 0. */
  position: number;
}

/** An edge as a plan answer cites it. */
export interface EdgeRef {
  id: string;
  name: string;
  weightFactor: number;
}

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
  /** When the trader's last import of the broker's fills started; null before the first. */
  fillsImportedAt: string | null;
}

/** `POST /api/v1/trades/import`. */
export interface ImportResult {
  imported: number;
  /** What the broker reported and was not imported; `skippedReasons` says why, and adds up to it. */
  skipped: number;
  skippedReasons: SkippedReasons;
  /** The newest fill the trader has from the broker; null when none. */
  latestExecutedAt: string | null;
  /** When the import this answers started: this one, or the one less than IMPORT_THROTTLE_MINUTES ago. */
  importedAt: string;
  /**
   * True when the broker was not asked because the trader's last import (`importedAt`) is less
   * than IMPORT_THROTTLE_MINUTES old, by this tab, another or another device.
   */
  throttled: boolean;
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
  /** The trader's settings: in a full sync always (the defaults when never saved), else when saved since. */
  traderSettings: SyncChanges<TraderSettings>;
  /** Whole, when a setup, plan, fill or annotation changed; absent otherwise. */
  tradeSetups?: TradeSetup[];
  /** Whole, when a fill, plan, annotation or account setting changed; absent otherwise. */
  trades?: Trade[];
  /** Why accounts or the market cycle are absent, in the product's words. */
  errors?: { accounts?: string; marketCycle?: string };
}
