// A stock's price as the broker last reported it, and what it means for a plan (docs/product.md,
// "Prices"): how far the plan is from its entry, in percent and in R, and the plan's state.
import { number } from 'superstruct';
import { backupMessages } from './backupMessages.ts';
import { NEAR_ENTRY_DEFAULT_R } from './constants.ts';
import { type Infer, isoTime, nullable, object, stock } from './validation.ts';

const time = isoTime(backupMessages.timeInvalid);

/** `GET /api/v1/quotes` answers these; the app keeps the last of each symbol for offline. */
export const quoteStruct = object({
  symbol: stock,
  /** The last trade's price. */
  last: number(),
  bid: nullable(number()),
  ask: nullable(number()),
  /** The previous session's close. */
  close: nullable(number()),
  /** `last` against `close`. */
  netChange: nullable(number()),
  /** When the broker saw the last trade; null when it does not say. */
  tradeTime: nullable(time),
  /** When the server had it from the broker: what "as of" the app shows. */
  fetchedAt: time,
});
export type Quote = Infer<typeof quoteStruct>;

export const PLAN_PRICE_STATES = [
  'Waiting',
  'Near entry',
  'Entry reached',
  'Below stop',
  'Target reached',
] as const;
export type PlanPriceState = (typeof PLAN_PRICE_STATES)[number];

export interface PlanPrice {
  state: PlanPriceState;
  last: number;
  /** How far the price must still move to the entry, in percent of the price; ≤ 0 once reached. */
  distancePercent: number;
  /** The same in R (one R = entry − stop); ≤ 0 once reached. */
  distanceR: number;
}

interface PricedPlan {
  entryPrice: number;
  stopLossPrice: number;
  targetPrice: number | null;
}

/**
 * A long plan against the last price: it enters as the price rises to the entry, so below the
 * entry it is Waiting, or Near entry within `nearEntryR` of it; at the entry or above, Entry
 * reached; at the target or above, Target reached; at the stop or below (a gap may jump it),
 * Below stop: the setup broke before the entry.
 */
export function planPrice(plan: PricedPlan, last: number, nearEntryR = NEAR_ENTRY_DEFAULT_R): PlanPrice {
  const risk = plan.entryPrice - plan.stopLossPrice;
  const distanceR = (plan.entryPrice - last) / risk;
  const distancePercent = ((plan.entryPrice - last) / last) * 100;
  const state: PlanPriceState =
    last <= plan.stopLossPrice
      ? 'Below stop'
      : plan.targetPrice !== null && last >= plan.targetPrice
        ? 'Target reached'
        : last >= plan.entryPrice
          ? 'Entry reached'
          : distanceR <= nearEntryR
            ? 'Near entry'
            : 'Waiting';
  return { state, last, distancePercent, distanceR };
}

/** Plans to watch, nearest to their entry first; those already at their entry lead. */
export function byDistanceToEntry<T extends { price: PlanPrice | null }>(plans: readonly T[]): T[] {
  const rank = (p: T) => (p.price === null ? Number.POSITIVE_INFINITY : p.price.distanceR);
  return [...plans].sort((a, b) => rank(a) - rank(b));
}
