// The trades, derived from the fills (docs/product.md, "Trades"): built by the domain's
// `buildTrades` from the fill, annotation and plan rows, kept between reads (keptTrades.ts).
// Every write of fills stores, in its own transaction, the plan link of the trades it makes
// (`freezePlanLinks`).

import { newExecution } from '../../domain/executions.ts';
import { messages } from '../../domain/messages.ts';
import { doneChanges } from '../../domain/planDone.ts';
import { applyTradeUpdate, attachedAfter } from '../../domain/tradeAnnotation.ts';
import { buildTrades, newAnnotations } from '../../domain/tradeLinks.ts';
import type { Execution, ExecutionInput, Trade, TradeUpdate } from '../../domain/types.ts';
import type { Database } from '../db/database.ts';
import { idempotentCreate } from '../db/idempotentCreate.ts';
import { holdJournal } from '../db/journalLimits.ts';
import { madeAt } from '../db/owned.ts';
import type { executions } from '../db/schema.ts';
import { deleteWithTombstone } from '../db/tombstones.ts';
import { uuidv7 } from '../db/uuidv7.ts';
import { lockOwnPlan, markDone, plansOfTrades, toPlanRecord } from '../plans/planQueries.ts';
import { invalid, notFound } from '../refusals.ts';
import { annotationsOf, createAnnotationRepository, linkedPlanIds } from './annotationRepository.ts';
import { createFillRepository, fillsOf } from './fillRepository.ts';
import { type AccountName, keptTradesOf } from './keptTrades.ts';

export type { AccountName } from './keptTrades.ts';

/** Everything the trader's trades are built from, read through the transaction `q`. */
async function sourcesOf(q: Database, userId: string) {
  const [fills, annotations] = await Promise.all([fillsOf(q, userId), annotationsOf(q, userId)]);
  return { executions: fills, annotations };
}

/**
 * The same for a write of trades, in its transaction `q`: the trader's journal and the plans it
 * decides on (plansOfTrades) locked first, so a concurrent write of the trader's trades waits, then reads the fills and
 * annotations this one stored.
 */
async function heldSourcesOf(q: Database, userId: string) {
  // The trader first, then the plans: the order every locking write takes (db/journalLimits.ts).
  await holdJournal(q, userId);
  const plans = await plansOfTrades(q, userId, linkedPlanIds(q, userId));
  return { ...(await sourcesOf(q, userId)), plans };
}

/**
 * The trader's trades as every row now builds them, for a read outside a transaction: kept
 * between reads, only what changed since is read and rebuilt (keptTrades.ts).
 */
export const tradesOf = (db: Database, userId: string, accounts: readonly AccountName[]): Promise<Trade[]> =>
  keptTradesOf(db).trades(userId, accounts);

export function createTradeBook(db: Database, now: () => Date) {
  // The kept trades read this clock: an option expires by it (keptTrades.ts).
  keptTradesOf(db, now);
  const fillRows = createFillRepository(db);
  const annotationRows = createAnnotationRepository(db);

  /**
   * Stores, for every trade that has nothing stored yet, its automatic plan link or that it has
   * none (docs/product.md, "Trades"), and which plans the trades leave done ("Trade plans"). Called
   * in the transaction that writes fills: the link is decided by the plans as they are when the
   * trade's fills arrive, so a plan discarded or edited later keeps its trade and its stop, and a
   * plan set to Ready later claims no trade made before. The plans are held meanwhile: one deleted
   * under it would fail the fill's whole write. `protectiveStops` (new fill id → the broker's stop
   * order price) gives a trade no plan claims its initial stop.
   */
  async function freezePlanLinks(
    q: Database,
    userId: string,
    at: Date,
    protectiveStops?: ReadonlyMap<string, number>,
  ): Promise<void> {
    const sources = await heldSourcesOf(q, userId);
    const trades = buildTrades({ ...sources, accounts: [], now: at });
    await annotationRows.insertNew(
      q,
      userId,
      newAnnotations(trades, sources.annotations, protectiveStops),
      at,
    );
    await markDone(q, userId, doneChanges(sources.plans, trades));
  }

  return {
    list: (userId: string, accounts: AccountName[]): Promise<Trade[]> => tradesOf(db, userId, accounts),
    fills: fillRows.list,
    fillsChangedSince: fillRows.changedSince,
    fillsOfAccount: fillRows.ofAccount,
    newestBrokerFill: fillRows.newestBroker,

    /**
     * A manual fill, made when the device says if plausible (`madeAt`); its trade's plan link is
     * decided in the same transaction.
     */
    recordFill: (userId: string, input: ExecutionInput) =>
      idempotentCreate({
        db,
        collection: 'executions',
        id: input.id,
        userId,
        existing: (id) => fillRows.byId(id),
        create: () =>
          db.transaction(async (tx) => {
            await fillRows.assertOwnAccount(tx, userId, input.accountId);
            const at = now();
            const id = input.id ?? uuidv7(at.getTime());
            const createdAt = (await madeAt(tx, userId, input.createdAt, at)).toISOString();
            const fill = newExecution(input, { id, createdAt });
            await fillRows.insertManual(tx, userId, fill);
            await freezePlanLinks(tx, userId, at);
            return fillRows.byId(id, tx);
          }),
      }),

    /** Manual and statement fills; a trade that now opens on a later fill has a new key, decided now too. */
    async deleteFill(userId: string, id: string): Promise<void> {
      const at = now();
      await deleteWithTombstone(db, 'executions', userId, id, at, messages.executionNotFound, async (tx) => {
        if (!(await fillRows.deleteOwn(tx, userId, id))) return false;
        await freezePlanLinks(tx, userId, at);
        return true;
      });
    },

    /**
     * The broker's new fills and the plan links of their trades, in one transaction; answers how
     * many were new. Done plans are decided even when nothing is new: a journal kept before plans
     * were marked done gets them at its first import.
     */
    storeBrokerFills: (
      userId: string,
      rows: (typeof executions.$inferInsert)[],
      protectiveStops: ReadonlyMap<string, number>,
      at: Date,
    ): Promise<number> =>
      db.transaction(async (tx) => {
        const inserted = await fillRows.insertBroker(tx, userId, rows);
        await freezePlanLinks(tx, userId, at, protectiveStops);
        return inserted;
      }),

    /**
     * A statement's fills and the plan links of their trades, in one transaction (docs/product.md,
     * "Importing statements"); answers the ids added, none of those already held.
     */
    storeStatementFills: (userId: string, fills: readonly Execution[], at: Date): Promise<string[]> =>
      db.transaction(async (tx) => {
        const added = await fillRows.insertStatement(tx, userId, fills);
        if (added.length > 0) await freezePlanLinks(tx, userId, at);
        return added;
      }),

    /**
     * Links or unlinks a plan, sets the stop and the notes, under the trade's key. The plan must be
     * the trader's and for the trade's symbol, and is held until the link is written; the plans
     * the new link leaves done, or done no more, are marked in the same transaction.
     */
    annotate: (userId: string, id: string, update: TradeUpdate, accounts: AccountName[]): Promise<Trade> =>
      db.transaction(async (tx) => {
        const sources = await heldSourcesOf(tx, userId);
        const trades = buildTrades({ ...sources, accounts, now: now() });
        const trade = trades.find((t) => t.id === id);
        if (!trade) throw notFound(messages.tradeNotFound);
        const plans = [...sources.plans];
        if (update.planId !== null) {
          const notTheirs = () => invalid([{ field: 'planId', message: messages.planNotFound }]);
          const plan = await lockOwnPlan(tx, userId, update.planId, notTheirs);
          if (plan.stock !== trade.symbol)
            throw invalid([{ field: 'planId', message: messages.tradePlanOtherSymbol }]);
          // A short trade goes with a short plan, a long one with a long plan (docs/product.md, "Trades").
          if (plan.direction !== trade.direction)
            throw invalid([
              { field: 'planId', message: messages.tradePlanOtherDirection(trade.direction, plan.direction) },
            ]);
          if (!plans.some((p) => p.id === plan.id)) plans.push(toPlanRecord(plan));
        }
        // Fields left out of the call are kept when the annotation says so (tags, mistakes: docs/product.md, "Trades").
        await annotationRows.save(userId, { key: trade.key, ...attachedAfter(trade, update) }, now(), tx);
        const updated = applyTradeUpdate(trade, update);
        await markDone(
          tx,
          userId,
          doneChanges(
            plans,
            trades.map((t) => (t.id === id ? updated : t)),
          ),
        );
        return updated;
      }),
  };
}

export type TradeBook = ReturnType<typeof createTradeBook>;
