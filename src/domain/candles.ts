// Daily candles and what they say about a trade (docs/product.md, "Candles"): the window a trade
// is drawn over, and its MAE and MFE, the most it went against and for the trader while open.
import { define, number, refine } from 'superstruct';
import {
  CANDLE_DAYS_AFTER_EXIT,
  CANDLE_DAYS_BEFORE_ENTRY,
  CANDLE_WINDOW_DAYS_MAX,
  CANDLE_YEARS_BACK,
} from './constants.ts';
import { newYorkTime } from './marketHours.ts';
import { messages } from './messages.ts';
import { roundCents } from './rounding.ts';
import type { Trade } from './trade.ts';
import { type Infer, object, validator } from './validation.ts';

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a calendar day written YYYY-MM-DD (month 13 is no day, and no exception). */
export function isDay(text: unknown): text is string {
  if (typeof text !== 'string' || !DAY_PATTERN.test(text)) return false;
  const at = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === text;
}

/** A calendar day, YYYY-MM-DD (New York's, for candles). */
export const day = define<string>('day', (v) => isDay(v) || messages.candleDayInvalid);

const finitePrice = refine(number(), 'price', (n) => Number.isFinite(n) && n > 0);

/** One session of a symbol: its New York trading day, open, high, low, close and volume. */
export const candleStruct = refine(
  object({
    day,
    open: finitePrice,
    high: finitePrice,
    low: finitePrice,
    close: finitePrice,
    volume: refine(number(), 'volume', (n) => Number.isFinite(n) && n >= 0),
  }),
  'range',
  (c) => (c.low <= Math.min(c.open, c.close) && c.high >= Math.max(c.open, c.close)) || 'high/low',
);
export type Candle = Infer<typeof candleStruct>;

export const validateCandle = validator(candleStruct);

/** The New York calendar day of an instant (ISO 8601). */
export const newYorkDay = (iso: string): string => newYorkTime(new Date(iso)).date;

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first day candles are held for: CANDLE_YEARS_BACK years before `today` (a 29 February's is 1 March). */
export function earliestCandleDay(today: string): string {
  const [year, month, date] = today.split('-').map(Number) as [number, number, number];
  const at = new Date(0);
  at.setUTCFullYear(year - CANDLE_YEARS_BACK, month - 1, date);
  return at.toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (0 for the same day). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The weekdays from `from` to `to`, both included: the days a session may have been held. */
export function weekdaysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(d);
  }
  return days;
}

export interface CandleWindow {
  from: string;
  to: string;
}

/**
 * The days a trade is drawn over: from CANDLE_DAYS_BEFORE_ENTRY before its entry day to
 * CANDLE_DAYS_AFTER_EXIT after its exit day, never past `today`; to today while it is open. At
 * most CANDLE_WINDOW_DAYS_MAX long: a longer one keeps its end (the exit, or today). Never before
 * `earliestCandleDay`, unless the whole window is (then the server refuses it, and says why).
 */
export function tradeWindow(trade: Pick<Trade, 'openedAt' | 'closedAt'>, today: string): CandleWindow {
  const entryDay = newYorkDay(trade.openedAt);
  const end = trade.closedAt === null ? today : addDays(newYorkDay(trade.closedAt), CANDLE_DAYS_AFTER_EXIT);
  const to = end < today ? end : today;
  let from = addDays(entryDay, -CANDLE_DAYS_BEFORE_ENTRY);
  if (daysBetween(from, to) > CANDLE_WINDOW_DAYS_MAX) from = addDays(to, -CANDLE_WINDOW_DAYS_MAX);
  const earliest = earliestCandleDay(today);
  if (from < earliest) from = earliest;
  if (from > to) from = to;
  return { from, to };
}

export interface Excursions {
  /** The most the position was worth less than at its entry while open, in $ (≥ 0). */
  maeDollars: number;
  /** The most it was worth more, in $ (≥ 0). */
  mfeDollars: number;
  /** maeDollars ÷ the trade's initial risk; null without one. */
  maeR: number | null;
  mfeR: number | null;
}

type ExcursionTrade = Pick<
  Trade,
  | 'direction'
  | 'openedAt'
  | 'closedAt'
  | 'entryQuantity'
  | 'averageEntryPrice'
  | 'averageExitPrice'
  | 'initialRisk'
  | 'incomplete'
>;

/**
 * MAE and MFE of a closed trade from the daily candles of its life (docs/product.md, "Candles").
 * A daily candle does not say what came before the entry or after the exit on those days, so only
 * what is sure counts: on the entry day the move from the entry price to the close, on the exit
 * day the move from the open to the exit price (the day of both: entry to exit), on the days
 * between the whole range. Moves are per share against the average entry price, times the shares
 * of the entry. Null for an open or incomplete trade, and without the candles of its entry and
 * exit days.
 */
export function excursions(trade: ExcursionTrade, candles: readonly Candle[]): Excursions | null {
  const entry = trade.averageEntryPrice;
  const exit = trade.averageExitPrice;
  if (trade.closedAt === null || trade.incomplete || entry === null || exit === null) return null;
  const entryDay = newYorkDay(trade.openedAt);
  const exitDay = newYorkDay(trade.closedAt);
  const byDay = new Map(candles.map((c) => [c.day, c]));
  const first = byDay.get(entryDay);
  const last = byDay.get(exitDay);
  if (!first || !last) return null;

  let low = Math.min(entry, exit);
  let high = Math.max(entry, exit);
  const reach = (a: number, b: number) => {
    low = Math.min(low, a, b);
    high = Math.max(high, a, b);
  };
  if (entryDay !== exitDay) {
    reach(entry, first.close);
    reach(last.open, exit);
  }
  for (const c of candles) if (c.day > entryDay && c.day < exitDay) reach(c.low, c.high);

  const long = trade.direction === 'Long';
  const against = long ? entry - low : high - entry;
  const forward = long ? high - entry : entry - low;
  const maeDollars = roundCents(Math.max(0, against) * trade.entryQuantity);
  const mfeDollars = roundCents(Math.max(0, forward) * trade.entryQuantity);
  const risk = trade.initialRisk;
  const inR = (dollars: number) =>
    risk !== null && risk > 0 ? Math.round((dollars / risk) * 100) / 100 : null;
  return { maeDollars, mfeDollars, maeR: inR(maeDollars), mfeR: inR(mfeDollars) };
}

/** `GET /api/v1/candles?symbol=&from=&to=`: the candles held for those days. */
export interface CandleAnswer {
  symbol: string;
  from: string;
  /** The last day answered: never after the server's today. */
  to: string;
  /** New York's today on the server: its candle may still change; the days before are final. */
  today: string;
  candles: Candle[];
}

/** A closed trade's result and excursions in R, with its plan's target in R (null without one). */
export interface ExcursionRow {
  rMultiple: number;
  maeR: number;
  mfeR: number;
  targetR: number | null;
}

export interface MeanExcursions {
  n: number;
  /** Means in R (≥ 0); null with no trade. */
  meanMaeR: number | null;
  meanMfeR: number | null;
}

export interface ExcursionFigures {
  winners: MeanExcursions;
  losers: MeanExcursions;
  /** Winners whose MAE was more than 1R: they went past where a 1R stop sat before winning. */
  winnersPastOneR: { count: number; n: number };
  /** Losers with a target whose MFE reached it in R: the price went there before the trade lost. */
  losersReachedTarget: { count: number; n: number };
}

const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;

const means = (rows: readonly ExcursionRow[]): MeanExcursions => ({
  n: rows.length,
  meanMaeR: mean(rows.map((r) => r.maeR)),
  meanMfeR: mean(rows.map((r) => r.mfeR)),
});

/** Where stops and targets sat against MAE and MFE (docs/product.md, "Candles"): Review's figures. */
export function excursionFigures(rows: readonly ExcursionRow[]): ExcursionFigures {
  const winners = rows.filter((r) => r.rMultiple > 0);
  const losers = rows.filter((r) => r.rMultiple < 0);
  const losersWithTarget = losers.filter((r) => r.targetR !== null);
  return {
    winners: means(winners),
    losers: means(losers),
    winnersPastOneR: { count: winners.filter((r) => r.maeR > 1).length, n: winners.length },
    losersReachedTarget: {
      count: losersWithTarget.filter((r) => r.mfeR >= (r.targetR as number)).length,
      n: losersWithTarget.length,
    },
  };
}

/** A plan's target in R: how far its target is from its entry, in units of its entry-to-stop risk. */
export function targetROf(plan: {
  entryPrice: number;
  stopLossPrice: number;
  targetPrice: number | null;
}): number | null {
  const risk = Math.abs(plan.entryPrice - plan.stopLossPrice);
  if (plan.targetPrice === null || risk === 0) return null;
  return Math.abs(plan.targetPrice - plan.entryPrice) / risk;
}

/**
 * Windows merged per symbol into spans of at most `maxDays` (one `GET /candles` each): the fewest
 * calls that cover every window, whatever the journal's size per symbol.
 */
export function candleSpans(
  windows: readonly { symbol: string; window: CandleWindow }[],
  maxDays: number,
): { symbol: string; window: CandleWindow }[] {
  const bySymbol = new Map<string, CandleWindow[]>();
  for (const { symbol, window } of windows) bySymbol.set(symbol, [...(bySymbol.get(symbol) ?? []), window]);
  const spans: { symbol: string; window: CandleWindow }[] = [];
  for (const [symbol, list] of bySymbol) {
    list.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
    let current: CandleWindow | null = null;
    for (const w of list) {
      const to: string = current === null || w.to > current.to ? w.to : current.to;
      if (current !== null && daysBetween(current.from, to) + 1 <= maxDays)
        current = { from: current.from, to };
      else {
        if (current !== null) spans.push({ symbol, window: current });
        current = { ...w };
      }
    }
    if (current !== null) spans.push({ symbol, window: current });
  }
  return spans;
}
