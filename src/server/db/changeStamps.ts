import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import {
  accountSettings,
  edges,
  executions,
  tombstones,
  tradeAnnotations,
  tradePlans,
  traderSettings,
  tradeSetups,
} from './schema.ts';

/**
 * A sync cursor: the oldest transaction still running (or the next one, when none is). Every row
 * written by a transaction that could commit after this read carries a stamp at or above it, so a
 * row is never missed between two syncs; one committed meanwhile may be sent twice, harmlessly.
 * Read it before the rows it covers. It is the whole PostgreSQL server's: a long transaction that
 * wrote, in any database, holds it back (docs/architecture.md, "The sync protocol").
 */
export async function currentCursor(q: Database): Promise<string> {
  // PGlite and node-postgres both answer `{ rows }`; the shared Database type does not say so.
  const result = (await q.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as cursor`)) as {
    rows: { cursor: string }[];
  };
  return (result.rows[0] as { cursor: string }).cursor;
}

/** The rows a transaction at or after `since` wrote (the `changed_xid` columns, schema.ts). */
export const changedSince = (column: AnyColumn, since: string): SQL => sql`${column} >= ${since}::xid8`;

/** A cursor as the client sends it back: digits only, or not a cursor at all. */
export const isCursor = (value: string | undefined): value is string =>
  value !== undefined && /^\d{1,19}$/.test(value);

/** The tables that hold a trader's journal, each row stamped when written (a delete leaves a stamped tombstone). */
const JOURNAL_TABLES = {
  edges,
  tradeSetups,
  tradePlans,
  executions,
  tradeAnnotations,
  accountSettings,
  traderSettings,
  tombstones,
};

/** A table of the journal, by name: what a caller narrows the probe to. */
export type JournalTable = keyof typeof JOURNAL_TABLES;

/**
 * Whether anything of the trader's was written by a transaction at or after `since` (a cursor read
 * before): one index probe a table. What a reading made after `since` saw is then the journal as
 * it still is: a reading outside a transaction is as good as one inside it. `tables` narrows the
 * probe to the tables a figure is derived from. The same statement answers the cursor now
 * (`currentCursor`): it covers whatever the probe did not see, so a caller that goes on from it
 * needs no read of its own (one round trip, not two, on every read of the kept trades).
 */
export async function journalChangedSince(
  q: Database,
  userId: string,
  since: string,
  tables: readonly JournalTable[] = Object.keys(JOURNAL_TABLES) as JournalTable[],
): Promise<{ changed: boolean; cursor: string }> {
  const probes = tables.map((name) => {
    const t = JOURNAL_TABLES[name];
    return sql`exists (select 1 from ${t} where ${t.userId} = ${userId} and ${changedSince(t.changedXid, since)})`;
  });
  const result = (await q.execute(
    sql`select (${sql.join(probes, sql` or `)}) as changed, pg_snapshot_xmin(pg_current_snapshot())::text as cursor`,
  )) as { rows: { changed: boolean; cursor: string }[] };
  const row = result.rows[0] as { changed: boolean; cursor: string };
  return { changed: row.changed === true, cursor: row.cursor };
}
