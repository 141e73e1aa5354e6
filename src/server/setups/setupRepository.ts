// The rows of `trade_setups` (docs/product.md, "Trade setups"): what the trader wrote. The
// success score is derived from plans and trades on every read (setupService.ts), never stored.
// Other folders read setups through the queries at the end.
import { eq, type SQL, sql } from 'drizzle-orm';
import { setupNotesBytes } from '../../domain/journalLimits.ts';
import { messages } from '../../domain/messages.ts';
import { newSetup, type TradeSetupRecord } from '../../domain/setups.ts';
import type { TradeSetupInput } from '../../domain/types.ts';
import { nameKey } from '../../domain/validation.ts';
import type { Database } from '../db/database.ts';
import { idempotentCreate } from '../db/idempotentCreate.ts';
import { assertNotesWithinLimit, assertRoom, holdJournal } from '../db/journalLimits.ts';
import { changedFor, insertRecord, ownedBy, ownRow, updateRecord } from '../db/owned.ts';
import { recordFrom } from '../db/rows.ts';
import { tradeSetups } from '../db/schema.ts';
import { deleteWithTombstone } from '../db/tombstones.ts';
import { conflict } from '../refusals.ts';

/** The setup a row holds, without its score: the backup's record too (setupBackup.ts). */
export const toSetupRecord: (row: typeof tradeSetups.$inferSelect) => TradeSetupRecord =
  recordFrom(tradeSetups);

export function createSetupRepository(db: Database, now: () => Date) {
  /** The name must be free among the trader's other setups (the domain's `nameKey`). */
  async function assertNameFree(q: Database, userId: string, name: string, exceptId?: string) {
    const holder = (await setupNames(q, userId)).get(nameKey(name));
    if (holder !== undefined && holder !== exceptId) throw conflict(messages.setupNameTaken, 'name');
  }

  /**
   * Long playbooks count in the journal's notes budget (docs/product.md, "Journal limits"): after
   * the write, refused on the longer criteria's field when they pass it. Call with the journal held.
   */
  async function assertCriteriaFit(q: Database, userId: string, input: TradeSetupInput) {
    const { entryCriteria = '', exitCriteria = '' } = input;
    if (setupNotesBytes({ entryCriteria, exitCriteria }) === 0) return;
    const field = exitCriteria.length > entryCriteria.length ? 'exitCriteria' : 'entryCriteria';
    await assertNotesWithinLimit(q, userId, field);
  }

  const get = async (userId: string, id: string) =>
    toSetupRecord(await ownRow(db, tradeSetups, userId, id, messages.setupNotFound));

  return {
    get,

    /** The trader's setups by name. */
    async list(userId: string): Promise<TradeSetupRecord[]> {
      const rows = await db
        .select()
        .from(tradeSetups)
        .where(eq(tradeSetups.userId, userId))
        .orderBy(sql`lower(${tradeSetups.name})`);
      return rows.map(toSetupRecord);
    },

    create: (userId: string, input: TradeSetupInput) =>
      idempotentCreate({
        db,
        collection: 'tradeSetups',
        id: input.id,
        userId,
        existing: (id) => get(userId, id),
        create: () =>
          db.transaction(async (tx) => {
            await holdJournal(tx, userId);
            await assertRoom(tx, userId, 'tradeSetups');
            await assertNameFree(tx, userId, input.name);
            const {
              successScore: _s,
              successScoreBasis: _b,
              successScoreTrades: _t,
              ...setup
            } = newSetup(input);
            const row = await insertRecord(tx, tradeSetups, userId, input, setup, now());
            await assertCriteriaFit(tx, userId, input);
            return toSetupRecord(row);
          }),
      }),

    /**
     * Locks the setup while writing it: a delete at the same time comes before or after, never
     * between. The trader first, then the setup: the order every locking write takes (db/journalLimits.ts).
     */
    update: (userId: string, id: string, input: TradeSetupInput): Promise<TradeSetupRecord> =>
      db.transaction(async (tx) => {
        await holdJournal(tx, userId);
        await ownRow(tx, tradeSetups, userId, id, messages.setupNotFound, 'update');
        await assertNameFree(tx, userId, input.name, id);
        const row = await updateRecord(tx, tradeSetups, userId, id, input, now());
        await assertCriteriaFit(tx, userId, input);
        return toSetupRecord(row);
      }),

    /** Removes the setup; plans that cited it keep no setup (the foreign key sets null). */
    remove: (userId: string, id: string) =>
      deleteWithTombstone(db, 'tradeSetups', userId, id, now(), messages.setupNotFound),
  };
}

export type SetupRepository = ReturnType<typeof createSetupRepository>;

/** The names the trader's setups hold (docs/product.md, "Trade setups"), by the domain's `nameKey`, with the setup holding each. */
export async function setupNames(q: Database, userId: string): Promise<Map<string, string>> {
  const rows = await q
    .select({ id: tradeSetups.id, name: tradeSetups.name })
    .from(tradeSetups)
    .where(eq(tradeSetups.userId, userId));
  return new Map(rows.map((row) => [nameKey(row.name), row.id]));
}

/** The trader's setup's checklist, or undefined when `id` is not one of their setups (a plan cites it). */
export async function setupChecklistOf(q: Database, userId: string, id: string) {
  const [setup] = await q
    .select({ entryCriteria: tradeSetups.entryCriteria, checklistRequired: tradeSetups.checklistRequired })
    .from(tradeSetups)
    .where(ownedBy(tradeSetups, userId, id));
  return setup;
}

/** What the stats group by: each setup's name and checklist. */
export const setupsForStats = (q: Database, userId: string) =>
  q
    .select({ id: tradeSetups.id, name: tradeSetups.name, entryCriteria: tradeSetups.entryCriteria })
    .from(tradeSetups)
    .where(eq(tradeSetups.userId, userId));

/** Whether the trader wrote a setup since a cursor: one clause of the sync's probe (sync/syncService.ts). */
export const setupsWrittenSince = (userId: string, since: string): SQL =>
  sql`exists (select 1 from ${tradeSetups} where ${changedFor(tradeSetups, userId, since)})`;
