import type { Table } from 'dexie';

/**
 * Rows a slice: one IndexedDB request each, so each is turned into objects in a task of its own.
 * 250 plans take about 8 ms on this machine's Chromium, 32 ms at Lighthouse's 4x slowdown: under
 * the 50 ms that make a task long (docs/benchmarks.md, "2026-11-28").
 */
export const SLICE_ROWS = 250;

/**
 * A whole table, in primary-key order, read `size` rows a request. One `toArray()` of 10,000 plans
 * is one task of 160 ms (640 ms on a mid-range phone) that blocks every tap; in slices the same
 * work leaves the main thread free between them. Inside a live query, as one: every slice is
 * watched, so any change to the table reads it again.
 */
export async function readInSlices<T extends { id: string }, Insert>(
  table: Table<T, string, Insert>,
  size = SLICE_ROWS,
): Promise<T[]> {
  const rows: T[] = [];
  let slice = await table.orderBy(':id').limit(size).toArray();
  for (;;) {
    for (const row of slice) rows.push(row);
    const last = slice.at(-1);
    if (slice.length < size || last === undefined) return rows;
    slice = await table.where(':id').above(last.id).limit(size).toArray();
  }
}

/** Rows a write request: Chromium takes about 0.1 ms to store a small row (candles: 12 ms a slice). */
export const WRITE_SLICE_ROWS = 100;

/**
 * Puts rows `WRITE_SLICE_ROWS` at a time, awaiting each slice: in one transaction (the caller's,
 * or its own) and so seen by live queries once, but without one task storing them all.
 */
export async function writeInSlices<T, Key, Insert>(table: Table<T, Key, Insert>, rows: readonly Insert[]) {
  for (let i = 0; i < rows.length; i += WRITE_SLICE_ROWS)
    await table.bulkPut(rows.slice(i, i + WRITE_SLICE_ROWS));
}
