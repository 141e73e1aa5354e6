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

/** Inserts the rows a chunk at a time (inside the caller's transaction when `q` is one). */
export const insertInChunks = <T extends PgTable>(q: Database, table: T, rows: T['$inferInsert'][]) =>
  forChunks(rows, (chunk) => q.insert(table).values(chunk));
