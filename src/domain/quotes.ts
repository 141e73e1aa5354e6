// A stock's price as the broker last reported it, and what it means for a plan (docs/product.md,
// "Prices"): how far the plan is from its entry, in percent and in R, and the plan's state.
import { number } from 'superstruct';
import { frameMessages } from './appMessages.ts';
import { backupMessages } from './backupMessages.ts';
import { NEAR_ENTRY_DEFAULT_R, QUOTE_SYMBOLS_MAX } from './constants.ts';
import { isMarketOpen, lastSessionDate, newYorkTime, sessionPhase } from './marketHours.ts';
import { directionSign, type PlanDirection, riskPerShare } from './planDirection.ts';
import type { Trade } from './trade.ts';
import { activeStockOf } from './tradePlans.ts';
import type { TradePlanStatus } from './types.ts';
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
  /** When the server had it from the broker: with `tradeTime`, what says what the price is (priceTimeLabel). */
  fetchedAt: time,
});
export type Quote = Infer<typeof quoteStruct>;

/** `GET /api/v1/quotes?symbols=`. */
export interface QuoteAnswer {
  quotes: Quote[];
  /** The broker did not answer: these are the last prices known. */
  stale: boolean;
  /** Whether the regular session is open now: the app polls every 15 s only then. */
  marketOpen: boolean;
}

/**
 * The stocks the trader watches: those of the active plans, then those of the open trades, each
 * once, at most QUOTE_SYMBOLS_MAX. The server answers quotes for these only.
 */
export function watchedSymbols(
  plans: readonly { stock: string; status: TradePlanStatus; doneAt: string | null }[],
  trades: readonly Pick<Trade, 'symbol' | 'closedAt'>[],
): string[] {
  const symbols = new Set<string>();
  for (const plan of plans) {
    const stock = activeStockOf(plan);
    if (stock !== undefined) symbols.add(stock);
  }
  for (const trade of trades) if (trade.closedAt === null) symbols.add(trade.symbol);
  return [...symbols].slice(0, QUOTE_SYMBOLS_MAX);
}

export const PLAN_PRICE_STATES = [
  'Waiting',
  'Near entry',
  'Entry reached',
  'Below stop',
  'Above stop',
  'Target reached',
] as const;
export type PlanPriceState = (typeof PLAN_PRICE_STATES)[number];

export interface PlanPrice {
  state: PlanPriceState;
  last: number;
  /** How far the price must still move to the entry, in percent of the price; ≤ 0 once reached. */
  distancePercent: number;
  /** The same in R (one R = the risk per share, |entry − stop|); ≤ 0 once reached. */
  distanceR: number;
}

interface PricedPlan {
  entryPrice: number;
  stopLossPrice: number;
  targetPrice: number | null;
  /** Long when left out (a plan cached before plans had a direction). */
  direction?: PlanDirection | null;
}

/**
 * A plan against the last price. A long plan enters as the price rises to the entry, so below the
 * entry it is Waiting, or Near entry within `nearEntryR` of it; at the entry or above, Entry
 * reached; at the target or above, Target reached; at the stop or below (a gap may jump it),
 * Below stop: the setup broke before the entry. A short plan is the mirror: it enters as the price
 * falls to the entry; at the stop or above, Above stop; at the target or below, Target reached.
 */
export function planPrice(plan: PricedPlan, last: number, nearEntryR = NEAR_ENTRY_DEFAULT_R): PlanPrice {
  const sign = directionSign(plan);
  // How far the price must still move towards the entry, in dollars: positive until reached.
  const toEntry = sign * (plan.entryPrice - last);
  const distanceR = toEntry / riskPerShare(plan);
  const distancePercent = (toEntry / last) * 100;
  const pastStop = sign * (last - plan.stopLossPrice) <= 0;
  const state: PlanPriceState = pastStop
    ? sign > 0
      ? 'Below stop'
      : 'Above stop'
    : plan.targetPrice !== null && sign * (last - plan.targetPrice) >= 0
      ? 'Target reached'
      : toEntry <= 0
        ? 'Entry reached'
        : distanceR <= nearEntryR
          ? 'Near entry'
          : 'Waiting';
  return { state, last, distancePercent, distanceR };
}

/** The state's badge: reached is green, near amber, broken red, waiting grey, target blue. */
export const PLAN_PRICE_COLORS: Record<PlanPriceState, 'gray' | 'green' | 'yellow' | 'red' | 'blue'> = {
  Waiting: 'gray',
  'Near entry': 'yellow',
  'Entry reached': 'green',
  'Below stop': 'red',
  'Above stop': 'red',
  'Target reached': 'blue',
};

/** "0.40R to entry (1.25%)" below the entry; once there, how far past it. */
export function distanceText(price: PlanPrice): string {
  const r = Math.abs(price.distanceR).toFixed(2);
  const percent = Math.abs(price.distancePercent).toFixed(2);
  return price.distanceR > 0 ? `${r}R to entry (${percent}%)` : `${r}R past entry (${percent}%)`;
}

/** Plans to watch, nearest to their entry first; those already at their entry lead. */
export function byDistanceToEntry<T extends { price: PlanPrice | null }>(plans: readonly T[]): T[] {
  const rank = (p: T) => (p.price === null ? Number.POSITIVE_INFINITY : p.price.distanceR);
  return [...plans].sort((a, b) => rank(a) - rank(b));
}

/**
 * What an open trade's shares still held would make at `last`, before fees: in $, and in R of
 * the risk per share at the entry (null without a stop or a known entry price).
 */
export function openTradePnl(
  trade: Pick<Trade, 'direction' | 'openQuantity' | 'averageEntryPrice' | 'initialStop'>,
  last: number,
): { pnl: number; r: number | null } | null {
  if (trade.averageEntryPrice === null || trade.openQuantity === 0) return null;
  const sign = trade.direction === 'Long' ? 1 : -1;
  const perShare = sign * (last - trade.averageEntryPrice);
  const risk = trade.initialStop === null ? 0 : sign * (trade.averageEntryPrice - trade.initialStop);
  return {
    pnl: Math.round(perShare * trade.openQuantity * 100) / 100,
    r: risk > 0 ? perShare / risk : null,
  };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

/** A New York day as a label names it, before its word: none for today, "Fri " within the week, else "Nov 13 ". */
function dayBefore(date: string, today: string): string {
  const days = (Date.parse(today) - Date.parse(date)) / DAY_MS;
  if (!(days > 0)) return '';
  const day = new Date(`${date}T12:00:00Z`);
  return days < 7 ? `${WEEKDAYS[day.getUTCDay()]} ` : `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()} `;
}

/** Minutes past New York's midnight on a 12-hour clock: "10:42", "2:05" (the session's hours need no AM or PM). */
const clock = (minute: number) =>
  `${((Math.floor(minute / 60) + 11) % 12) + 1}:${String(minute % 60).padStart(2, '0')}`;

/**
 * What a quote's price is, in words (docs/product.md, "Prices"): "as of 10:42 ET" when it was had
 * in the session, its last trade in that session too; else what its last trade was, "pre-market"
 * or "after hours"; else the close of the session it belongs to, "close" for today's, "Fri close".
 * A day other than today's (New York's) is named: "as of Tue 10:42 ET", "Fri after hours". The
 * session's clock knows no holidays; the broker's last trade does, so a holiday's quote reads by it.
 */
export function priceTimeLabel(quote: Pick<Quote, 'fetchedAt' | 'tradeTime'>, now: Date): string {
  const seen = new Date(quote.fetchedAt);
  const traded = quote.tradeTime === null ? null : new Date(quote.tradeTime);
  if (Number.isNaN(seen.getTime()) || Number.isNaN(traded?.getTime())) return frameMessages.invalidTimestamp;
  const today = newYorkTime(now).date;
  const tradedThisSession =
    traded === null || (isMarketOpen(traded) && lastSessionDate(traded) === lastSessionDate(seen));
  if (isMarketOpen(seen) && tradedThisSession) {
    const t = newYorkTime(seen);
    return `as of ${dayBefore(t.date, today)}${clock(t.minute)} ET`;
  }
  const phase = traded === null ? null : sessionPhase(traded);
  if (traded !== null && (phase === 'pre-market' || phase === 'after hours')) {
    return `${dayBefore(newYorkTime(traded).date, today)}${phase}`;
  }
  return `${dayBefore(lastSessionDate(traded ?? seen), today)}close`;
}
