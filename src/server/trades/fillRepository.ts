import { and, eq, sql } from 'drizzle-orm';
import { type ImportableFill, importableFill, importStart, newExecution } from '../../domain/executions.ts';
import { messages } from '../../domain/messages.ts';
import type { Execution, ExecutionInput, ImportResult } from '../../domain/types.ts';
import type { BrokerExecutionPage } from '../brokers/broker.ts';
import { changedSince } from '../db/changeStamps.ts';
import type { Database } from '../db/database.ts';
import { idempotentCreate } from '../db/idempotentCreate.ts';
import { accountSettings, executions } from '../db/schema.ts';
import { deleteWithTombstone } from '../db/tombstones.ts';
import { uuidv7 } from '../db/uuidv7.ts';
import { conflict, invalid } from '../refusals.ts';
import { executionsOf, freezePlanLinks, newestBrokerFill, toExecution } from './tradeBook.ts';

type ExecutionRow = typeof executions.$inferSelect;
type NewExecutionRow = typeof executions.$inferInsert;

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters a statement. */
const INSERT_CHUNK = 500;

/** The trader's account as the import needs it: its id here and its hash at the broker. */
export interface ImportAccount {
  id: string;
  accountHash: string;
}

/** The broker's fills of one account since a time (`brokerAccess.executions`). */
export type FetchFills = (accountHash: string, since: Date) => Promise<BrokerExecutionPage>;

const positive = (n: number) => Number.isFinite(n) && n > 0;

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

function brokerRow(userId: string, accountId: string, fill: ImportableFill, at: Date): NewExecutionRow {
  return {
    ...fill,
    id: uuidv7(at.getTime()),
    userId,
    accountId,
    executedAt: new Date(fill.executedAt),
    source: 'broker',
    createdAt: at,
  };
}

export function createFillRepository(db: Database, now: () => Date) {
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

    /** The fills written since a sync cursor (db/changeStamps.ts). */
    async changedSince(userId: string, since: string): Promise<Execution[]> {
      const rows = await db
        .select()
        .from(executions)
        .where(and(eq(executions.userId, userId), changedSince(executions.changedXid, since)));
      return rows.map(toExecution);
    },

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

    /**
     * Imports the broker's fills of each account. The broker is asked outside any transaction;
     * the rows and the plan links of their trades are then written in one. A fill already held
     * (same account, same broker id) is skipped by the unique index, so importing twice imports
     * nothing the second time.
     */
    async importFromBroker(
      userId: string,
      accounts: ImportAccount[],
      fetchFills: FetchFills,
    ): Promise<ImportResult> {
      const at = now();
      const rows: NewExecutionRow[] = [];
      const protectiveStops = new Map<string, number>();
      let skipped = 0;
      for (const account of accounts) {
        const newest = await newestBrokerFill(db, userId, account.id);
        const page = await fetchFills(account.accountHash, importStart(newest, at));
        skipped += page.skipped;
        for (const reported of page.executions) {
          const fill = importableFill(reported);
          if (!fill) {
            skipped++;
            continue;
          }
          const row = brokerRow(userId, account.id, fill, at);
          rows.push(row);
          const stop = reported.protectiveStop;
          if (typeof stop === 'number' && positive(stop)) protectiveStops.set(row.id, stop);
        }
      }
      const imported = await db.transaction(async (tx) => {
        let inserted = 0;
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
          const written = await tx
            .insert(executions)
            .values(rows.slice(i, i + INSERT_CHUNK))
            .onConflictDoNothing({
              target: [executions.accountId, executions.brokerExecutionId],
              where: sql`${executions.brokerExecutionId} is not null`,
            })
            .returning({ id: executions.id });
          inserted += written.length;
        }
        if (inserted > 0) await freezePlanLinks(tx, userId, at, protectiveStops);
        return inserted;
      });
      const latest = await newestBrokerFill(db, userId);
      return {
        imported,
        skipped: skipped + rows.length - imported,
        latestExecutedAt: latest ? latest.toISOString() : null,
      };
    },
  };
}

export type FillRepository = ReturnType<typeof createFillRepository>;
