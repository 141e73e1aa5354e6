// Plans in a backup (docs/product.md, "Export and backup"), each with its edge links as `edgeIds`
// (the rows of trade_plan_edges); a restored plan keeps its id, and an active one may not share
// its stock with another active plan.
import { asc, eq } from 'drizzle-orm';
import { messages } from '../../domain/messages.ts';
import { activeStockOf, planRecord, samePlan, type TradePlan } from '../../domain/tradePlans.ts';
import type { BackupAdapter } from '../backup/backupAdapter.ts';
import { freeIds, rowsWithIds, unclaimed } from '../backup/backupAdapter.ts';
import { insertInChunks } from '../db/chunks.ts';
import type { Database } from '../db/database.ts';
import { rowFrom, SERVER_COLUMNS } from '../db/rows.ts';
import { tradePlanEdges, tradePlans } from '../db/schema.ts';
import { clearTombstones } from '../db/tombstones.ts';
import { activeStocks, planEdgesOf, toPlanRecord } from './planRepository.ts';

type PlanRow = typeof tradePlans.$inferSelect;
const planRow = rowFrom(tradePlans);

/** The plans of these rows as records, with their edge ids in one order. */
async function withEdgeIds(q: Database, rows: PlanRow[]): Promise<TradePlan[]> {
  const edgesOf = await planEdgesOf(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...toPlanRecord(r),
    edgeIds: (edgesOf.get(r.id) ?? []).map((e) => e.id).sort(),
  }));
}

export const planBackup: BackupAdapter<'tradePlans'> = {
  collection: 'tradePlans',
  covers: [
    { table: tradePlans, fields: Object.keys(planRecord.schema), leftOut: SERVER_COLUMNS },
    {
      table: tradePlanEdges,
      fields: Object.keys(planRecord.schema),
      heldAs: { planId: 'id', edgeId: 'edgeIds' },
      leftOut: {},
    },
  ],

  async read(q, userId) {
    const rows = await q
      .select()
      .from(tradePlans)
      .where(eq(tradePlans.userId, userId))
      .orderBy(asc(tradePlans.createdAt), asc(tradePlans.id));
    return withEdgeIds(q, rows);
  },

  async decide(step, records) {
    const stocks = await activeStocks(step.tx, step.userId);
    // The journal's own plans among these ids are compared with their edges; another's is a conflict anyway.
    const stored = async (ids: string[]) => {
      const rows = await rowsWithIds(step.tx, tradePlans, ids);
      const own = await withEdgeIds(
        step.tx,
        rows.filter((r) => r.userId === step.userId),
      );
      const plans = new Map(own.map((p) => [p.id, p]));
      return rows.map((row) => ({ id: row.id, userId: row.userId, plan: plans.get(row.id) }));
    };
    const same = (p: TradePlan, row: { plan?: TradePlan | undefined }) => !!row.plan && samePlan(p, row.plan);
    const { free, skipped } = await freeIds(step, 'tradePlans', records, same, stored);
    const fresh = unclaimed(step, free, activeStockOf, stocks, 'stock', messages.activePlanExists);
    return {
      restored: fresh.length,
      skipped,
      async write() {
        await insertInChunks(
          step.tx,
          tradePlans,
          fresh.map((p) => planRow(step.userId, p)),
        );
        const links = fresh.flatMap((p) => p.edgeIds.map((edgeId) => ({ planId: p.id, edgeId })));
        await insertInChunks(step.tx, tradePlanEdges, links);
        await clearTombstones(
          step.tx,
          step.userId,
          'tradePlans',
          fresh.map((p) => p.id),
        );
      },
    };
  },
};
