import { newYorkTime, sessionFraction } from '../../../domain/marketHours.ts';
import type { BrokerQuote } from '../broker.ts';
import { demoDailyCandles, generator, hashText } from './demoCandles.ts';

// Waves of the intraday path: the slowest spans the session, the quickest a few minutes, so a
// price polled every 15 s moves, the way a real one does.
const WAVES = 60;
const DAILY_SWING = 0.006;
const OPEN_MINUTE = 9 * 60 + 30;

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * The intraday path of `symbol` on `date` (New York), as a function of the session's fraction (0
 * at the open, 1 at the close), before rounding to the cent: sine waves that are 0 at the open and
 * at the close, so the path starts at the previous close and ends at the day's, whatever the noise
 * between. The demo's quotes, its order fills and its candles' highs and lows all follow it.
 */
export function demoPath(
  symbol: string,
  date: string,
  previousClose: number,
  close: number,
): (fraction: number) => number {
  const random = generator(hashText(`${symbol}|${date}`));
  const amplitudes = Array.from({ length: WAVES }, (_, i) => (random() - 0.5) / (i + 1) ** 0.8);
  return (fraction) => {
    let wave = 0;
    for (let k = 1; k <= WAVES; k++) wave += (amplitudes[k - 1] as number) * Math.sin(k * Math.PI * fraction);
    return previousClose + (close - previousClose) * fraction + previousClose * DAILY_SWING * wave;
  };
}

/**
 * The demo's price of `symbol` at `at`, the same for everyone and every time it is asked, and
 * consistent with its daily candles (demoCandles.ts): during the session a path from the previous
 * close to the day's close; before the open the previous close; after it (and at weekends) the
 * last session's close.
 */
export function demoQuote(symbol: string, at: Date): BrokerQuote {
  const now = newYorkTime(at);
  // Candles run to the UTC day begun by `at`, which may be New York's tomorrow: cut them at today.
  const candles = demoDailyCandles(symbol, at, 3).filter((c) => c.date <= now.date);
  let day = candles.length - 1;
  // Before today's open, today's candle is still to come.
  if (candles[day]?.date === now.date && now.minute < OPEN_MINUTE) day--;
  const session = candles[day] as { date: string; close: number };
  const previousClose = (candles[day - 1] ?? session).close;
  const fraction = session.date === now.date ? sessionFraction(at) : null;
  const last =
    fraction === null
      ? session.close
      : cents(demoPath(symbol, now.date, previousClose, session.close)(fraction));
  return {
    symbol,
    last,
    bid: cents(last - 0.01),
    ask: cents(last + 0.01),
    close: previousClose,
    netChange: cents(last - previousClose),
    tradeTime: fraction === null ? null : at.toISOString(),
  };
}
