import { planNotesBytes } from '../../domain/journalLimits.ts';
import { messages } from '../../domain/messages.ts';
import { computePositionSizes } from '../../domain/positionSize.ts';
import {
  activeStockOf,
  canEditPlan,
  checklistRefusal,
  checkTransition,
  newDraftPlan,
  validateTradePlanUpdate,
} from '../../domain/tradePlans.ts';
import type {
  EdgeRef,
  LiveAccount,
  TradePlanDto,
  TradePlanInput,
  TradePlanStatus,
} from '../../domain/types.ts';
import { normalizeStock } from '../../domain/validation.ts';

import { mapInChunks } from '../db/chunks.ts';
import type { Database, Transaction } from '../db/database.ts';
import { idempotentCreate } from '../db/idempotentCreate.ts';
import { assertNotesWithinLimit, assertRoom, holdJournal } from '../db/journalLimits.ts';
import { insertRecord, ownedBy, ownRow, ownRows, rowsChangedSince, updateRecord } from '../db/owned.ts';
import { tradePlans } from '../db/schema.ts';
import { deleteWithTombstone } from '../db/tombstones.ts';
import { activeEdgeCount } from '../edges/edgeRepository.ts';
import { linkPlanEdges, planEdgesOf } from '../edges/planEdges.ts';
import { conflict, invalid } from '../refusals.ts';
import { setupChecklistOf } from '../setups/setupRepository.ts';
import { activeStocks, type PlanRow, toPlanRecord, traderPlanIds } from './planQueries.ts';

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
      userId === undefined ? undefined : traderPlanIds(q, userId),
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
    if (input.tradeSetupId && !(await setupChecklistOf(q, userId, input.tradeSetupId)))
      throw invalid([{ field: 'tradeSetupId', message: messages.setupNotFound }]);
    if (input.edgeIds && input.edgeIds.length > 0) {
      if ((await activeEdgeCount(q, userId, input.edgeIds)) !== input.edgeIds.length)
        throw invalid([{ field: 'edgeIds', message: messages.edgeNotFound }]);
    }
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
      const rows = await ownRows(db, tradePlans, userId, {
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
            await linkPlanEdges(tx, row.id, edgeIds);
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
        if (edgeIds) await linkPlanEdges(tx, id, edgeIds, true);
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
        const setup = row.tradeSetupId ? await setupChecklistOf(tx, userId, row.tradeSetupId) : undefined;
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
