// A bracket order from a Ready plan (docs/product.md, "Orders"): the entry, and once it fills a
// stop-loss at the plan's stop and, with a target, a limit at the target, one cancelling the other.
// The types below are the contract between the order service, the brokers and the app; the
// request's struct is its one definition (the API's validator and the form's).

import { PRICE_MAX, QUANTITY_MAX } from './constants.ts';
import { messages } from './messages.ts';
import { PLAN_DIRECTIONS } from './planDirection.ts';
import { roundCents, roundHalfAway } from './rounding.ts';
import type { FieldError, ValidationResult } from './types.ts';
import {
  finite,
  type Infer,
  nullable,
  object,
  oneOf,
  optional,
  price,
  stock,
  uuid,
  validator,
} from './validation.ts';

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

/**
 * Whether an order bought shares: a plan makes one position per account, so an account whose
 * order of the plan filled (even in part) takes no second order of it.
 */
export const hasFills = (order: { filledQuantity: number }): boolean => order.filledQuantity > 0;

/** Which way the position goes: a long plan buys then sells; a short plan sells short then buys to cover. */
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

// ---- The request ----------------------------------------------------------------------------

/** Whole shares, at least 1 (the plan's size for the account caps it on the server). */
const wholeShares = finite(
  (n) => Number.isInteger(n) && n >= 1 && n <= QUANTITY_MAX,
  messages.orderQuantityInvalid,
);

/** What a preview or a placement is asked with: the API's validator and the form's. */
export const orderRequest = object({
  planId: uuid,
  accountId: uuid,
  quantity: wholeShares,
  entryType: oneOf(ORDER_ENTRY_TYPES, messages.orderEntryTypeInvalid),
  entryLimitPrice: optional(nullable(price(messages.entryLimitPriceNotPositive, 'Limit price'))),
  duration: oneOf(ORDER_DURATIONS, messages.orderDurationInvalid),
});

// The struct and the contract's interface are one shape: this fails to compile when they part.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const requestIsTheContract: Same<Infer<typeof orderRequest>, OrderRequestFields> = true;
void requestIsTheContract;

/** A stop-limit entry carries its limit; no other entry does. */
function checkEntryLimit(body: Record<string, unknown>, errors: FieldError[]): void {
  if (errors.some((e) => e.field === 'entryType' || e.field === 'entryLimitPrice')) return;
  const hasLimit = body.entryLimitPrice !== undefined && body.entryLimitPrice !== null;
  if (body.entryType === 'StopLimit' && !hasLimit)
    errors.push({ field: 'entryLimitPrice', message: messages.entryLimitPriceRequired });
  if (body.entryType !== 'StopLimit' && hasLimit)
    errors.push({ field: 'entryLimitPrice', message: messages.entryLimitPriceNotStopLimit });
}

export const validateOrderRequest = validator(orderRequest, checkEntryLimit);

/** The order as its preview answered it, carried back by the confirm. */
const previewedOrder = object({
  symbol: stock,
  direction: oneOf(PLAN_DIRECTIONS, messages.orderPreviewRequired),
  quantity: wholeShares,
  entryType: oneOf(ORDER_ENTRY_TYPES, messages.orderEntryTypeInvalid),
  entryPrice: price(messages.entryPriceNotPositive, 'Entry price'),
  entryLimitPrice: nullable(price(messages.entryLimitPriceNotPositive, 'Limit price')),
  duration: oneOf(ORDER_DURATIONS, messages.orderDurationInvalid),
  stopPrice: price(messages.stopLossNotPositive, 'Stop loss price'),
  targetPrice: nullable(price(messages.targetPriceNotPositive, 'Target price')),
});

/**
 * What a confirm (`POST /api/v1/orders`) sends: the request and the order its preview showed, so
 * the order placed is the one the trader saw, or none (a plan edited in between is refused).
 */
export const orderConfirm = object({ ...orderRequest.schema, previewed: optional(previewedOrder) });
export type OrderConfirmFields = OrderRequestFields & { previewed: BracketOrder };

export const validateOrderConfirm = validator(orderConfirm, (body, errors) => {
  checkEntryLimit(body, errors);
  if (body.previewed === undefined)
    errors.push({ field: 'previewed', message: messages.orderPreviewRequired });
  // A request's own fault is what the trader is told; its preview's copy of it is not news.
  const own = errors.filter((e) => !e.field.startsWith('previewed'));
  if (own.length > 0) errors.splice(0, errors.length, ...own);
}) as (body: unknown) => ValidationResult<OrderConfirmFields>;

const samePrice = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.abs(a - b) < 0.00005;

/** Whether two orders are the same order: what a lost placement is recognised by, and a confirm checked against. */
export const sameBracketOrder = (a: BracketOrder, b: BracketOrder): boolean =>
  a.symbol === b.symbol &&
  a.direction === b.direction &&
  a.quantity === b.quantity &&
  a.entryType === b.entryType &&
  a.duration === b.duration &&
  samePrice(a.entryPrice, b.entryPrice) &&
  samePrice(a.entryLimitPrice, b.entryLimitPrice) &&
  samePrice(a.stopPrice, b.stopPrice) &&
  samePrice(a.targetPrice, b.targetPrice);

/** The plan's prices an order is made from. */
export interface OrderPlan {
  stock: string;
  direction: OrderDirection;
  entryPrice: number;
  stopLossPrice: number;
  targetPrice?: number | null;
}

/** The bracket a plan makes for a request: the plan's entry, stop and target, the request's size and entry. */
export const bracketOrderOf = (plan: OrderPlan, request: OrderRequestFields): BracketOrder => ({
  symbol: plan.stock,
  direction: plan.direction,
  quantity: request.quantity,
  entryType: request.entryType,
  entryPrice: plan.entryPrice,
  entryLimitPrice: request.entryType === 'StopLimit' ? (request.entryLimitPrice ?? null) : null,
  duration: request.duration,
  stopPrice: plan.stopLossPrice,
  targetPrice: plan.targetPrice ?? null,
});

// ---- The order's prices -----------------------------------------------------------------------

/** Decimals an order's price is written with: cents, and ten-thousandths under $1 (Schwab's rule). */
export const orderPriceDecimals = (p: number): number => (p < 1 ? 4 : 2);

/** A price as an order carries it: "140.00", "0.5000". */
export const orderPriceText = (p: number): string => {
  const decimals = orderPriceDecimals(p);
  return roundHalfAway(p, decimals).toFixed(decimals);
};

/** Whether a price is on the tick the exchanges take: whole cents, or 4 decimals under $1. */
export const isOnOrderTick = (p: number): boolean => {
  const scaled = p * 10 ** orderPriceDecimals(p);
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/**
 * The worst price the entry may fill at: a stop-limit's limit (the highest a long buys at, the
 * lowest a short sells at), otherwise the entry price.
 */
export const entryWorstPrice = (order: BracketOrder): number =>
  order.entryType === 'StopLimit' && order.entryLimitPrice !== null
    ? order.entryLimitPrice
    : order.entryPrice;

/**
 * What is wrong with an order's prices and size, in the product's words; empty when nothing is.
 * Long: the stop below the entry, the target above the entry (and above a stop-limit's limit, or
 * the target could sell below what was paid), a stop-limit's limit at or above its trigger. Short,
 * the mirror: the stop above the entry, the target below the entry (and below a stop-limit's
 * limit), a stop-limit's limit at or below its trigger. Both: every price positive and on the
 * tick, whole shares.
 */
export function bracketOrderProblems(order: BracketOrder): string[] {
  const short = order.direction === 'Short';
  const problems: string[] = [];
  if (!Number.isInteger(order.quantity) || order.quantity < 1 || order.quantity > QUANTITY_MAX)
    problems.push(messages.orderQuantityInvalid);
  const prices: [number | null, string, string][] = [
    [order.entryPrice, messages.entryPriceNotPositive, 'Entry price'],
    [order.entryLimitPrice, messages.entryLimitPriceNotPositive, 'Limit price'],
    [order.stopPrice, messages.stopLossNotPositive, 'Stop loss price'],
    [order.targetPrice, messages.targetPriceNotPositive, 'Target price'],
  ];
  let pricesValid = true;
  for (const [p, notPositive, what] of prices) {
    if (p === null) continue;
    if (!Number.isFinite(p) || p <= 0) problems.push(notPositive);
    else if (p > PRICE_MAX) problems.push(messages.priceTooHigh(what));
    else if (!isOnOrderTick(p)) problems.push(messages.orderPriceTick(what));
    else continue;
    pricesValid = false;
  }
  if (order.entryType === 'StopLimit' && order.entryLimitPrice === null)
    problems.push(messages.entryLimitPriceRequired);
  if (order.entryType !== 'StopLimit' && order.entryLimitPrice !== null)
    problems.push(messages.entryLimitPriceNotStopLimit);
  if (!pricesValid) return problems;
  // A price move times the sign is what the position gains: +1 long, −1 short.
  const sign = short ? -1 : 1;
  if (sign * (order.entryPrice - order.stopPrice) <= 0)
    problems.push(short ? messages.stopLossNotAboveEntryShort : messages.stopLossNotBelowEntry);
  if (order.entryType === 'StopLimit' && order.entryLimitPrice !== null) {
    if (sign * (order.entryLimitPrice - order.entryPrice) < 0)
      problems.push(short ? messages.entryLimitAboveTriggerShort : messages.entryLimitBelowTrigger);
  }
  if (order.targetPrice !== null) {
    if (sign * (order.targetPrice - order.entryPrice) <= 0)
      problems.push(short ? messages.targetNotBelowEntryShort : messages.targetNotAboveEntry);
    else if (sign * (order.targetPrice - entryWorstPrice(order)) <= 0)
      problems.push(short ? messages.targetNotBelowEntryLimitShort : messages.targetNotAboveEntryLimit);
  }
  return problems;
}

/**
 * The most the entry costs: the shares at the entry price, or at a long stop-limit's limit; a
 * short's position is worth its shares at the entry (its limit is below it); cents.
 */
export const orderCost = (order: BracketOrder): number =>
  roundCents(order.quantity * Math.max(order.entryPrice, entryWorstPrice(order)));

/**
 * What the order loses if it fills at its worst entry price and the stop is hit there:
 * quantity × (entry, or a stop-limit's limit, − stop) for a long; quantity × (stop − entry, or a
 * stop-limit's limit) for a short.
 */
export const orderDollarsAtRisk = (order: BracketOrder): number => {
  const perShare =
    order.direction === 'Long'
      ? entryWorstPrice(order) - order.stopPrice
      : order.stopPrice - entryWorstPrice(order);
  return roundCents(order.quantity * Math.max(0, perShare));
};

// ---- In words ---------------------------------------------------------------------------------

const shareCount = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
const DURATION_WORDS: Record<OrderDuration, string> = { Day: 'Day', GoodTillCancel: 'GTC' };

/**
 * The order as the preview says it: "Buy 66 NVDA at 140.00 limit, Day; then sell 66 at 135.00
 * stop or 150.00 limit, GTC" (a stop entry "at 140.00 stop", a stop-limit "at 140.00 stop, 140.50
 * limit"; without a target "then sell 66 at 135.00 stop, GTC"). A short one: "Sell short 17 QCOM at
 * 150.00 limit, Day; then buy to cover 17 at 155.00 stop or 140.00 limit, GTC".
 */
export function describeOrder(order: BracketOrder): string {
  const [open, close] = order.direction === 'Long' ? ['Buy', 'sell'] : ['Sell short', 'buy to cover'];
  const entry =
    order.entryType === 'Limit'
      ? `${orderPriceText(order.entryPrice)} limit`
      : order.entryType === 'Stop' || order.entryLimitPrice === null
        ? `${orderPriceText(order.entryPrice)} stop`
        : `${orderPriceText(order.entryPrice)} stop, ${orderPriceText(order.entryLimitPrice)} limit`;
  const exit =
    order.targetPrice === null
      ? `${orderPriceText(order.stopPrice)} stop`
      : `${orderPriceText(order.stopPrice)} stop or ${orderPriceText(order.targetPrice)} limit`;
  const shares = shareCount(order.quantity);
  return `${open} ${shares} ${order.symbol} at ${entry}, ${DURATION_WORDS[order.duration]}; then ${close} ${shares} at ${exit}, GTC`;
}
