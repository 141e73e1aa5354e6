import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './database.ts';

/**
 * Ids per `IN (…)` and rows per INSERT: a statement's parameters stay far below PostgreSQL's
 * 65,535 however large the journal grows.
 */
export const CHUNK = 500;

/** Runs `read` over the items a chunk at a time, and the rows it answers as one list. */
export async function inChunks<T, R>(items: readonly T[], read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK) rows.push(...(await read(items.slice(i, i + CHUNK))));
  return rows;
}

/** Inserts the rows a chunk at a time (inside the caller's transaction when `q` is one). */
export async function insertInChunks<T extends PgTable>(q: Database, table: T, rows: T['$inferInsert'][]) {
  for (let i = 0; i < rows.length; i += CHUNK) await q.insert(table).values(rows.slice(i, i + CHUNK));
}
