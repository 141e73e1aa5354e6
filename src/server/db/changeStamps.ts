import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Database } from './database.ts';

/**
 * A sync cursor: the oldest transaction still running (or the next one, when none is). Every row
 * written by a transaction that could commit after this read carries a stamp at or above it, so a
 * row is never missed between two syncs; one committed meanwhile may be sent twice, harmlessly.
 * Read it before the rows it covers.
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
