// The queries other folders make of trade_plans (docs/architecture.md, "The server"): the trades
// decide on plans, the alerts watch them, the stats group by them, the setups score from them.
import { and, eq, inArray, isNotNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { ACTIVE_STATUSES, activeStockOf, type TradePlan } from '../../domain/tradePlans.ts';
import { changedSince } from '../db/changeStamps.ts';
import { forChunks, inChunks } from '../db/chunks.ts';
import type { Database, Transaction } from '../db/database.ts';
import { changedFor, ownedWhere, ownRow, ownRows, rowsChangedSince } from '../db/owned.ts';
import { recordFrom } from '../db/rows.ts';
import { tradePlans } from '../db/schema.ts';
import { planEdgeIdsOf } from '../edges/planEdges.ts';
import type { Refusal } from '../refusals.ts';

export type PlanRow = typeof tradePlans.$inferSelect;

/** The plan a row holds; its edges are rows of trade_plan_edges. The backup's too (planBackup.ts). */
export const toPlanRecord: (row: PlanRow) => Omit<TradePlan, 'edgeIds'> = recordFrom(tradePlans);

/** A statement naming all the trader's plans: their edges are read by owner in one statement. */
export const traderPlanIds = (q: Database, userId: string) =>
  q.select({ id: tradePlans.id }).from(tradePlans).where(eq(tradePlans.userId, userId));

/**
 * The trader's plans in an active status (Ready or Hold), done ones too: what may link a new trade
 * (buildTrades judges from the trades whether a plan was done when the trade opened) and what
 * sums to planned risk (accountHeat leaves the done ones out).
 */
export async function activePlansOf(q: Database, userId: string) {
  const rows = await ownRows(q, tradePlans, userId, { where: inArray(tradePlans.status, ACTIVE_STATUSES) });
  return rows.map(toPlanRecord);
}

/** The trader's plans written since a change stamp (db/changeStamps.ts), whatever their status. */
export async function plansChangedSince(q: Database, userId: string, since: string) {
  return (await rowsChangedSince(q, tradePlans, userId, since)).map(toPlanRecord);
}

/**
 * The plans a write of trades decides on: those in an active status (they link new trades and hold
 * stocks), and those done or linked to a trade (their `doneAt` follows the trades). Locked until
 * the transaction `q` ends, in one order: a concurrent write of the trader's trades waits for
 * this one, and a plan deleted or discarded meanwhile waits for what is decided on it. `linked`:
 * a statement naming the plans the trader's trades link to (trades/annotationRepository.ts).
 */
export async function plansOfTrades(q: Database, userId: string, linked: SQLWrapper) {
  const rows = await q
    .select()
    .from(tradePlans)
    .where(
      ownedWhere(
        tradePlans,
        userId,
        or(
          inArray(tradePlans.status, ACTIVE_STATUSES),
          isNotNull(tradePlans.doneAt),
          inArray(tradePlans.id, linked),
        ),
      ),
    )
    .orderBy(tradePlans.id)
    .for('update');
  return rows.map(toPlanRecord);
}

/**
 * Writes the plans' new `doneAt` (the domain's `doneChanges`), 500 plans a statement. Plans done
 * first, then those done no more: a row leaves the one-active-plan index before another of its
 * stock enters it, whatever order a statement writes its rows in. The trader's edit time
 * (`updatedAt`) stays; the change stamp sends the plans with the next sync.
 */
export async function markDone(
  q: Database,
  userId: string,
  changes: readonly { id: string; doneAt: string | null }[],
): Promise<void> {
  const done = changes.filter((c) => c.doneAt !== null);
  const notDone = changes.filter((c) => c.doneAt === null).map((c) => c.id);
  const of = (ids: string[]) => ownedWhere(tradePlans, userId, inArray(tradePlans.id, ids));
  await forChunks(done, (chunk) => {
    const when = chunk.map((c) => sql`when ${c.id}::uuid then ${c.doneAt}::timestamptz`);
    return q
      .update(tradePlans)
      .set({ doneAt: sql`case ${tradePlans.id} ${sql.join(when, sql` `)} end` })
      .where(of(chunk.map((c) => c.id)));
  });
  await forChunks(notDone, (chunk) => q.update(tradePlans).set({ doneAt: null }).where(of(chunk)));
}

/** The stocks the trader's active plans hold (docs/product.md, "Trade plans"), by the domain's `activeStockOf`, with the plan holding each. */
export async function activeStocks(q: Database, userId: string): Promise<Map<string, string>> {
  const held = new Map<string, string>();
  for (const plan of await activePlansOf(q, userId)) {
    const stock = activeStockOf(plan);
    if (stock !== undefined) held.set(stock, plan.id);
  }
  return held;
}

/** The trader's plan, locked until the transaction ends: a trade is linked to it (trades/tradeBook.ts). */
export const lockOwnPlan = (tx: Transaction, userId: string, id: string, notTheirs: () => Refusal) =>
  ownRow(tx, tradePlans, userId, id, notTheirs, 'update');

/** What each setup's score is computed from: its plans (discarded ones too), with one setup's alone when `setupId`. */
export const plansOfSetups = (q: Database, userId: string, setupId?: string) =>
  q
    .select({
      id: tradePlans.id,
      tradeSetupId: tradePlans.tradeSetupId,
      status: tradePlans.status,
      probabilityOfSuccess: tradePlans.probabilityOfSuccess,
    })
    .from(tradePlans)
    .where(
      ownedWhere(
        tradePlans,
        userId,
        setupId ? eq(tradePlans.tradeSetupId, setupId) : isNotNull(tradePlans.tradeSetupId),
      ),
    );

/** Every plan of the trader with what the stats' groupings read of it, discarded ones too. */
export async function plansForStats(q: Database, userId: string) {
  const [rows, links] = await Promise.all([
    q
      .select({
        id: tradePlans.id,
        tradeSetupId: tradePlans.tradeSetupId,
        marketCycleAtCreation: tradePlans.marketCycleAtCreation,
        criteriaMet: tradePlans.criteriaMet,
      })
      .from(tradePlans)
      .where(eq(tradePlans.userId, userId)),
    planEdgeIdsOf(q, traderPlanIds(q, userId)),
  ]);
  const edgeIds = new Map<string, string[]>(rows.map((r) => [r.id, []]));
  for (const link of links) edgeIds.get(link.planId)?.push(link.edgeId);
  return rows.map((r) => ({ ...r, edgeIds: edgeIds.get(r.id) ?? [] }));
}

/** The plans with these ids, as the alert watcher reads them (alerts/alertWatcher.ts). */
export const watchedPlans = (q: Database, userId: string, ids: readonly string[]) =>
  inChunks(ids, (chunk) =>
    q
      .select({
        id: tradePlans.id,
        stock: tradePlans.stock,
        status: tradePlans.status,
        doneAt: sql<string | null>`${tradePlans.doneAt}::text`,
        entryPrice: tradePlans.entryPrice,
        stopLossPrice: tradePlans.stopLossPrice,
        targetPrice: tradePlans.targetPrice,
        direction: tradePlans.direction,
        alertsOn: tradePlans.alertsOn,
      })
      .from(tradePlans)
      .where(and(eq(tradePlans.userId, userId), inArray(tradePlans.id, chunk))),
  );

/**
 * Whether the trader wrote a plan since a cursor whose `linkXid` or `scoreXid` stamp moved too
 * (what a trade's link or a setup's score reads of it: db/schema.ts): one clause of the sync's probe.
 */
export const planInputsMovedSince = (userId: string, since: string, stamp: 'linkXid' | 'scoreXid'): SQL =>
  sql`exists (select 1 from ${tradePlans} where ${changedFor(tradePlans, userId, since)} and ${changedSince(tradePlans[stamp], since)})`;
