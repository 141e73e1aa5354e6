import { and, eq, inArray, ne } from 'drizzle-orm';
import { messages } from '../../domain/messages.ts';
import { computePositionSizes } from '../../domain/positionSize.ts';
import { canEditPlan, checkTransition, isActiveStatus, newDraftPlan } from '../../domain/tradePlans.ts';
import type {
  Account,
  EdgeRef,
  TradePlanDto,
  TradePlanInput,
  TradePlanStatus,
  TradePlanUpdate,
} from '../../domain/types.ts';
import type { Database } from '../db/database.ts';
import { idempotentCreate } from '../db/idempotentCreate.ts';
import { edges, tradePlanEdges, tradePlans, tradeSetups } from '../db/schema.ts';
import { deleteWithTombstone } from '../db/tombstones.ts';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.ts';
import { uuidv7 } from '../ids.ts';

type PlanRow = typeof tradePlans.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export function createPlanRepository(db: Database, now: () => Date) {
  async function edgesOf(planIds: string[]): Promise<Map<string, EdgeRef[]>> {
    const byPlan = new Map<string, EdgeRef[]>(planIds.map((id) => [id, []]));
    if (planIds.length === 0) return byPlan;
    const rows = await db
      .select({
        planId: tradePlanEdges.planId,
        id: edges.id,
        name: edges.name,
        weightFactor: edges.weightFactor,
      })
      .from(tradePlanEdges)
      .innerJoin(edges, eq(edges.id, tradePlanEdges.edgeId))
      .where(inArray(tradePlanEdges.planId, planIds))
      .orderBy(edges.name);
    for (const { planId, ...edge } of rows) byPlan.get(planId)?.push(edge);
    return byPlan;
  }

  function toDto(row: PlanRow, planEdges: EdgeRef[], accounts: Account[]): TradePlanDto {
    return {
      id: row.id,
      stock: row.stock,
      entryPrice: row.entryPrice,
      stopLossPrice: row.stopLossPrice,
      probabilityOfSuccess: row.probabilityOfSuccess,
      status: row.status as TradePlanStatus,
      scanId: row.scanId,
      tradeSetupId: row.tradeSetupId,
      edges: planEdges,
      positionSizes: computePositionSizes(accounts, row),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function toDtos(rows: PlanRow[], accounts: Account[]): Promise<TradePlanDto[]> {
    const byPlan = await edgesOf(rows.map((r) => r.id));
    return rows.map((r) => toDto(r, byPlan.get(r.id) ?? [], accounts));
  }

  async function findRow(userId: string, id: string): Promise<PlanRow> {
    const rows = await db
      .select()
      .from(tradePlans)
      .where(and(eq(tradePlans.id, id), eq(tradePlans.userId, userId)));
    if (!rows[0]) throw notFound(messages.planNotFound);
    return rows[0];
  }

  async function assertNoOtherActivePlan(userId: string, stock: string, exceptId?: string) {
    const rows = await db
      .select({ id: tradePlans.id })
      .from(tradePlans)
      .where(
        and(
          eq(tradePlans.userId, userId),
          eq(tradePlans.stock, stock),
          inArray(tradePlans.status, ['Ready', 'Hold']),
          exceptId ? ne(tradePlans.id, exceptId) : undefined,
        ),
      );
    if (rows.length > 0) throw conflict(messages.activePlanExists, 'stock');
  }

  /** Setups and edges cited by a plan must be the user's own (and edges active). */
  async function assertReferences(
    userId: string,
    input: { tradeSetupId?: string | null; edgeIds?: string[] },
  ) {
    if (input.tradeSetupId) {
      const rows = await db
        .select({ id: tradeSetups.id })
        .from(tradeSetups)
        .where(and(eq(tradeSetups.id, input.tradeSetupId), eq(tradeSetups.userId, userId)));
      if (rows.length === 0) throw badRequest([{ field: 'tradeSetupId', message: messages.setupNotFound }]);
    }
    if (input.edgeIds && input.edgeIds.length > 0) {
      const rows = await db
        .select({ id: edges.id })
        .from(edges)
        .where(and(inArray(edges.id, input.edgeIds), eq(edges.userId, userId), eq(edges.isActive, true)));
      if (rows.length !== input.edgeIds.length)
        throw badRequest([{ field: 'edgeIds', message: messages.edgeNotFound }]);
    }
  }

  async function replaceEdges(tx: Tx, planId: string, edgeIds: string[]) {
    await tx.delete(tradePlanEdges).where(eq(tradePlanEdges.planId, planId));
    if (edgeIds.length > 0)
      await tx.insert(tradePlanEdges).values(edgeIds.map((edgeId) => ({ planId, edgeId })));
  }

  async function one(userId: string, id: string, accounts: Account[]): Promise<TradePlanDto> {
    return (await toDtos([await findRow(userId, id)], accounts))[0] as TradePlanDto;
  }

  return {
    async list(userId: string, accounts: Account[]): Promise<TradePlanDto[]> {
      const rows = await db
        .select()
        .from(tradePlans)
        .where(eq(tradePlans.userId, userId))
        .orderBy(tradePlans.stock, tradePlans.createdAt);
      return toDtos(rows, accounts);
    },

    get: one,

    async create(
      userId: string,
      input: TradePlanInput,
      accounts: Account[],
    ): Promise<{ plan: TradePlanDto; created: boolean }> {
      const { value, created } = await idempotentCreate({
        db,
        collection: 'tradePlans',
        id: input.id,
        userId,
        ownerOf: async (id) =>
          (await db.select({ userId: tradePlans.userId }).from(tradePlans).where(eq(tradePlans.id, id)))[0]
            ?.userId,
        existing: (id) => one(userId, id, accounts),
        create: async () => {
          await assertNoOtherActivePlan(userId, input.stock);
          await assertReferences(userId, input);
          const at = now();
          const id = input.id ?? uuidv7(at.getTime());
          await db.transaction(async (tx) => {
            const { edgeIds, ...plan } = newDraftPlan(input);
            await tx.insert(tradePlans).values({ id, userId, ...plan, createdAt: at, updatedAt: at });
            await replaceEdges(tx, id, edgeIds);
          });
          return one(userId, id, accounts);
        },
      });
      return { plan: value, created };
    },

    async findForUpdate(userId: string, id: string): Promise<PlanRow> {
      const row = await findRow(userId, id);
      if (!canEditPlan(row.status as TradePlanStatus)) throw conflict(messages.planDiscarded);
      return row;
    },

    async update(
      userId: string,
      row: PlanRow,
      update: TradePlanUpdate,
      accounts: Account[],
    ): Promise<TradePlanDto> {
      if (update.stock && update.stock !== row.stock && isActiveStatus(row.status as TradePlanStatus)) {
        await assertNoOtherActivePlan(userId, update.stock, row.id);
      }
      await assertReferences(userId, update);
      const { edgeIds, ...fields } = update;
      await db.transaction(async (tx) => {
        await tx
          .update(tradePlans)
          .set({ ...fields, updatedAt: now() })
          .where(and(eq(tradePlans.id, row.id), eq(tradePlans.userId, userId)));
        if (edgeIds) await replaceEdges(tx, row.id, edgeIds);
      });
      return one(userId, row.id, accounts);
    },

    async changeStatus(
      userId: string,
      id: string,
      to: TradePlanStatus,
      accounts: Account[],
    ): Promise<TradePlanDto> {
      const row = await findRow(userId, id);
      const check = checkTransition(row.status as TradePlanStatus, to);
      if (!check.ok) throw new HttpError(409, check.message, [{ field: 'status', message: check.message }]);
      if (isActiveStatus(to)) await assertNoOtherActivePlan(userId, row.stock, row.id);
      await db
        .update(tradePlans)
        .set({ status: to, updatedAt: now() })
        .where(and(eq(tradePlans.id, id), eq(tradePlans.userId, userId)));
      return one(userId, id, accounts);
    },

    async remove(userId: string, id: string): Promise<void> {
      await deleteWithTombstone(db, {
        collection: 'tradePlans',
        userId,
        id,
        at: now(),
        notFoundMessage: messages.planNotFound,
        remove: async (tx) =>
          (
            await tx
              .delete(tradePlans)
              .where(and(eq(tradePlans.id, id), eq(tradePlans.userId, userId)))
              .returning({ id: tradePlans.id })
          ).length > 0,
      });
    },
  };
}

export type PlanRepository = ReturnType<typeof createPlanRepository>;
