import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { planNotesBytes } from '../../domain/journalLimits.ts';
import { messages } from '../../domain/messages.ts';
import { computePositionSizes } from '../../domain/positionSize.ts';
import {
  ACTIVE_STATUSES,
  activeStockOf,
  canEditPlan,
  checklistRefusal,
  checkTransition,
  newDraftPlan,
  type TradePlan,
  validateTradePlanUpdate,
} from '../../domain/tradePlans.ts';
import type { EdgeRef, TradePlanDto, TradePlanInput, TradePlanStatus } from '../../domain/types.ts';
import { normalizeStock } from '../../domain/validation.ts';

import type { LiveAccount } from '../accounts/accountService.ts';
import { forChunks, inChunks, inPages, mapInChunks } from '../db/chunks.ts';
import type { Database, Transaction } from '../db/database.ts';
import { idempotentCreate } from '../db/idempotentCreate.ts';
import { assertNotesWithinLimit, assertRoom, holdJournal } from '../db/journalLimits.ts';
import { insertRecord, ownedBy, ownRow, rowsChangedSince, updateRecord } from '../db/owned.ts';
import { recordFrom } from '../db/rows.ts';
import { edges, tradeAnnotations, tradePlanEdges, tradePlans, tradeSetups } from '../db/schema.ts';
import { deleteWithTombstone } from '../db/tombstones.ts';
import { conflict, invalid } from '../refusals.ts';

type PlanRow = typeof tradePlans.$inferSelect;

/** The plan a row holds; its edges are rows of trade_plan_edges. The backup's too (planBackup.ts). */
export const toPlanRecord: (row: PlanRow) => Omit<TradePlan, 'edgeIds'> = recordFrom(tradePlans);

/**
 * Each plan's edges, by name: what a plan answer cites (and a backup lists by id). With `userId`,
 * the plans are all the trader's: their edges are read by owner in one statement, where ids go
 * 500 a statement (20 for 10,000 plans).
 */
export async function planEdgesOf(
  q: Database,
  planIds: readonly string[],
  userId?: string,
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
  const traderPlans = (id: string) =>
    q.select({ id: tradePlans.id }).from(tradePlans).where(eq(tradePlans.userId, id));
  const rows =
    userId === undefined || planIds.length === 0
      ? await inChunks(planIds, (chunk) => read(inArray(tradePlanEdges.planId, chunk)))
      : await read(inArray(tradePlanEdges.planId, traderPlans(userId)));
  for (const { planId, ...edge } of rows) byPlan.get(planId)?.push(edge);
  return byPlan;
}

// Every helper takes the database or a transaction (`q`): on PGlite a query through `db` inside
// a transaction would wait for that transaction, forever.
export function createPlanRepository(db: Database, now: () => Date) {
  function toDto(row: PlanRow, planEdges: EdgeRef[], accounts: LiveAccount[]): TradePlanDto {
    return { ...toPlanRecord(row), edges: planEdges, positionSizes: computePositionSizes(accounts, row) };
  }

  /** `userId` when the rows are all the trader's plans (`planEdgesOf`). */
  async function toDtos(
    q: Database,
    rows: PlanRow[],
    accounts: LiveAccount[],
    userId?: string,
  ): Promise<TradePlanDto[]> {
    const byPlan = await planEdgesOf(
      q,
      rows.map((r) => r.id),
      userId,
    );
    return mapInChunks(rows, (r) => toDto(r, byPlan.get(r.id) ?? [], accounts));
  }

  const ofUser = (userId: string, id: string) => ownedBy(tradePlans, userId, id);

  const findRow = (q: Database, userId: string, id: string) =>
    ownRow(q, tradePlans, userId, id, messages.planNotFound);

  /**
   * The plan, locked until the transaction ends: a check made on it holds when the write comes,
   * because a concurrent change of the same plan waits (on PostgreSQL; PGlite runs one
   * transaction at a time anyway).
   */
  const lockRow = (tx: Transaction, userId: string, id: string) =>
    ownRow(tx, tradePlans, userId, id, messages.planNotFound, 'update');

  /** No other plan of the trader may hold the stock active (the domain's `activeStockOf`). */
  async function assertNoOtherActivePlan(q: Database, userId: string, stock: string, exceptId?: string) {
    const holder = (await activeStocks(q, userId)).get(normalizeStock(stock));
    if (holder !== undefined && holder !== exceptId) throw conflict(messages.activePlanExists, 'stock');
  }

  /** Setups and edges cited by a plan must be the user's own (and edges active). */
  async function assertReferences(
    q: Database,
    userId: string,
    input: { tradeSetupId?: string | null; edgeIds?: string[] },
  ) {
    if (input.tradeSetupId) {
      const rows = await q
        .select({ id: tradeSetups.id })
        .from(tradeSetups)
        .where(ownedBy(tradeSetups, userId, input.tradeSetupId));
      if (rows.length === 0) throw invalid([{ field: 'tradeSetupId', message: messages.setupNotFound }]);
    }
    if (input.edgeIds && input.edgeIds.length > 0) {
      const rows = await q
        .select({ id: edges.id })
        .from(edges)
        .where(and(inArray(edges.id, input.edgeIds), eq(edges.userId, userId), eq(edges.isActive, true)));
      if (rows.length !== input.edgeIds.length)
        throw invalid([{ field: 'edgeIds', message: messages.edgeNotFound }]);
    }
  }

  async function addEdges(tx: Transaction, planId: string, edgeIds: string[]) {
    if (edgeIds.length > 0)
      await tx.insert(tradePlanEdges).values(edgeIds.map((edgeId) => ({ planId, edgeId })));
  }

  async function replaceEdges(tx: Transaction, planId: string, edgeIds: string[]) {
    await tx.delete(tradePlanEdges).where(eq(tradePlanEdges.planId, planId));
    await addEdges(tx, planId, edgeIds);
  }

  async function one(
    q: Database,
    userId: string,
    id: string,
    accounts: LiveAccount[],
  ): Promise<TradePlanDto> {
    return (await toDtos(q, [await findRow(q, userId, id)], accounts))[0] as TradePlanDto;
  }

  return {
    async list(userId: string, accounts: LiveAccount[]): Promise<TradePlanDto[]> {
      const rows = await inPages(db, {
        table: tradePlans,
        key: 'id',
        where: eq(tradePlans.userId, userId),
        order: [tradePlans.stock, tradePlans.createdAt, tradePlans.id],
      });
      return toDtos(db, rows, accounts, userId);
    },

    /** The plans written since a sync cursor (db/changeStamps.ts), as the list answers them. */
    async changedSince(userId: string, since: string, accounts: LiveAccount[]): Promise<TradePlanDto[]> {
      return toDtos(db, await rowsChangedSince(db, tradePlans, userId, since), accounts);
    },

    get: (userId: string, id: string, accounts: LiveAccount[]) => one(db, userId, id, accounts),

    create: (userId: string, input: TradePlanInput, accounts: LiveAccount[]) =>
      idempotentCreate({
        db,
        collection: 'tradePlans',
        id: input.id,
        userId,
        existing: (id) => one(db, userId, id, accounts),
        create: async () => {
          await assertNoOtherActivePlan(db, userId, input.stock);
          await assertReferences(db, userId, input);
          return db.transaction(async (tx) => {
            await holdJournal(tx, userId);
            await assertRoom(tx, userId, 'tradePlans');
            // A new plan is not done; only the trades make it so (markDone).
            const { edgeIds, doneAt: _notDone, ...plan } = newDraftPlan(input);
            const row = await insertRecord(tx, tradePlans, userId, input, plan, now());
            await addEdges(tx, row.id, edgeIds);
            if (planNotesBytes(plan) > 0) await assertNotesWithinLimit(tx, userId);
            // The answer is the row as inserted: read again, it cost two statements a create.
            return edgeIds.length > 0
              ? ((await toDtos(tx, [row], accounts))[0] as TradePlanDto)
              : toDto(row, [], accounts);
          });
        },
      }),

    /**
     * A partial update, checked against the plan as it is when written (docs/product.md, "Trade
     * plans"): not discarded, the body valid for its prices, and a new stock free of other active
     * plans whatever this plan's own status. The answer is read in the same transaction.
     */
    async update(userId: string, id: string, body: unknown, accounts: LiveAccount[]): Promise<TradePlanDto> {
      return db.transaction(async (tx) => {
        // The trader first, then the plan: the order every locking write takes (db/journalLimits.ts).
        await holdJournal(tx, userId);
        const row = await lockRow(tx, userId, id);
        if (!canEditPlan(row.status)) throw conflict(messages.planDiscarded);
        const result = validateTradePlanUpdate(body, row);
        if (!result.ok) throw invalid(result.errors);
        const { edgeIds, ...fields } = result.value;
        if (fields.stock !== undefined && fields.stock !== row.stock) {
          await assertNoOtherActivePlan(tx, userId, fields.stock, row.id);
        }
        await assertReferences(tx, userId, result.value);
        await updateRecord(tx, tradePlans, userId, id, fields, now());
        if (edgeIds) await replaceEdges(tx, id, edgeIds);
        if (fields.notes || fields.scanId || fields.criteriaMet?.length)
          await assertNotesWithinLimit(tx, userId);
        return one(tx, userId, id, accounts);
      });
    },

    /**
     * The transition table (docs/product.md, "Plan statuses"), checked against the status the plan
     * has when it is written.
     */
    async changeStatus(
      userId: string,
      id: string,
      to: TradePlanStatus,
      accounts: LiveAccount[],
    ): Promise<TradePlanDto> {
      return db.transaction(async (tx) => {
        const row = await lockRow(tx, userId, id);
        const check = checkTransition(row.status, to);
        if (!check.ok) throw conflict(check.message, 'status');
        // Two plans of one stock activated at once: the partial unique index refuses the second. A
        // done plan set to Ready or Hold stays done, so it holds no stock (docs/product.md, "Trade plans").
        if (activeStockOf({ ...toPlanRecord(row), status: to }) !== undefined)
          await assertNoOtherActivePlan(tx, userId, row.stock, row.id);
        // The setup's checklist as it is now (docs/product.md, "Plan statuses"). Read, not locked: a
        // setup's delete locks the setup, then its plans (set null), the opposite order of this move.
        const [setup] = row.tradeSetupId
          ? await tx
              .select({
                entryCriteria: tradeSetups.entryCriteria,
                checklistRequired: tradeSetups.checklistRequired,
              })
              .from(tradeSetups)
              .where(ownedBy(tradeSetups, userId, row.tradeSetupId))
          : [];
        const refusal = checklistRefusal(row, to, setup);
        if (refusal !== undefined) throw conflict(refusal, 'status');
        await tx.update(tradePlans).set({ status: to, updatedAt: now() }).where(ofUser(userId, id));
        return one(tx, userId, id, accounts);
      });
    },

    remove: (userId: string, id: string) =>
      deleteWithTombstone(db, 'tradePlans', userId, id, now(), messages.planNotFound),
  };
}

export type PlanRepository = ReturnType<typeof createPlanRepository>;

/**
 * The trader's plans in an active status (Ready or Hold), done ones too: what may link a new trade
 * (buildTrades judges from the trades whether a plan was done when the trade opened) and what
 * sums to planned risk (accountHeat leaves the done ones out).
 */
export async function activePlansOf(q: Database, userId: string) {
  const rows = await inPages(q, {
    table: tradePlans,
    key: 'id',
    where: and(eq(tradePlans.userId, userId), inArray(tradePlans.status, ACTIVE_STATUSES)),
    order: [tradePlans.id],
  });
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
 * this one, and a plan deleted or discarded meanwhile waits for what is decided on it.
 */
export async function plansOfTrades(q: Database, userId: string) {
  const linked = q
    .select({ id: tradeAnnotations.planId })
    .from(tradeAnnotations)
    .where(and(eq(tradeAnnotations.userId, userId), isNotNull(tradeAnnotations.planId)));
  const rows = await q
    .select()
    .from(tradePlans)
    .where(
      and(
        eq(tradePlans.userId, userId),
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
  const of = (ids: string[]) => and(eq(tradePlans.userId, userId), inArray(tradePlans.id, ids));
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
