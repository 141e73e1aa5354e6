// Every record belongs to one trader (docs/product.md, "Sign-in and sessions"): the queries
// that find a row by its id and its owner, shared by every repository.
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { creationTime } from '../../domain/validation.ts';
import { notFound, type Refusal } from '../refusals.ts';
import { changedSince } from './changeStamps.ts';
import { inPages } from './chunks.ts';
import type { Database } from './database.ts';
import { users } from './schema.ts';
import { uuidv7 } from './uuidv7.ts';

/** A table whose rows each belong to one trader. */
export type OwnedTable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn };

/** Matches the trader's rows that meet every condition given too (an undefined one is none). */
export const ownedWhere = (
  table: PgTable & { userId: AnyPgColumn },
  userId: string,
  ...also: (SQL | undefined)[]
): SQL => and(eq(table.userId, userId), ...also) as SQL;

/** The row with this id, if it is the trader's. */
export const ownedBy = (table: OwnedTable, userId: string, id: string): SQL =>
  ownedWhere(table, userId, eq(table.id, id));

/** Matches the trader's rows written since a sync cursor (db/changeStamps.ts). */
export const changedFor = (
  table: PgTable & { userId: AnyPgColumn; changedXid: AnyPgColumn },
  userId: string,
  since: string,
): SQL => ownedWhere(table, userId, changedSince(table.changedXid, since));

/**
 * The trader's rows that meet `where`, read a page at a time (db/chunks.ts `inPages`), in `order`
 * (ending with a unique column; the id when left out).
 */
export function ownRows<T extends OwnedTable>(
  q: Database,
  table: T,
  userId: string,
  { where, order = [table.id] }: { where?: SQL; order?: (AnyPgColumn | SQL)[] } = {},
): Promise<T['$inferSelect'][]> {
  return inPages(q, { table, key: 'id', where: ownedWhere(table, userId, where), order });
}

/** Whose the first row matching `where` is, whoever it is; undefined when none matches. */
export async function ownerWhere(
  q: Database,
  table: PgTable & { userId: AnyPgColumn },
  where: SQL | undefined,
): Promise<string | undefined> {
  const rows = await q
    .select({ userId: table.userId })
    .from(table as PgTable)
    .where(where)
    .limit(1);
  return rows[0]?.userId as string | undefined;
}

/** Who holds a row with this id, whoever it is; undefined when none does. */
export const ownerOf = (q: Database, table: OwnedTable, id: string) => ownerWhere(q, table, eq(table.id, id));

/**
 * The trader's row with this id, or a 404 with `missing` (or the refusal it makes): another
 * trader's is never told apart from none. With `lock`, the row is held until the transaction `q`
 * ends, so a check made on it still holds when the write comes.
 */
export async function ownRow<T extends OwnedTable>(
  q: Database,
  table: T,
  userId: string,
  id: string,
  missing: string | (() => Refusal),
  lock?: 'update' | 'share',
): Promise<T['$inferSelect']> {
  const query = q
    .select()
    .from(table as PgTable)
    .where(ownedBy(table, userId, id));
  const rows = lock ? await query.for(lock) : await query;
  if (!rows[0]) throw typeof missing === 'string' ? notFound(missing) : missing();
  return rows[0] as T['$inferSelect'];
}

/** The trader's rows written since a sync cursor (db/changeStamps.ts). */
export function rowsChangedSince<T extends PgTable & { userId: AnyPgColumn; changedXid: AnyPgColumn }>(
  q: Database,
  table: T,
  userId: string,
  since: string,
): Promise<T['$inferSelect'][]> {
  return q
    .select()
    .from(table as PgTable)
    .where(changedFor(table, userId, since)) as Promise<T['$inferSelect'][]>;
}

/** A new record's own fields: what the table holds but its id, its owner and its times. */
type NewFields<T extends OwnedTable> = Omit<T['$inferInsert'], 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/** What a create made on a device says of itself (the domain's `clientId`): its id and when it was made. */
export interface ClientMade {
  id?: string | undefined;
  createdAt?: string | undefined;
}

/**
 * When the trader's new record was made: the device's time when plausible (the domain's
 * `creationTime`: not in the future beyond the clock skew, not before the trader's first sign-in),
 * else `at`, the server's.
 */
export async function madeAt(
  q: Database,
  userId: string,
  claimed: string | undefined,
  at: Date,
): Promise<Date> {
  if (claimed === undefined) return at;
  const rows = await q.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  return rows[0] ? creationTime(claimed, at, rows[0].createdAt) : at;
}

/**
 * Inserts the trader's new record under the client's id or a new one, made when the client says
 * (`madeAt`) or `at`; answers its row.
 */
export async function insertRecord<T extends OwnedTable>(
  q: Database,
  table: T,
  userId: string,
  made: ClientMade,
  fields: NewFields<T>,
  at: Date,
): Promise<T['$inferSelect']> {
  const createdAt = await madeAt(q, userId, made.createdAt, at);
  const id = made.id ?? uuidv7(at.getTime());
  const row = { ...fields, id, userId, createdAt, updatedAt: createdAt };
  return (
    await q
      .insert(table)
      .values(row as T['$inferInsert'])
      .returning()
  )[0] as T['$inferSelect'];
}

/**
 * Writes the trader's changes to their record, made `at`, and answers its row; a client-made id
 * and creation time are for creates only.
 */
export async function updateRecord<T extends OwnedTable>(
  q: Database,
  table: T,
  userId: string,
  id: string,
  changes: Partial<NewFields<T>> & ClientMade,
  at: Date,
): Promise<T['$inferSelect']> {
  const { id: _id, createdAt: _made, ...fields } = changes;
  const rows = await q
    .update(table)
    .set({ ...fields, updatedAt: at } as Partial<T['$inferInsert']>)
    .where(ownedBy(table, userId, id))
    .returning();
  return (rows as T['$inferSelect'][])[0]!;
}
