// A record and its row hold the same fields under the same names (docs/architecture.md, "The
// server"): one mapping per table, read off the Drizzle schema, so a column added to schema.ts
// reaches the API, the sync and the backup without a line that lists it.
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** The columns the server keeps for itself: never part of a record, never taken from one. */
export const SERVER_COLUMNS = {
  userId: 'whose row it is: always the signed-in trader, never what a record says',
  changedXid: "the sync's change stamp, written by the database itself (db/changeStamps.ts)",
  linkXid: "a plan's stamp of what trades' links read of it, written by the database (db/schema.ts)",
  scoreXid: "a plan's stamp of what setups' scores read of it, written by the database (db/schema.ts)",
} as const;
type ServerColumn = keyof typeof SERVER_COLUMNS;

const isServerColumn = (key: string) => Object.hasOwn(SERVER_COLUMNS, key);

/** The server's own columns that `table` has, with why each is no record's (a backup's `leftOut`). */
export const serverColumnsOf = (table: PgTable): Readonly<Record<string, string>> =>
  Object.fromEntries(Object.entries(SERVER_COLUMNS).filter(([key]) => key in getTableColumns(table)));

/** A row's times as records hold them: ISO 8601 strings. */
type WithIsoTimes<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/** The record a table's row holds. */
export type RecordOf<T extends PgTable> = WithIsoTimes<Omit<T['$inferSelect'], ServerColumn>>;

/**
 * Reads a table's rows as records: every column but the server's own, times as `toISOString`
 * writes them. Declare the result with the domain's record type, `(row) => Edge`: the assignment
 * is the compile-time check that the table holds every field of the record.
 */
export function recordFrom<T extends PgTable>(table: T): (row: T['$inferSelect']) => RecordOf<T> {
  const keys = Object.keys(getTableColumns(table)).filter((key) => !isServerColumn(key));
  return (row) => {
    const record: Record<string, unknown> = {};
    for (const key of keys) {
      const value = (row as Record<string, unknown>)[key];
      record[key] = value instanceof Date ? value.toISOString() : value;
    }
    return record as RecordOf<T>;
  };
}

/**
 * Writes records as a table's rows, owned by `userId`: the record's fields that are columns (any
 * other field, a plan's `edgeIds`, is left to its own table), ISO times as Dates.
 */
export function rowFrom<T extends PgTable>(
  table: T,
): (userId: string, record: RecordOf<T>) => T['$inferInsert'] {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => !isServerColumn(key));
  return (userId, record) => {
    const row: Record<string, unknown> = { userId };
    for (const [key, column] of columns) {
      const value = (record as Record<string, unknown>)[key];
      if (value === undefined) continue;
      // A time the record leaves unset (a plan not done) stays null, not 1970.
      row[key] = column.dataType === 'date' && value !== null ? new Date(value as string) : value;
    }
    return row as T['$inferInsert'];
  };
}
