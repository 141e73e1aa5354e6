// The last prices of the trader's own stocks while the app is on screen (docs/product.md,
// "Prices"): every 15 s in the session, every few minutes outside it, never in the background
// and never offline. The answer is kept in the cache, where pages read it, offline too.
import { liveQuery } from 'dexie';
import { QUOTE_FRESH_SECONDS } from '../../domain/constants.ts';
import { isMarketOpen } from '../../domain/marketHours.ts';
import { type QuoteAnswer, watchedSymbols } from '../../domain/quotes.ts';
import { ACTIVE_STATUSES } from '../../domain/tradePlans.ts';
import { api } from '../api/http.ts';
import { cacheOwner, db, type TradeTrackerDb } from '../db/db.ts';
import { readInSlices } from '../db/slices.ts';
import { isOffline } from '../sync/connectivity.ts';
import { keepForOwner } from './keep.ts';
import { startPolling } from './poll.ts';

/** Outside the session the server answers the last close: a new plan's price within minutes is enough. */
const CLOSED_POLL_MS = 5 * 60_000;

// The active plans through the status index: a journal of 10,000 plans is not read whole on
// every change the live query below hears; the trades in slices (src/client/db/slices.ts).
const watchedIn = async (database: TradeTrackerDb) => {
  const [plans, trades] = await Promise.all([
    database.tradePlans.where('status').anyOf(ACTIVE_STATUSES).toArray(),
    readInSlices(database.trades),
  ]);
  return watchedSymbols(plans, trades);
};

/**
 * Asks the server for the watched stocks' prices and keeps them; undefined when nothing was asked.
 * `symbols`, when the caller knows them, spares reading the plans and trades again.
 */
export async function refreshQuotes(
  database: TradeTrackerDb = db,
  symbols?: readonly string[],
): Promise<QuoteAnswer | undefined> {
  if (isOffline()) return undefined;
  symbols ??= await watchedIn(database);
  if (symbols.length === 0) return undefined;
  const owner = await cacheOwner(database);
  const answer = await api<QuoteAnswer>('/quotes', { query: { symbols: symbols.join(',') } });
  await keepForOwner(database, owner, [database.quotes], async () => {
    await database.quotes.bulkPut(answer.quotes);
  });
  return answer;
}

/** Polls while the page is visible and online (serverData/poll.ts); returns the way to stop. */
export function startQuotePolling(database: TradeTrackerDb = db): () => void {
  // The watched stocks, from the live query below; undefined until its first answer (a tick before
  // it reads them itself).
  let watched: string[] | undefined;
  const poll = startPolling(async () => {
    let open = isMarketOpen(new Date());
    try {
      open = (await refreshQuotes(database, watched))?.marketOpen ?? open;
    } catch (error) {
      // The last prices stay on screen with their time; the next tick asks again.
      console.warn('Quotes not refreshed', error);
    }
    return open ? QUOTE_FRESH_SECONDS * 1000 : CLOSED_POLL_MS;
  });
  // A stock newly watched (a plan set Ready, a trade opened, the first sync) gets its price now,
  // not at the next tick: the first answer of this query is the first tick.
  const watching = liveQuery(() => watchedIn(database)).subscribe({
    next: (symbols) => {
      const more = symbols.some((s) => !watched?.includes(s));
      watched = symbols;
      if (more) poll.wake();
    },
  });
  return () => {
    poll.stop();
    watching.unsubscribe();
  };
}
