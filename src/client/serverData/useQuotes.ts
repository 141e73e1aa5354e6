import type { Quote } from '../../domain/quotes.ts';
import { db } from '../db/db.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';

/** The cached last prices by symbol; undefined while they are read. */
export function useQuotes(): ReadonlyMap<string, Quote> | undefined {
  return useLiveQuery(async () => new Map((await db.quotes.toArray()).map((q) => [q.symbol, q])), []);
}

/** The cached last price of one stock; undefined while read or when none is cached. */
export const useQuote = (symbol: string) => useLiveQuery(() => db.quotes.get(symbol), [symbol]);
