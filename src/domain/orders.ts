// A bracket order from a Ready plan (docs/product.md, "Orders"): the entry, and once it fills a
// stop-loss at the plan's stop and, with a target, a limit at the target, one cancelling the other.
// The types below are the contract between the order service, the brokers and the app; the
// request's struct is its one definition (the API's validator and the form's).

/** How the entry is sent: a limit at or below the market, a stop (or stop-limit) for a breakout above it. */
export const ORDER_ENTRY_TYPES = ['Limit', 'Stop', 'StopLimit'] as const;
export type OrderEntryType = (typeof ORDER_ENTRY_TYPES)[number];

/** How long the entry works: the day's session, or until cancelled. The exits are always GTC. */
export const ORDER_DURATIONS = ['Day', 'GoodTillCancel'] as const;
export type OrderDuration = (typeof ORDER_DURATIONS)[number];

/**
 * Where an order stands. `Sending`: the intent is recorded and the broker's answer is not known yet
 * (a lost answer stays here until the broker's recent orders say whether it arrived).
 */
export const ORDER_STATUSES = [
  'Sending',
  'Working',
  'PartiallyFilled',
  'Filled',
  'Cancelled',
  'Rejected',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses in which the order may still trade: one such order per plan and account. */
export const OPEN_ORDER_STATUSES = [
  'Sending',
  'Working',
  'PartiallyFilled',
] as const satisfies readonly OrderStatus[];
export const isOpenOrderStatus = (status: OrderStatus): boolean =>
  (OPEN_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/** Which way the position goes: a long plan buys then sells; a short plan (issue 30) sells short then buys to cover. */
export type OrderDirection = 'Long' | 'Short';

/**
 * The order as the broker gets it: everything priced and sized, nothing left to look up.
 * Prices are dollars; the broker formats them (Schwab: strings, 2 decimals, 4 under $1).
 */
export interface BracketOrder {
  /** Upper-case. */
  symbol: string;
  direction: OrderDirection;
  quantity: number;
  entryType: OrderEntryType;
  /** The limit price of a Limit entry; the trigger price of a Stop or StopLimit entry. */
  entryPrice: number;
  /** A StopLimit entry's limit once triggered; null otherwise. */
  entryLimitPrice: number | null;
  duration: OrderDuration;
  stopPrice: number;
  /** The profit target's limit; null sends the stop alone (Schwab validates an OCO's legs together). */
  targetPrice: number | null;
}

/**
 * What the app sends to preview or place an order (`POST /api/v1/orders/preview`, `POST
 * /api/v1/orders`); the server fills in the rest from the plan and checks it again. Its struct,
 * `orderRequest`, is the API's and the form's validator.
 */
export interface OrderRequestFields {
  planId: string;
  accountId: string;
  /** Whole shares, 1 up to the plan's size for the account (positionSize.ts). */
  quantity: number;
  entryType: OrderEntryType;
  /** A StopLimit entry's limit; left out (or null) otherwise. */
  entryLimitPrice?: number | null;
  duration: OrderDuration;
}

/** An order as the API answers it and the app keeps it (Dexie `orders`). */
export interface OrderDto {
  id: string;
  planId: string;
  accountId: string;
  status: OrderStatus;
  order: BracketOrder;
  /** Shares of the entry filled so far. */
  filledQuantity: number;
  /** The broker's id once it is known; null while Sending or when the broker refused it. */
  brokerOrderId: string | null;
  /** The broker's reason for a rejection (or a cancel it made), in its words. */
  reason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The preview's answer: the order in words, what it costs and risks, and the broker's own view. */
export interface OrderPreview {
  order: BracketOrder;
  /** "Buy 66 NVDA at 140.00 limit, Day; then sell 66 at 135.00 stop or 150.00 limit, GTC". */
  words: string;
  cost: number;
  dollarsAtRisk: number;
  /** dollarsAtRisk as a percent of the account's live balance. */
  riskPercentOfAccount: number;
  broker: { warnings: string[]; rejections: string[] } | null;
}
