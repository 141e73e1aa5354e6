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
}

export interface Account extends AccountSettings {
  id: string;
  accountName: string;
  /** Masked by the server: only the last 4 digits are visible. */
  accountNumber: string;
  availableFundsForTrading: number;
  currentBalance: number;
  accountHash: string;
}

export interface MarketCycle {
  cycleType: CycleType;
  symbol: string;
  currentEma: number;
  previousEma: number;
  emaChangePercent: number;
  /** When the server computed it. */
  timestamp: string;
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
  /** 0..100, computed by the server. */
  successScore: number;
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
  positionSizes: PositionSize[];
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
}

export type TradePlanUpdate = Partial<Omit<TradePlanInput, 'id'>>;

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
