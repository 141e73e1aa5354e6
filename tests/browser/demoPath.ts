// The demo broker's intraday path (src/server/brokers/demo/demoQuotes.ts) as a browser test
// reads it ahead: the same for everyone, so a test can find where a stock rises in a session
// and place plans and orders around the rise before setting the server's clock to it.
import { demoQuote } from '../../src/server/brokers/demo/demoQuotes.ts';

export const MINUTE = 60_000;
export const cents = (n: number) => Math.round(n * 100) / 100;
export const priceAt = (symbol: string, at: number) => demoQuote(symbol, new Date(at)).last;

/** The lowest and highest price over `ms` from `at`, sampled every `step` ms. */
function range(symbol: string, at: number, ms: number, step = 5000): [number, number] {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let t = at; t <= at + ms; t += step) {
    low = Math.min(low, priceAt(symbol, t));
    high = Math.max(high, priceAt(symbol, t));
  }
  return [low, high];
}

/** 15:00 UTC (10:00 or 11:00 in New York) of the `n`th weekday from two days ahead. */
function sessionAhead(n: number): number {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 2);
  for (let found = -1; ; day.setUTCDate(day.getUTCDate() + 1)) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6 && ++found === n) break;
  }
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 15);
}

/** A stock's rise of `up` dollars from `p0` at t0 to t1. */
export interface Rise {
  symbol: string;
  t0: number;
  t1: number;
  p0: number;
  up: number;
}

/**
 * `symbol`'s rise from t0 to t1 when it leaves room for a plan's margins: at least 0.15% of the
 * price; within the first eighth of the rise for 3 minutes after t0 (the clock runs on while the
 * test works); never half the rise below p0 in between (a stop there is not hit); and between
 * three quarters of it and 1.2 times it for 2 minutes after t1.
 */
function riseOf(symbol: string, t0: number, t1: number): Rise | null {
  const p0 = priceAt(symbol, t0);
  const up = priceAt(symbol, t1) - p0;
  if (up < p0 * 0.0015) return null;
  const [, highAfterT0] = range(symbol, t0, 3 * MINUTE);
  const [lowAfterT1, highAfterT1] = range(symbol, t1, 2 * MINUTE);
  if (!(highAfterT0 < p0 + up / 8 && lowAfterT1 > p0 + up * 0.75 && highAfterT1 < p0 + up * 1.2)) return null;
  const [lowBetween] = range(symbol, t0, t1 - t0, MINUTE);
  return lowBetween > p0 - up / 2 ? { symbol, t0, t1, p0, up } : null;
}

/** The first session and minute by which `count` of the stocks have risen roomily since 15:00 UTC. */
export function findRises(symbols: readonly string[], count: number): Rise[] {
  for (let n = 0; n < 10; n++) {
    const t0 = sessionAhead(n);
    for (let t1 = t0 + 10 * MINUTE; t1 <= t0 + 300 * MINUTE; t1 += MINUTE) {
      const rises = symbols.map((symbol) => riseOf(symbol, t0, t1)).filter((r) => r !== null);
      if (rises.length >= count) return rises.slice(0, count);
    }
  }
  throw new Error(`Fewer than ${count} demo stocks rise enough in ten sessions: name more`);
}
