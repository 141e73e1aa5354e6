import type { Trade, TradePlan } from '../../domain/types.ts';
import { db } from '../db/db.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';

export interface LinkedPlans {
  /** The cached plans a cached trade links to (a plan deleted on this device is not there). */
  plans: TradePlan[];
  byId: ReadonlyMap<string, TradePlan>;
  /**
   * Whether this read has looked for the trade's plan. The trades and their plans are two live
   * queries: just after a trade is linked the rows may hold a plan id this read has not seen yet.
   */
  covers: (trade: Pick<Trade, 'planId'>) => boolean;
}

/**
 * The cached plans that a cached trade links to, undefined while read: what Trades and Review
 * need of the plans. A journal may hold 10,000 plans, and reading them all took a Review load
 * hundreds of ms; the trades' `planId` index names the few linked.
 */
export function useLinkedPlans(): LinkedPlans | undefined {
  return useLiveQuery(async () => {
    const ids = (await db.trades.orderBy('planId').uniqueKeys()) as string[];
    const plans = (await db.tradePlans.bulkGet(ids)).filter((p) => p !== undefined);
    const asked = new Set(ids);
    return {
      plans,
      byId: new Map(plans.map((p) => [p.id, p])),
      covers: (trade: Pick<Trade, 'planId'>) => trade.planId === null || asked.has(trade.planId),
    };
  }, []);
}
