import type { Candle } from '../../../domain/candles.ts';
import { newYorkTime, sessionFraction } from '../../../domain/marketHours.ts';
import { demoDailyCandles, hashText } from './demoCandles.ts';
import { demoPath } from './demoQuotes.ts';

const SESSION_MINUTES = 390;
const PEAKS_REFINED = 3;
const cents = (n: number) => Math.round(n * 100) / 100;
// The walk starts in 2020; a window reaches back at most this many weekdays before today.
const MAX_WEEKDAYS_BACK = 2_500;

/**
 * The extremes of a path over fractions 0…`end`: sampled every other session minute, then the best
 * sample refined by golden-section search between its neighbours (the quickest wave spans about
 * 13 minutes, so the true extreme lies within a step of the best sample). Order fills happen at
 * any second, and must fall inside the day's candle.
 */
function extremes(path: (f: number) => number, end: number): { high: number; low: number } {
  const step = 2 / SESSION_MINUTES;
  const samples: { f: number; p: number }[] = [];
  for (let f = 0; f < end; f += step) samples.push({ f, p: path(f) });
  samples.push({ f: end, p: path(end) });
  const refine = (at: number, sign: 1 | -1) => {
    let a = Math.max(0, at - step);
    let b = Math.min(end, at + step);
    const g = (Math.sqrt(5) - 1) / 2;
    for (let i = 0; i < 30; i++) {
      const c = b - g * (b - a);
      const d = a + g * (b - a);
      if (sign * path(c) > sign * path(d)) b = d;
      else a = c;
    }
    return path((a + b) / 2);
  };
  // The few highest (lowest) local extremes among the samples: the true one is near one of them.
  const peaks = (sign: 1 | -1) =>
    samples
      .filter((s, i) => {
        const before = samples[i - 1]?.p ?? Number.NEGATIVE_INFINITY * sign;
        const after = samples[i + 1]?.p ?? Number.NEGATIVE_INFINITY * sign;
        return sign * s.p >= sign * before && sign * s.p >= sign * after;
      })
      .sort((x, y) => sign * (y.p - x.p))
      .slice(0, PEAKS_REFINED);
  const high = Math.max(...samples.map((s) => s.p), ...peaks(1).map((s) => refine(s.f, 1)));
  const low = Math.min(...samples.map((s) => s.p), ...peaks(-1).map((s) => refine(s.f, -1)));
  return { high, low };
}

/**
 * The demo's daily candles of `symbol` from `from` to `to` (New York days), as known at `now`:
 * each session opens at the previous close and closes at the day's (demoCandles.ts), its high and
 * low are those of the intraday path its quotes and order fills follow (demoQuotes.ts), so every
 * demo fill lies inside its day's candle. Today's candle, during the session, runs to `now`;
 * before the open there is none.
 */
export function demoPriceHistory(symbol: string, from: string, to: string, now: Date): Candle[] {
  const candles: Candle[] = [];
  for (const candle of demoCandleDays(symbol, from, to, now)) candles.push(candle);
  return candles;
}

/**
 * The same candles, a few days at a time with a turn for other requests between: a year of them
 * is some 100 ms of arithmetic, which must not hold up other traders' requests.
 */
export async function demoPriceHistoryInTurns(
  symbol: string,
  from: string,
  to: string,
  now: Date,
): Promise<Candle[]> {
  const candles: Candle[] = [];
  for (const candle of demoCandleDays(symbol, from, to, now)) {
    candles.push(candle);
    if (candles.length % 20 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return candles;
}

function* demoCandleDays(symbol: string, from: string, to: string, now: Date): Generator<Candle> {
  const today = newYorkTime(now);
  const walk = demoDailyCandles(symbol, now, MAX_WEEKDAYS_BACK).filter((c) => c.date <= today.date);
  for (let i = 1; i < walk.length; i++) {
    const { date, close } = walk[i] as { date: string; close: number };
    if (date < from || date > to) continue;
    const previousClose = (walk[i - 1] as { close: number }).close;
    const path = demoPath(symbol, date, previousClose, close);
    let end = 1;
    let last = close;
    if (date === today.date) {
      const fraction = sessionFraction(now);
      if (fraction === null && today.minute < 9 * 60 + 30) continue; // not open yet
      if (fraction !== null) {
        end = fraction;
        last = cents(path(fraction));
      }
    }
    const { high, low } = extremes(path, end);
    yield {
      day: date,
      open: previousClose,
      high: Math.max(cents(high), previousClose, last),
      low: Math.min(cents(low), previousClose, last),
      close: last,
      volume: 1_000_000 + (hashText(`${symbol}|${date}|volume`) % 9_000_000),
    };
  }
}
