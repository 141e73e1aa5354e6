// The rows of trade_plan_edges: the edges each plan cites. They live with the edges they name;
// plans/ writes and reads its links through these (docs/architecture.md, "The server").
import { eq, inArray, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { EdgeRef } from '../../domain/types.ts';
import type { TableCoverage } from '../db/backupAdapter.ts';
import { inChunks, insertInChunks } from '../db/chunks.ts';
import type { Database, Transaction } from '../db/database.ts';
import { edges, tradePlanEdges } from '../db/schema.ts';

/**
 * Each plan's edges, by name: what a plan answer cites (and a backup lists by id). With
 * `traderPlans` (a statement naming all the trader's plans), the plans are all the trader's: their
 * edges are read in one statement, where ids go 500 a statement (20 for 10,000 plans).
 */
export async function planEdgesOf(
  q: Database,
  planIds: readonly string[],
  traderPlans?: SQLWrapper,
): Promise<Map<string, EdgeRef[]>> {
  const byPlan = new Map<string, EdgeRef[]>(planIds.map((id) => [id, []]));
  const read = (plans: SQL) =>
    q
      .select({
        planId: tradePlanEdges.planId,
        id: edges.id,
        name: edges.name,
        weightFactor: edges.weightFactor,
      })
      .from(tradePlanEdges)
      .innerJoin(edges, eq(edges.id, tradePlanEdges.edgeId))
      .where(plans)
      .orderBy(edges.name);
  const rows =
    traderPlans === undefined || planIds.length === 0
      ? await inChunks(planIds, (chunk) => read(inArray(tradePlanEdges.planId, chunk)))
      : await read(inArray(tradePlanEdges.planId, traderPlans));
  for (const { planId, ...edge } of rows) byPlan.get(planId)?.push(edge);
  return byPlan;
}

/** The edge ids of the plans `plans` names (a statement), for the stats' groupings. */
export const planEdgeIdsOf = (q: Database, plans: SQLWrapper) =>
  q
    .select({ planId: tradePlanEdges.planId, edgeId: tradePlanEdges.edgeId })
    .from(tradePlanEdges)
    .where(inArray(tradePlanEdges.planId, plans));

/** Links a plan to its edges; `replace` drops its links first. */
export async function linkPlanEdges(
  tx: Transaction,
  planId: string,
  edgeIds: readonly string[],
  replace = false,
) {
  if (replace) await tx.delete(tradePlanEdges).where(eq(tradePlanEdges.planId, planId));
  if (edgeIds.length > 0)
    await tx.insert(tradePlanEdges).values(edgeIds.map((edgeId) => ({ planId, edgeId })));
}

/** Restored plans' links, 500 a statement. */
export const insertPlanEdges = (tx: Transaction, links: { planId: string; edgeId: string }[]) =>
  insertInChunks(tx, tradePlanEdges, links);

/** The links as a plan backup holds them: its `edgeIds` (plans/planBackup.ts). */
export const planEdgesCover = (fields: readonly string[]): TableCoverage => ({
  table: tradePlanEdges,
  fields,
  heldAs: { planId: 'id', edgeId: 'edgeIds' },
  leftOut: {},
});
