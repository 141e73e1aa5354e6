import { describe, expect, it } from 'vitest';
import type { BrokerQuote } from '../../src/server/brokers/broker.ts';
import { createQuoteCache } from '../../src/server/brokers/quoteCache.ts';

// Tuesday 2026-11-24, 11:00 in New York: the session is open.
const SESSION = Date.parse('2026-11-24T16:00:00Z');

function counting(delayMs = 20) {
  const calls: string[][] = [];
  const load = async (symbols: string[]): Promise<BrokerQuote[]> => {
    calls.push(symbols);
    await new Promise((r) => setTimeout(r, delayMs));
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
  return { calls, load };
}

describe('the shared quote cache', () => {
  it('serves a hundred traders asking at the same moment from one broker call', async () => {
    const cache = createQuoteCache(() => new Date(SESSION));
    const { calls, load } = counting();
    const answers = await Promise.all(Array.from({ length: 100 }, () => cache.get(['AAPL', 'MSFT'], load)));
    expect(calls).toEqual([['AAPL', 'MSFT']]);
    expect(answers.every((a) => a.quotes.length === 2 && !a.stale)).toBe(true);
  });

  it('loads only the symbols no other call holds or is loading', async () => {
    const cache = createQuoteCache(() => new Date(SESSION));
    const { calls, load } = counting();
    await Promise.all([cache.get(['AAPL', 'MSFT'], load), cache.get(['MSFT', 'NVDA'], load)]);
    expect(calls).toEqual([['AAPL', 'MSFT'], ['NVDA']]);
  });

  it("does not fail a trader for another trader's failed load: it loads for itself", async () => {
    const cache = createQuoteCache(() => new Date(SESSION));
    const { calls, load } = counting();
    const failing = cache.get(['AAPL'], async () => {
      await new Promise((r) => setTimeout(r, 10));
      throw new Error("the other trader's sign-in ended");
    });
    const mine = cache.get(['AAPL'], load);
    await expect(failing).rejects.toThrow('sign-in ended');
    expect((await mine).quotes).toHaveLength(1);
    expect(calls).toEqual([['AAPL']]);
  });
});
