// Daily candles in the cache (docs/product.md, "Candles"): a trade's chart reads its window from
// Dexie, so it draws offline; online, a window not wholly held is asked of `GET /candles` and kept.
import {
  addDays,
  type Candle,
  type CandleAnswer,
  type CandleWindow,
  earliestCandleDay,
  newYorkDay,
  weekdaysBetween,
} from '../../domain/candles.ts';
import { api } from '../api/http.ts';
import { type CachedCandleDay, cacheOwner, db, type TradeTrackerDb } from '../db/db.ts';
import { writeInSlices } from '../db/slices.ts';
import { isOffline } from '../sync/connectivity.ts';
import { keepForOwner } from './keep.ts';

/** New York's today on this device. */
export const todayInNewYork = (now = new Date()): string => newYorkDay(now.toISOString());

/** The cached days of `symbol` in the window, oldest first. */
export function cachedDays(symbol: string, window: CandleWindow, database: TradeTrackerDb = db) {
  return database.candles
    .where('[symbol+day]')
    .between([symbol, window.from], [symbol, window.to], true, true)
    .toArray();
}

export const candlesOf = (days: readonly CachedCandleDay[]): Candle[] => days.flatMap((d) => d.candle ?? []);

/**
 * Whether the cache holds the window for good: every weekday before today with a final answer.
 * A window reaching today is never held (today's candle moves), but what is cached still draws.
 */
export function holdsWindow(days: readonly CachedCandleDay[], window: CandleWindow, today: string): boolean {
  if (window.to >= today) return false;
  const final = new Set(days.filter((d) => d.final).map((d) => d.day));
  return weekdaysBetween(window.from, window.to).every((d) => final.has(d));
}

/**
 * Asks the API for the window's candles: each candle, final before the server's today, and each
 * weekday before it without one as a day without a session.
 */
async function askCandles(symbol: string, window: CandleWindow): Promise<CachedCandleDay[]> {
  const answer = await api<CandleAnswer>('/candles', { query: { symbol, from: window.from, to: window.to } });
  const byDay = new Map(answer.candles.map((c) => [c.day, c]));
  const lastFinal = answer.to < answer.today ? answer.to : addDays(answer.today, -1);
  const rows: CachedCandleDay[] = answer.candles.map((c) => ({
    symbol,
    day: c.day,
    candle: c,
    final: c.day < answer.today,
  }));
  if (answer.from <= lastFinal) {
    for (const day of weekdaysBetween(answer.from, lastFinal)) {
      if (!byDay.has(day)) rows.push({ symbol, day, candle: null, final: true });
    }
  }
  return rows;
}

/** Keeps asked candles, unless the cache changed hands since `owner` was read (a logout). */
async function keepCandles(rows: CachedCandleDay[], owner: string | undefined, database: TradeTrackerDb) {
  await keepForOwner(database, owner, [database.candles], () => writeInSlices(database.candles, rows));
}

/** Asks the API for the window's candles and keeps them; nothing while offline. */
export async function loadCandles(
  symbol: string,
  window: CandleWindow,
  database: TradeTrackerDb = db,
): Promise<boolean> {
  if (isOffline()) return false;
  const owner = await cacheOwner(database);
  await keepCandles(await askCandles(symbol, window), owner, database);
  return true;
}

/** Candle calls Review makes a visit, and how many at once (docs/product.md, "Candles"). */
export const REVIEW_CANDLE_CALLS_MAX = 24;
const REVIEW_CANDLE_CALLS_AT_ONCE = 3;

/**
 * Asks for the spans the cache does not hold, a few at a time, at most REVIEW_CANDLE_CALLS_MAX;
 * stops when offline or on the first refusal (the trader's share of the broker used, a 503). Days
 * older than the server holds (CANDLE_YEARS_BACK) are not asked: its refusal would stop the rest.
 * What came is kept in one write at the end: a write each made Review read every span's candles
 * and compute its excursions again up to 24 times a visit (docs/benchmarks.md, "2026-11-28").
 * Returns how many were asked.
 */
export async function loadMissingSpans(
  spans: readonly { symbol: string; window: CandleWindow }[],
  database: TradeTrackerDb = db,
): Promise<number> {
  const today = todayInNewYork();
  const earliest = earliestCandleDay(today);
  const owner = await cacheOwner(database);
  const missing: { symbol: string; window: CandleWindow }[] = [];
  const askable = spans.flatMap(({ symbol, window }) =>
    window.to < earliest
      ? []
      : [{ symbol, window: { ...window, from: [window.from, earliest].sort()[1] as string } }],
  );
  // Checked in one transaction, not one per span (hundreds on a large journal).
  await database.transaction('r', database.candles, async () => {
    for (const span of askable) {
      if (missing.length >= REVIEW_CANDLE_CALLS_MAX) break;
      if (!holdsWindow(await cachedDays(span.symbol, span.window, database), span.window, today))
        missing.push(span);
    }
  });
  const came: CachedCandleDay[] = [];
  let next = 0;
  let asked = 0;
  let stop = false;
  const worker = async () => {
    while (!stop && next < missing.length && !isOffline()) {
      const span = missing[next++] as { symbol: string; window: CandleWindow };
      try {
        asked++;
        came.push(...(await askCandles(span.symbol, span.window)));
      } catch (error) {
        stop = true;
        console.warn('Candles not loaded', error);
      }
    }
  };
  await Promise.all(Array.from({ length: REVIEW_CANDLE_CALLS_AT_ONCE }, worker));
  if (came.length > 0) await keepCandles(came, owner, database);
  return asked;
}
