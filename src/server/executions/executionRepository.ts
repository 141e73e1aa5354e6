import { and, eq } from 'drizzle-orm';
import { messages } from '../../domain/messages.ts';
import { newExecution } from '../../domain/trades.ts';
import type { Execution, ExecutionInput } from '../../domain/types.ts';
import type { Database } from '../db/database.ts';
import { idempotentCreate } from '../db/idempotentCreate.ts';
import { accountSettings, executions } from '../db/schema.ts';
import { deleteWithTombstone } from '../db/tombstones.ts';
import { uuidv7 } from '../db/uuidv7.ts';
import { conflict, invalid } from '../refusals.ts';
import { executionsOf, freezePlanLinks, toExecution } from '../trades/tradeInputs.ts';

type ExecutionRow = typeof executions.$inferSelect;
type NewExecutionRow = typeof executions.$inferInsert;

function toRow(userId: string, e: Execution): NewExecutionRow {
  return {
    id: e.id,
    userId,
    accountId: e.accountId,
    symbol: e.symbol,
    side: e.side,
    quantity: e.quantity,
    price: e.price,
    fees: e.fees,
    executedAt: new Date(e.executedAt),
    source: e.source,
    brokerExecutionId: e.brokerExecutionId,
    positionEffect: e.positionEffect,
    createdAt: new Date(e.createdAt),
  };
}

export function createExecutionRepository(db: Database, now: () => Date) {
  const ofUser = (userId: string, id: string) => and(eq(executions.id, id), eq(executions.userId, userId));

  async function assertOwnAccount(q: Database, userId: string, accountId: string): Promise<void> {
    const rows = await q
      .select({ id: accountSettings.id })
      .from(accountSettings)
      .where(and(eq(accountSettings.id, accountId), eq(accountSettings.userId, userId)));
    if (!rows[0]) throw invalid([{ field: 'accountId', message: messages.accountNotFound }]);
  }

  async function one(q: Database, id: string): Promise<Execution> {
    return toExecution((await q.select().from(executions).where(eq(executions.id, id)))[0] as ExecutionRow);
  }

  return {
    list: (userId: string): Promise<Execution[]> => executionsOf(db, userId),

    /** A manual fill; its trade's plan link is decided in the same transaction. */
    async create(userId: string, input: ExecutionInput): Promise<{ execution: Execution; created: boolean }> {
      const { value, created } = await idempotentCreate({
        db,
        collection: 'executions',
        id: input.id,
        userId,
        ownerOf: async (id) =>
          (await db.select({ userId: executions.userId }).from(executions).where(eq(executions.id, id)))[0]
            ?.userId,
        existing: (id) => one(db, id),
        create: () =>
          db.transaction(async (tx) => {
            await assertOwnAccount(tx, userId, input.accountId);
            const at = now();
            const execution = newExecution(input, {
              id: input.id ?? uuidv7(at.getTime()),
              createdAt: at.toISOString(),
            });
            await tx.insert(executions).values(toRow(userId, execution));
            await freezePlanLinks(tx, userId, at);
            return one(tx, execution.id);
          }),
      });
      return { execution: value, created };
    },

    /** Manual fills only: a broker fill is the broker's record of what was traded. */
    async remove(userId: string, id: string): Promise<void> {
      const at = now();
      await deleteWithTombstone(db, {
        collection: 'executions',
        userId,
        id,
        at,
        notFoundMessage: messages.executionNotFound,
        remove: async (tx) => {
          const rows = await tx
            .select({ source: executions.source })
            .from(executions)
            .where(ofUser(userId, id))
            .for('update');
          if (!rows[0]) return false;
          if (rows[0].source === 'broker') throw conflict(messages.brokerExecutionNotDeletable);
          await tx.delete(executions).where(ofUser(userId, id));
          // A trade that now opens on a later fill has a new key: its link is decided now too.
          await freezePlanLinks(tx, userId, at);
          return true;
        },
      });
    },
  };
}

export type ExecutionRepository = ReturnType<typeof createExecutionRepository>;
