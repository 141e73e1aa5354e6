// The shared quote cache (src/server/brokers/quoteCache.ts) under traders watching the same
// stocks (issue 28): broker calls a minute for 1, 10 and 100 traders, each polling 20 symbols
// every 15 s as the app does in the session, at its own moment. Virtual session time; each
// broker call takes 50 ms of real time, so polls that meet a load in flight share it.
import { createQuoteCache } from '../src/server/brokers/quoteCache.ts';
import { report } from './benchServer.ts';

const SYMBOLS = Array.from({ length: 20 }, (_, i) => `S${i}`);
const POLL_SECONDS = 15;
const BROKER_MS = 50;

async function minuteOf(traders: number): Promise<{ calls: number; symbolsAsked: number }> {
  // Tuesday 2026-11-24, 11:00 in New York: the session is open.
  let now = Date.parse('2026-11-24T16:00:00Z');
  const cache = createQuoteCache(() => new Date(now));
  let calls = 0;
  let symbolsAsked = 0;
  const load = async (symbols: string[]) => {
    calls++;
    symbolsAsked += symbols.length;
    await new Promise((r) => setTimeout(r, BROKER_MS));
    return symbols.map((symbol) => ({
      symbol,
      last: 100,
      bid: null,
      ask: null,
      close: null,
      netChange: null,
      tradeTime: null,
    }));
  };
  // Each trader's app polls at its own second of every 15.
  const offsets = Array.from({ length: traders }, (_, i) => (i * 7) % POLL_SECONDS);
  for (let second = 0; second < 60; second++) {
    const polling = offsets.filter((o) => second % POLL_SECONDS === o);
    await Promise.all(polling.map(() => cache.get(SYMBOLS, load)));
    now += 1000;
  }
  return { calls, symbolsAsked };
}

export async function benchQuotes(): Promise<void> {
  console.log('\nQuotes: broker calls a minute, 20 shared symbols, each trader polling every 15 s');
  for (const traders of [1, 10, 100]) {
    const { calls, symbolsAsked } = await minuteOf(traders);
    report(
      `${traders} trader${traders === 1 ? '' : 's'} (${symbolsAsked} symbols asked; uncached ${traders * 4} calls)`,
      `${calls} calls/min`,
      '4 (one per 15 s)',
    );
  }
}
