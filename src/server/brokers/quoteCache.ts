import { QUOTE_FRESH_SECONDS } from '../../domain/constants.ts';
import { isMarketOpen, noTradingBetween } from '../../domain/marketHours.ts';
import type { Quote } from '../../domain/quotes.ts';
import type { BrokerQuote } from './broker.ts';

// Past this many symbols, the ones no longer fresh are forgotten: the cache holds what traders
// watch now, not every symbol ever asked.
const MAX_SYMBOLS = 10_000;

/**
 * Last prices shared by every trader (docs/product.md, "Prices"): a quote is fresh for
 * QUOTE_FRESH_SECONDS during the session, and outside it until the next session begins (the
 * last close does not change). Symbols asked at the same time by several traders share one load.
 */
export function createQuoteCache(now: () => Date) {
  const known = new Map<string, Quote>();
  const loading = new Map<string, Promise<void>>();

  const isFresh = (quote: Quote, at: Date) => {
    const seenAt = new Date(quote.fetchedAt);
    return isMarketOpen(at)
      ? at.getTime() - seenAt.getTime() < QUOTE_FRESH_SECONDS * 1000
      : noTradingBetween(seenAt, at);
  };

  function forgetStale(at: Date) {
    if (known.size <= MAX_SYMBOLS) return;
    for (const [symbol, quote] of known) if (!isFresh(quote, at)) known.delete(symbol);
  }

  return {
    /**
     * The quotes of `symbols`: those another trader's request is loading are awaited, then the
     * ones still not fresh are loaded with `load`, in the asking trader's name. When that load
     * fails, the last known quotes stand in (`stale`); with none known, its error is thrown.
     * Another trader's failed load (their sign-in ended, their share used) never fails this one.
     */
    async get(
      symbols: readonly string[],
      load: (symbols: string[]) => Promise<BrokerQuote[]>,
    ): Promise<{ quotes: Quote[]; stale: boolean }> {
      const loadsOf = () => new Set(symbols.flatMap((s) => loading.get(s) ?? []));
      // Awaited only when there is one: a call that finds nothing loading must claim its symbols
      // before it yields, or every caller of the same moment would load them again.
      const others = loadsOf();
      if (others.size > 0) await Promise.allSettled(others);
      const at = now();
      const missing = symbols.filter((s) => {
        const quote = known.get(s);
        return !loading.has(s) && (quote === undefined || !isFresh(quote, at));
      });
      if (missing.length > 0) {
        const mine = load(missing).then((answer) => {
          const fetchedAt = now().toISOString();
          for (const quote of answer) known.set(quote.symbol, { ...quote, fetchedAt });
          forgetStale(now());
        });
        for (const s of missing) loading.set(s, mine);
        try {
          await mine;
        } catch (error) {
          const lastKnown = symbols.flatMap((s) => known.get(s) ?? []);
          if (lastKnown.length === 0) throw error;
          return { quotes: lastKnown, stale: true };
        } finally {
          for (const s of missing) if (loading.get(s) === mine) loading.delete(s);
        }
      }
      // Symbols another call began loading meanwhile.
      await Promise.allSettled(loadsOf());
      return { quotes: symbols.flatMap((s) => known.get(s) ?? []), stale: false };
    },
  };
}
