import type { DailyCandle } from '../broker.ts';

const DAY_MS = 86_400_000;
// The synthetic history starts here; every close depends only on the symbol and the date,
// so the same day always shows the same price, whenever it is asked.
const HISTORY_START = Date.UTC(2020, 0, 1);

/** FNV-1a: a stable 32-bit seed from a text. */
export function hashText(text: string): number {
  let h = 2_166_136_261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16_777_619);
  return h >>> 0;
}

/** mulberry32: a tiny seeded generator, good enough for a believable random walk. */
export function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Every weekday close from 2020 up to the last day begun by `now`, walked once per symbol and day. */
const walks = new Map<string, readonly DailyCandle[]>();
const MAX_WALKS = 64;

function walkUpTo(symbol: string, now: Date): readonly DailyCandle[] {
  const lastDay = Math.floor((now.getTime() - HISTORY_START) / DAY_MS);
  const key = `${symbol}|${lastDay}`;
  const known = walks.get(key);
  if (known) return known;
  const random = generator(hashText(symbol));
  const candles: DailyCandle[] = [];
  let close = 300 + (hashText(symbol) % 200);
  for (let day = 0; day <= lastDay; day++) {
    const t = HISTORY_START + day * DAY_MS;
    const weekday = new Date(t).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const cycle = 0.0012 * Math.sin((2 * Math.PI * day) / 120);
    close *= 1 + 0.0003 + cycle + (random() - 0.5) * 0.018;
    candles.push({ date: new Date(t).toISOString().slice(0, 10), close: Math.round(close * 100) / 100 });
  }
  // A few symbols a day, for as long as the process runs: a small bound is plenty.
  if (walks.size >= MAX_WALKS) walks.clear();
  walks.set(key, candles);
  return candles;
}

/**
 * Weekday closes from 2020 up to `now`: a seeded random walk with slow up-and-down cycles,
 * so the EMA21 trend changes over weeks the way a real index does. The walk of a symbol is the
 * same whenever it is asked, so it is computed once per day and reused (an import prices every
 * demo fill from it).
 */
export function demoDailyCandles(symbol: string, now: Date, count = 300): DailyCandle[] {
  return walkUpTo(symbol, now)
    .slice(-count)
    .map((c) => ({ ...c }));
}
