// Every record belongs to one trader (docs/product.md, "Authentication and session"): the queries
// that find a row by its id and its owner, shared by every repository.
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notFound } from '../refusals.ts';
import { changedSince } from './changeStamps.ts';
import type { Database } from './database.ts';

/** A table whose rows each belong to one trader. */
export type OwnedTable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn };

/** The row with this id, if it is the trader's. */
export const ownedBy = (table: OwnedTable, userId: string, id: string): SQL =>
  and(eq(table.id, id), eq(table.userId, userId)) as SQL;

/** The trader's rows written since a sync cursor (db/changeStamps.ts). */
export const changedFor = (
  table: PgTable & { userId: AnyPgColumn; changedXid: AnyPgColumn },
  userId: string,
  since: string,
): SQL => and(eq(table.userId, userId), changedSince(table.changedXid, since)) as SQL;

/** Who holds a row with this id, whoever it is; undefined when none does. */
export async function ownerOf(q: Database, table: OwnedTable, id: string): Promise<string | undefined> {
  const rows = await q
    .select({ userId: table.userId })
    .from(table as PgTable)
    .where(eq(table.id, id));
  return rows[0]?.userId as string | undefined;
}

/**
 * The trader's row with this id, or a 404 with `message`: another trader's is never told apart
 * from none. With `lock`, the row is held until the transaction `q` ends, so a check made on it
 * still holds when the write comes.
 */
export async function ownRow<T extends OwnedTable>(
  q: Database,
  table: T,
  userId: string,
  id: string,
  message: string,
  lock?: 'update' | 'share',
): Promise<T['$inferSelect']> {
  const query = q
    .select()
    .from(table as PgTable)
    .where(ownedBy(table, userId, id));
  const rows = lock ? await query.for(lock) : await query;
  if (!rows[0]) throw notFound(message);
  return rows[0] as T['$inferSelect'];
}
