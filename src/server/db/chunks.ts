import { and, getTableColumns, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './database.ts';

/**
 * Ids per `IN (…)` and rows per INSERT: a statement's parameters stay far below PostgreSQL's
 * 65,535 however large the journal grows.
 */
const CHUNK = 500;

/** Runs `run` over the items a chunk at a time, one after the other. */
export async function forChunks<T>(
  items: readonly T[],
  run: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < items.length; i += CHUNK) await run(items.slice(i, i + CHUNK));
}

/** Runs `read` over the items a chunk at a time, and the rows it answers as one list. */
export async function inChunks<T, R>(items: readonly T[], read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  await forChunks(items, async (chunk) => rows.push(...(await read(chunk))));
  return rows;
}

/** Lets the event loop turn once: other requests' callbacks and I/O run before what follows. */
export const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Maps rows a chunk at a time, letting the event loop turn between two chunks: turning a whole
 * journal's rows into answers (10,000 plans with their position sizes) is tens of milliseconds of
 * work, which no other request could interrupt (docs/product.md, "Fair sharing").
 */
export async function mapInChunks<R, T>(rows: readonly R[], map: (row: R) => T): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % CHUNK === 0) await nextTurn();
    out.push(map(rows[i] as R));
  }
  return out;
}

/** Rows one JSON insert carries (`insertInChunks`): its one parameter stays near a megabyte. */
const JSON_ROWS = 1_000;

/** A value as JSON carries it to `json_populate_recordset`: times as ISO text. */
const jsonValue = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/**
 * Inserts the rows a chunk at a time (inside the caller's transaction when `q` is one). Rows of one
 * shape (every field given, in one order: what a table's row mapper writes) go as one JSON parameter
 * a chunk, read by `json_populate_recordset` with the table's own column types: a restore writes
 * its thousands of rows three times faster than with a parameter a field, and the transaction that
 * holds them (on PGlite, every other trader's turn) is that much shorter. Any other rows go as a
 * multi-row INSERT of 500, where a field left out takes its default.
 */
export async function insertInChunks<T extends PgTable>(
  q: Database,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  await insertRows(q, table, rows);
}

/**
 * As `insertInChunks`, but a row that a unique index already holds is skipped (`ON CONFLICT DO
 * NOTHING`, so concurrent inserts of the same rows write each once): answers the `key` of each row
 * written.
 */
export async function insertNewInChunks<T extends PgTable>(
  q: Database,
  table: T,
  rows: T['$inferInsert'][],
  key: keyof T['$inferSelect'] & keyof T & string,
): Promise<unknown[]> {
  return (await insertRows(q, table, rows, key)) ?? [];
}

async function insertRows<T extends PgTable>(
  q: Database,
  table: T,
  rows: T['$inferInsert'][],
  newOnly?: keyof T['$inferSelect'] & keyof T & string,
): Promise<unknown[] | undefined> {
  const first = rows[0] as Record<string, unknown> | undefined;
  if (!first) return [];
  const keyColumn = newOnly === undefined ? undefined : (table[newOnly] as unknown as AnyPgColumn);
  const keys = Object.keys(first);
  const oneShape = (rows as Record<string, unknown>[]).every((row) => {
    const own = Object.keys(row);
    return own.length === keys.length && own.every((k, i) => k === keys[i] && row[k] !== undefined);
  });
  if (!oneShape) {
    if (!keyColumn) return forChunks(rows, (chunk) => q.insert(table).values(chunk)).then(() => undefined);
    const written = await inChunks(rows, (chunk) =>
      q
        .insert(table)
        .values(chunk)
        .onConflictDoNothing()
        .returning({ key: keyColumn } as never),
    );
    return (written as { key: unknown }[]).map((r) => r.key);
  }
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const names = keys.map((k) => (columns[k] as { name: string }).name);
  const list = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  const type = sql.identifier(getTableName(table));
  const written: unknown[] = [];
  for (let i = 0; i < rows.length; i += JSON_ROWS) {
    const chunk = (rows.slice(i, i + JSON_ROWS) as Record<string, unknown>[]).map((row) =>
      Object.fromEntries(keys.map((k, j) => [names[j], jsonValue(row[k])])),
    );
    const insert = sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${type}, ${JSON.stringify(chunk)}::json)`;
    if (!keyColumn) {
      await q.execute(insert);
      continue;
    }
    const result = (await q.execute(
      sql`${insert} on conflict do nothing returning ${sql.identifier(keyColumn.name)} as key`,
    )) as unknown as { rows: { key: unknown }[] };
    written.push(...result.rows.map((r) => r.key));
  }
  return written;
}

/** A read of every row of one table: its key column (unique), which rows, and their order. */
export interface PagedRead<T extends PgTable> {
  table: T;
  /** The field of the unique column rows are fetched by (the id, an annotation's key). */
  key: keyof T['$inferSelect'] & keyof T & string;
  where: SQL | undefined;
  /** The order, ending with a unique column, so it is the same on every read. */
  order: (AnyPgColumn | SQL)[];
}

/**
 * Every row of a read, in its order, a page at a time. The first page is read as it is (a read of
 * fewer rows is one statement); a longer read then takes its keys in order (one narrow statement)
 * and the rows not yet read a CHUNK of keys at a time. On PGlite a statement's answer is decoded in
 * one go, in this process: a page is the longest another trader's request waits behind. (Pages of
 * LIMIT and OFFSET sorted the whole read again for each page: 20 sorts for 10,000 plans.) A row
 * written between two statements is read as it is then, if it still matches `where`; one deleted
 * meanwhile is left out.
 */
export async function inPages<T extends PgTable>(
  q: Database,
  read: PagedRead<T>,
): Promise<T['$inferSelect'][]> {
  const column = read.table[read.key] as unknown as AnyPgColumn;
  type Row = T['$inferSelect'];
  const select = () => q.select().from(read.table as PgTable);
  const first = (await select()
    .where(read.where)
    .orderBy(...read.order)
    .limit(CHUNK)) as Row[];
  if (first.length < CHUNK) return first;
  const byKey = new Map<unknown, Row>(first.map((row) => [row[read.key], row]));
  const keys = (
    await q
      .select({ key: column })
      .from(read.table as PgTable)
      .where(read.where)
      .orderBy(...read.order)
  ).map((r) => r.key as unknown);
  await forChunks(
    keys.filter((key) => !byKey.has(key)),
    async (chunk) => {
      const rows = (await select().where(and(read.where, inArray(column, chunk)))) as Row[];
      for (const row of rows) byKey.set(row[read.key], row);
    },
  );
  return keys.flatMap((key) => {
    const row = byKey.get(key);
    return row === undefined ? [] : [row];
  });
}
