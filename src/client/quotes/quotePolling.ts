// The last prices of the trader's own stocks while the app is on screen (docs/product.md,
// "Prices"): every 15 s in the session, every few minutes outside it, never in the background
// and never offline. The answer is kept in the cache, where pages read it, offline too.
import { QUOTE_FRESH_SECONDS } from '../../domain/constants.ts';
import { isMarketOpen } from '../../domain/marketHours.ts';
import { type QuoteAnswer, watchedSymbols } from '../../domain/quotes.ts';
import { api } from '../api/http.ts';
import { db, type TradeTrackerDb } from '../db/db.ts';
import { isOffline, onConnectivityChange } from '../sync/connectivity.ts';

/** Outside the session the server answers the last close: a new plan's price within minutes is enough. */
const CLOSED_POLL_MS = 5 * 60_000;

/** Asks the server for the watched stocks' prices and keeps them; undefined when nothing was asked. */
export async function refreshQuotes(database: TradeTrackerDb = db): Promise<QuoteAnswer | undefined> {
  if (isOffline()) return undefined;
  const [plans, trades] = await Promise.all([database.tradePlans.toArray(), database.trades.toArray()]);
  const symbols = watchedSymbols(plans, trades);
  if (symbols.length === 0) return undefined;
  const answer = await api<QuoteAnswer>('/quotes', { query: { symbols: symbols.join(',') } });
  await database.quotes.bulkPut(answer.quotes);
  return answer;
}

/** Polls while the page is visible and online; returns the way to stop. */
export function startQuotePolling(database: TradeTrackerDb = db): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let running = false;
  const tick = async () => {
    clearTimeout(timer);
    if (stopped || running || document.visibilityState !== 'visible' || isOffline()) return;
    running = true;
    let open = isMarketOpen(new Date());
    try {
      open = (await refreshQuotes(database))?.marketOpen ?? open;
    } catch (error) {
      // The last prices stay on screen with their time; the next tick asks again.
      console.warn('Quotes not refreshed', error);
    } finally {
      running = false;
    }
    if (!stopped) timer = setTimeout(tick, open ? QUOTE_FRESH_SECONDS * 1000 : CLOSED_POLL_MS);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void tick();
    else clearTimeout(timer);
  };
  document.addEventListener('visibilitychange', onVisible);
  const stopListening = onConnectivityChange(() => void tick());
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
    stopListening();
  };
}
