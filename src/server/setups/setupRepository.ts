import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { messages } from '../../domain/messages.ts';
import { newSetup, type SetupScore, setupSuccessScore } from '../../domain/setups.ts';
import { isCountedTrade } from '../../domain/stats.ts';
import type { Trade, TradeSetup, TradeSetupInput } from '../../domain/types.ts';
import type { Database } from '../db/database.ts';
import { idempotentCreate } from '../db/idempotentCreate.ts';
import { tradePlans, tradeSetups } from '../db/schema.ts';
import { deleteWithTombstone } from '../db/tombstones.ts';
import { uuidv7 } from '../db/uuidv7.ts';
import { conflict, notFound } from '../refusals.ts';
import { tradesOf } from '../trades/tradeBook.ts';

type SetupRow = typeof tradeSetups.$inferSelect;

const toSetup = (r: SetupRow, score: SetupScore): TradeSetup => ({
  id: r.id,
  name: r.name,
  description: r.description,
  ...score,
  entryCriteria: r.entryCriteria,
  exitCriteria: r.exitCriteria,
  notes: r.notes,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export function createSetupRepository(db: Database, now: () => Date) {
  const scoredPlans = {
    id: tradePlans.id,
    tradeSetupId: tradePlans.tradeSetupId,
    status: tradePlans.status,
    probabilityOfSuccess: tradePlans.probabilityOfSuccess,
  };

  /** Names play no part in a score, so the broker is not asked for them. */
  const countedTradesOf = async (userId: string): Promise<Trade[]> =>
    (await tradesOf(db, userId, [])).filter(isCountedTrade);

  async function findRow(userId: string, id: string): Promise<SetupRow> {
    const rows = await db
      .select()
      .from(tradeSetups)
      .where(and(eq(tradeSetups.id, id), eq(tradeSetups.userId, userId)));
    if (!rows[0]) throw notFound(messages.setupNotFound);
    return rows[0];
  }

  /** One setup with its score (docs/product.md, "Edges and setups"). */
  async function withScore(userId: string, row: SetupRow): Promise<TradeSetup> {
    const [plans, trades] = await Promise.all([
      db
        .select(scoredPlans)
        .from(tradePlans)
        .where(and(eq(tradePlans.userId, userId), eq(tradePlans.tradeSetupId, row.id))),
      countedTradesOf(userId),
    ]);
    return toSetup(row, setupSuccessScore(plans, trades));
  }

  async function assertNameFree(q: Database, userId: string, name: string, exceptId?: string) {
    const clash = await q
      .select({ id: tradeSetups.id })
      .from(tradeSetups)
      .where(
        and(
          eq(tradeSetups.userId, userId),
          sql`lower(${tradeSetups.name}) = lower(${name})`,
          exceptId ? ne(tradeSetups.id, exceptId) : undefined,
        ),
      );
    if (clash.length > 0) throw conflict(messages.setupNameTaken, 'name');
  }

  const fields = (input: TradeSetupInput) => ({
    name: input.name,
    description: input.description,
    entryCriteria: input.entryCriteria,
    exitCriteria: input.exitCriteria,
    notes: input.notes,
  });

  return {
    /** Every setup with its score, from one read of the plans and one build of the trades. */
    async list(userId: string): Promise<TradeSetup[]> {
      const [rows, plans, trades] = await Promise.all([
        db
          .select()
          .from(tradeSetups)
          .where(eq(tradeSetups.userId, userId))
          .orderBy(sql`lower(${tradeSetups.name})`),
        db
          .select(scoredPlans)
          .from(tradePlans)
          .where(and(eq(tradePlans.userId, userId), isNotNull(tradePlans.tradeSetupId))),
        countedTradesOf(userId),
      ]);
      const plansOf = new Map<string, typeof plans>();
      for (const p of plans) {
        const setupId = p.tradeSetupId as string;
        const own = plansOf.get(setupId);
        if (own) own.push(p);
        else plansOf.set(setupId, [p]);
      }
      return rows.map((r) => toSetup(r, setupSuccessScore(plansOf.get(r.id) ?? [], trades)));
    },

    async get(userId: string, id: string): Promise<TradeSetup> {
      return withScore(userId, await findRow(userId, id));
    },

    /** True when the user owns a setup with this id. */
    async exists(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: tradeSetups.id })
        .from(tradeSetups)
        .where(and(eq(tradeSetups.id, id), eq(tradeSetups.userId, userId)));
      return rows.length > 0;
    },

    async create(userId: string, input: TradeSetupInput): Promise<{ setup: TradeSetup; created: boolean }> {
      const { value, created } = await idempotentCreate({
        db,
        collection: 'tradeSetups',
        id: input.id,
        userId,
        ownerOf: async (id) =>
          (await db.select({ userId: tradeSetups.userId }).from(tradeSetups).where(eq(tradeSetups.id, id)))[0]
            ?.userId,
        existing: async (id) => withScore(userId, await findRow(userId, id)),
        create: async () => {
          await assertNameFree(db, userId, input.name);
          const at = now();
          const { successScore, successScoreBasis, successScoreTrades, ...setup } = newSetup(input);
          const rows = await db
            .insert(tradeSetups)
            .values({ id: input.id ?? uuidv7(at.getTime()), userId, ...setup, createdAt: at, updatedAt: at })
            .returning();
          // No plan cites a setup yet: it scores as newSetup says.
          return toSetup(rows[0] as SetupRow, { successScore, successScoreBasis, successScoreTrades });
        },
      });
      return { setup: value, created };
    },

    /** Locks the setup while writing it: a delete at the same time comes before or after, never between. */
    async update(userId: string, id: string, input: TradeSetupInput): Promise<TradeSetup> {
      const row = await db.transaction(async (tx) => {
        const ofUser = and(eq(tradeSetups.id, id), eq(tradeSetups.userId, userId));
        const locked = await tx.select({ id: tradeSetups.id }).from(tradeSetups).where(ofUser).for('update');
        if (!locked[0]) throw notFound(messages.setupNotFound);
        await assertNameFree(tx, userId, input.name, id);
        const rows = await tx
          .update(tradeSetups)
          .set({ ...fields(input), updatedAt: now() })
          .where(ofUser)
          .returning();
        return rows[0] as SetupRow;
      });
      return withScore(userId, row);
    },

    /** Removes the setup; plans that cited it keep no setup (the foreign key sets null). */
    async remove(userId: string, id: string): Promise<void> {
      await deleteWithTombstone(db, {
        collection: 'tradeSetups',
        userId,
        id,
        at: now(),
        notFoundMessage: messages.setupNotFound,
        remove: async (tx) =>
          (
            await tx
              .delete(tradeSetups)
              .where(and(eq(tradeSetups.id, id), eq(tradeSetups.userId, userId)))
              .returning({ id: tradeSetups.id })
          ).length > 0,
      });
    },
  };
}

export type SetupRepository = ReturnType<typeof createSetupRepository>;
