// The rows of `executions`: the trader's fills, manual or imported (docs/product.md, "Trades").
// The repository's writes take the caller's transaction (the trade book's, which freezes plan
// links in it); the exported reads take any handle, as the kept trades read (keptTrades.ts).
import { desc, eq, sql } from 'drizzle-orm';
import { JOURNAL_LIMITS } from '../../domain/constants.ts';
import { kindOf } from '../../domain/executions.ts';
import { messages } from '../../domain/messages.ts';
import type { Execution } from '../../domain/types.ts';
import { isOwnAccount } from '../accounts/accountRepository.ts';
import { inChunks, insertNewInChunks } from '../db/chunks.ts';
import type { Database, Transaction } from '../db/database.ts';
import { assertRoom, assertWithinLimit, countOf, holdJournal } from '../db/journalLimits.ts';
import { ownedBy, ownedWhere, ownRows, rowsChangedSince } from '../db/owned.ts';
import { recordFrom, rowFrom } from '../db/rows.ts';
import { executions } from '../db/schema.ts';
import { clearTombstones } from '../db/tombstones.ts';
import { conflict, invalid } from '../refusals.ts';

type FillRow = typeof executions.$inferSelect;

const fillOf: (row: FillRow) => Execution = recordFrom(executions);
/**
 * The fill a row holds: the API's, the sync's, the trade book's and the backup's (fillBackup.ts).
 * A stock's fill carries no `option` (src/domain/executions.ts).
 */
export function toFill(row: FillRow): Execution {
  const { option, ...fill } = fillOf(row);
  return option ? { ...fill, option } : fill;
}
const toRow = rowFrom(executions);
/** The row a fill is stored as, owned by the trader; one that names no kind is a fill, no contract a stock. */
export const fillRow = (userId: string, fill: Execution): typeof executions.$inferInsert =>
  toRow(userId, { ...fill, kind: kindOf(fill), option: fill.option ?? null });

/** The trader's fills, newest first. */
export async function fillsOf(q: Database, userId: string): Promise<Execution[]> {
  const rows = await ownRows(q, executions, userId, {
    order: [desc(executions.executedAt), desc(executions.id)],
  });
  return rows.map(toFill);
}

/** The fills written since a sync cursor (db/changeStamps.ts). */
export async function fillsChangedSince(q: Database, userId: string, since: string): Promise<Execution[]> {
  return (await rowsChangedSince(q, executions, userId, since)).map(toFill);
}

export function createFillRepository(db: Database) {
  return {
    /** The trader's fills, newest first. */
    list: (userId: string): Promise<Execution[]> => fillsOf(db, userId),
    changedSince: (userId: string, since: string): Promise<Execution[]> =>
      fillsChangedSince(db, userId, since),

    async byId(id: string, q: Database = db): Promise<Execution> {
      return toFill((await q.select().from(executions).where(eq(executions.id, id)))[0]!);
    },

    /** The fills of one of the trader's accounts, as a statement import compares with them. */
    async ofAccount(userId: string, accountId: string): Promise<Execution[]> {
      const rows = await ownRows(db, executions, userId, { where: eq(executions.accountId, accountId) });
      return rows.map(toFill);
    },

    /** A fill is recorded only in one of the trader's own accounts. */
    async assertOwnAccount(tx: Transaction, userId: string, accountId: string): Promise<void> {
      if (!(await isOwnAccount(tx, userId, accountId)))
        throw invalid([{ field: 'accountId', message: messages.accountNotFound }]);
    },

    /** A manual fill, in a journal with room for it. */
    async insertManual(tx: Transaction, userId: string, fill: Execution): Promise<void> {
      await holdJournal(tx, userId);
      await assertRoom(tx, userId, 'executions');
      await tx.insert(executions).values(fillRow(userId, fill));
    },

    /**
     * Deletes one of the trader's fills, manual or a statement's; false when they have no such
     * fill. A broker fill is the broker's record of what was traded: refused. The row is locked
     * while this is checked.
     */
    async deleteOwn(tx: Transaction, userId: string, id: string): Promise<boolean> {
      // The trader first: the trades this delete changes get their annotations (db/journalLimits.ts).
      await holdJournal(tx, userId);
      const rows = await tx
        .select({ source: executions.source })
        .from(executions)
        .where(ownedBy(executions, userId, id))
        .for('update');
      if (!rows[0]) return false;
      if (rows[0].source === 'broker') throw conflict(messages.brokerExecutionNotDeletable);
      await tx.delete(executions).where(ownedBy(executions, userId, id));
      return true;
    },

    /**
     * Inserts the broker's fills, a chunk at a time; a fill already held (same account, same broker
     * id) is skipped by the unique index, so importing twice stores nothing the second time. Answers
     * how many were new.
     */
    async insertBroker(
      tx: Transaction,
      userId: string,
      rows: (typeof executions.$inferInsert)[],
    ): Promise<number> {
      await holdJournal(tx, userId);
      const written = await inChunks(rows, (chunk) =>
        tx
          .insert(executions)
          .values(chunk)
          .onConflictDoNothing({
            target: [executions.accountId, executions.brokerExecutionId],
            where: sql`${executions.brokerExecutionId} is not null`,
          })
          .returning({ id: executions.id }),
      );
      // Past the journal's limit, none of them is kept (the caller's transaction undoes the insert).
      if (written.length > 0) await assertWithinLimit(tx, userId, 'executions');
      return written.length;
    },

    /**
     * Inserts a statement's fills; one already held (its id, or the account's identity) is
     * skipped, so two imports of one file at once add each fill once. Past the journal's limit the
     * whole is refused, undone with the caller's transaction. Answers the ids added.
     */
    async insertStatement(tx: Transaction, userId: string, fills: readonly Execution[]): Promise<string[]> {
      await holdJournal(tx, userId);
      const rows = fills.map((fill) => fillRow(userId, fill));
      const ids = (await insertNewInChunks(tx, executions, rows, 'id')) as string[];
      const held = await countOf(tx, userId, 'executions');
      if (held > JOURNAL_LIMITS.executions) throw conflict(messages.journalWouldOverflow('executions', held));
      // A fill the trader deleted and imported again is theirs again: a replayed create of it is too.
      await clearTombstones(tx, userId, 'executions', ids);
      return ids;
    },

    /** When the account's (or any account's) newest broker fill was executed; undefined before the first import. */
    async newestBroker(userId: string, accountId?: string): Promise<Date | undefined> {
      const rows = await db
        .select({ executedAt: executions.executedAt })
        .from(executions)
        .where(
          ownedWhere(
            executions,
            userId,
            eq(executions.source, 'broker'),
            accountId ? eq(executions.accountId, accountId) : undefined,
          ),
        )
        .orderBy(desc(executions.executedAt))
        .limit(1);
      return rows[0]?.executedAt;
    },
  };
}

export type FillRepository = ReturnType<typeof createFillRepository>;
