import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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
  const first = rows[0] as Record<string, unknown> | undefined;
  if (!first) return;
  const keys = Object.keys(first);
  const oneShape = (rows as Record<string, unknown>[]).every((row) => {
    const own = Object.keys(row);
    return own.length === keys.length && own.every((k, i) => k === keys[i] && row[k] !== undefined);
  });
  if (!oneShape) return forChunks(rows, (chunk) => q.insert(table).values(chunk));
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const names = keys.map((k) => (columns[k] as { name: string }).name);
  const list = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  const type = sql.identifier(getTableName(table));
  for (let i = 0; i < rows.length; i += JSON_ROWS) {
    const chunk = (rows.slice(i, i + JSON_ROWS) as Record<string, unknown>[]).map((row) =>
      Object.fromEntries(keys.map((k, j) => [names[j], jsonValue(row[k])])),
    );
    await q.execute(
      sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${type}, ${JSON.stringify(chunk)}::json)`,
    );
  }
}

/**
 * Rows a whole-collection read takes per statement (`inPages`). On PGlite a statement's answer is
 * decoded in one go, in this process: a page is the longest another trader's request waits behind.
 */
const PAGE_ROWS = 500;

/**
 * Every row of a read, a page at a time: `page(limit, offset)` is the read with its LIMIT and
 * OFFSET, in an order that ends with a unique column (the id), so pages neither overlap nor skip.
 */
export async function inPages<R>(page: (limit: number, offset: number) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const got = await page(PAGE_ROWS, offset);
    for (const row of got) rows.push(row);
    if (got.length < PAGE_ROWS) return rows;
  }
}
