import { eq } from 'drizzle-orm';
import { type DateBounds, tradesInRange } from '../../domain/dateRanges.ts';
import { computeStats, type StatsGrouping } from '../../domain/stats.ts';
import type { GroupStats } from '../../domain/types.ts';
import type { Database } from '../db/database.ts';
import { edges, tradePlanEdges, tradePlans, tradeSetups } from '../db/schema.ts';
import { type AccountName, tradesOf } from '../trades/tradeBook.ts';

export function createStatsService(db: Database) {
  /** Every plan of the trader with what the groupings read of it, discarded ones too. */
  async function plansOf(userId: string) {
    const [rows, links] = await Promise.all([
      db
        .select({
          id: tradePlans.id,
          tradeSetupId: tradePlans.tradeSetupId,
          marketCycleAtCreation: tradePlans.marketCycleAtCreation,
          criteriaMet: tradePlans.criteriaMet,
        })
        .from(tradePlans)
        .where(eq(tradePlans.userId, userId)),
      db
        .select({ planId: tradePlanEdges.planId, edgeId: tradePlanEdges.edgeId })
        .from(tradePlanEdges)
        .innerJoin(tradePlans, eq(tradePlans.id, tradePlanEdges.planId))
        .where(eq(tradePlans.userId, userId)),
    ]);
    const edgeIds = new Map<string, string[]>(rows.map((r) => [r.id, []]));
    for (const link of links) edgeIds.get(link.planId)?.push(link.edgeId);
    return rows.map((r) => ({ ...r, edgeIds: edgeIds.get(r.id) ?? [] }));
  }

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
        plansOf(userId),
        db
          .select({ id: tradeSetups.id, name: tradeSetups.name, entryCriteria: tradeSetups.entryCriteria })
          .from(tradeSetups)
          .where(eq(tradeSetups.userId, userId)),
        db.select({ id: edges.id, name: edges.name }).from(edges).where(eq(edges.userId, userId)),
      ]);
      return computeStats(tradesInRange(trades, bounds), grouping, { plans, setups, edges: edgeNames });
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
