import { NEAR_ENTRY_DEFAULT_R } from '../../domain/constants.ts';
import type { Quote } from '../../domain/quotes.ts';
import { db, metaKeys } from '../db/db.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';

/** The cached last prices by symbol; undefined while they are read. */
export function useQuotes(): ReadonlyMap<string, Quote> | undefined {
  return useLiveQuery(async () => new Map((await db.quotes.toArray()).map((q) => [q.symbol, q])), []);
}

/** The trader's near-entry threshold in R, as the last quotes said it; the default before any. */
export function useNearEntryR(): number {
  const stored = useLiveQuery(async () => (await db.meta.get(metaKeys.nearEntryR))?.value, []);
  const r = Number(stored);
  return stored !== undefined && Number.isFinite(r) && r > 0 ? r : NEAR_ENTRY_DEFAULT_R;
}

/** The cached last price of one stock; undefined while read or when none is cached. */
export const useQuote = (symbol: string) => useLiveQuery(() => db.quotes.get(symbol), [symbol]);
