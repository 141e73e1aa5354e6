// The columns and indexes many tables share (db/schema.ts).
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, customType, index, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Values written into the SQL as quoted literals, not parameters: a migration holds them as they are. */
export const literals = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull();

/**
 * The key a name is unique by, in SQL: the domain's `nameKey` (JavaScript's toLowerCase). ICU's
 * root locale lowers as JavaScript does (İ to i̇, a final Σ to ς); plain lower() follows the
 * database's LC_CTYPE (ASCII only under C). tests/server/ruleMirrors.test.ts checks both agree.
 */
export const nameKeyOf = (name: AnyPgColumn) => sql`lower(${name} collate "und-x-icu")`;

/**
 * The change stamp the delta sync reads (docs/architecture.md, "The sync protocol"): the id of the
 * transaction that last wrote the row, set by the database itself, by this default on insert and by
 * the `stamp_change` trigger (migration 0006) on every update. Nothing in the app writes it, so a
 * row inserted with only its own columns (a restore) is marked changed too.
 */
export const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });
export const changedXid = () => xid8('changed_xid').notNull().default(sql`pg_current_xact_id()`);

/** When a record was made and last changed, and the stamp the sync reads. */
export const recordStamps = () => ({
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  changedXid: changedXid(),
});
/** The delta sync's index: a trader's rows written since a cursor. */
export const changedIndex = (table: string, t: { userId: AnyPgColumn; changedXid: AnyPgColumn }) =>
  index(`${table}_user_changed`).on(t.userId, t.changedXid);

/** A reference to the row that owns this one: it goes when that row goes. */
export const belongsTo = (column: string, target: () => AnyPgColumn) =>
  uuid(column).notNull().references(target, { onDelete: 'cascade' });
