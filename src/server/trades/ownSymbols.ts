// The symbols a trader holds or plans: quotes (docs/product.md, "Prices") and candles ("Candles")
// answer only these, so neither is a free market-data service for anyone signed in.
import type { Database } from '../db/database.ts';
import { activeStocks } from '../plans/planQueries.ts';
import type { TradeBook } from './tradeBook.ts';

/** Which trades count: the open ones (quotes: what is watched now) or all (candles: charts and Review). */
export type TradesCounted = 'open' | 'all';

export function createOwnSymbols(db: Database, book: TradeBook) {
  /** The stocks of the trader's active plans and of their trades (open ones, or all). */
  return async function ownSymbols(userId: string, trades: TradesCounted): Promise<Set<string>> {
    const [plans, list] = await Promise.all([activeStocks(db, userId), book.list(userId, [])]);
    const own = new Set(plans.keys());
    for (const trade of list) if (trades === 'all' || trade.closedAt === null) own.add(trade.symbol);
    return own;
  };
}

export type OwnSymbols = ReturnType<typeof createOwnSymbols>;
