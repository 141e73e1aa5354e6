// Plans in a backup (docs/product.md, "Export and backup"), each with its edge links as `edgeIds`
// (the rows of trade_plan_edges); a restored plan keeps its id, and an active one may not share
// its stock with another active plan.
import { messages } from '../../domain/messages.ts';
import { activeStockOf, planRecord, samePlan, type TradePlan } from '../../domain/tradePlans.ts';
import { ownRowsInOrder, rowsWithIds } from '../db/backupAdapter.ts';
import type { Database } from '../db/database.ts';
import { idRecordAdapter } from '../db/idRecordAdapter.ts';
import { serverColumnsOf } from '../db/rows.ts';
import { tradePlans } from '../db/schema.ts';
import { insertPlanEdges, planEdgesCover, planEdgesOf } from '../edges/planEdges.ts';
import { activeStocks, toPlanRecord, traderPlanIds } from './planQueries.ts';

/** The plans of these rows as records, with their edge ids in one order; `userId` when they are all the trader's. */
async function withEdgeIds(
  q: Database,
  rows: (typeof tradePlans.$inferSelect)[],
  userId?: string,
): Promise<TradePlan[]> {
  const edgesOf = await planEdgesOf(
    q,
    rows.map((r) => r.id),
    userId === undefined ? undefined : traderPlanIds(q, userId),
  );
  return rows.map((r) => ({
    ...toPlanRecord(r),
    edgeIds: (edgesOf.get(r.id) ?? []).map((e) => e.id).sort(),
  }));
}

export const planBackup = idRecordAdapter({
  collection: 'tradePlans',
  covers: [
    { table: tradePlans, fields: Object.keys(planRecord.schema), leftOut: serverColumnsOf(tradePlans) },
    planEdgesCover(Object.keys(planRecord.schema)),
  ],
  read: async (q, userId) =>
    withEdgeIds(q, await ownRowsInOrder(q, tradePlans, userId, tradePlans.createdAt), userId),
  // The journal's own plans among these ids are compared with their edges; another's is a conflict anyway.
  async stored({ q, userId }, ids) {
    const rows = await rowsWithIds(q, tradePlans, ids);
    const own = await withEdgeIds(
      q,
      rows.filter((r) => r.userId === userId),
    );
    const plans = new Map(own.map((p) => [p.id, p]));
    return rows.map((row) => ({ id: row.id, userId: row.userId, plan: plans.get(row.id) }));
  },
  same: (plan, row) => !!row.plan && samePlan(plan, row.plan),
  unique: { keyOf: activeStockOf, held: activeStocks, field: 'stock', message: messages.activePlanExists },
  alongside: (tx, _userId, plans) =>
    insertPlanEdges(
      tx,
      plans.flatMap((p) => p.edgeIds.map((edgeId) => ({ planId: p.id, edgeId }))),
    ),
});
