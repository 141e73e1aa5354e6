import { type DateBounds, tradesInRange } from '../../domain/dateRanges.ts';
import { computeStats, type StatsGrouping } from '../../domain/stats.ts';
import type { GroupStats } from '../../domain/types.ts';
import type { Database } from '../db/database.ts';
import { edgeNamesOf } from '../edges/edgeRepository.ts';
import { plansForStats } from '../plans/planQueries.ts';
import { setupsForStats } from '../setups/setupRepository.ts';
import { type AccountName, tradesOf } from '../trades/tradeBook.ts';

export function createStatsService(db: Database) {
  return {
    /**
     * `computeStats` over the trader's trades, the figures the app computes offline from its
     * cache. Deactivated edges are named too: a plan keeps citing an edge deleted after it. Only
     * the trades closed within `bounds` count (docs/product.md, "Review"); every date by default.
     */
    async stats(
      userId: string,
      grouping: StatsGrouping,
      accounts: AccountName[],
      bounds: DateBounds = { start: null, end: null },
    ): Promise<GroupStats[]> {
      const [trades, plans, setups, edgeNames] = await Promise.all([
        tradesOf(db, userId, accounts),
        plansForStats(db, userId),
        setupsForStats(db, userId),
        edgeNamesOf(db, userId),
      ]);
      return computeStats(tradesInRange(trades, bounds), grouping, { plans, setups, edges: edgeNames });
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
