import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Candle } from '../../domain/candles.ts';
import { forChunks } from '../db/chunks.ts';
import type { Database } from '../db/database.ts';
import { candles } from '../db/schema.ts';

type CandleRow = typeof candles.$inferSelect;

/** A stored day: its candle, or null when the broker had none (a holiday); and when it was asked. */
export interface StoredDay {
  day: string;
  candle: Candle | null;
  fetchedAt: Date;
}

/** The table's one mapper. */
export function toStoredDay(row: CandleRow): StoredDay {
  const { day, open, high, low, close, volume, fetchedAt } = row;
  const candle =
    open === null || high === null || low === null || close === null
      ? null
      : { day, open, high, low, close, volume: volume ?? 0 };
  return { day, candle, fetchedAt };
}

const rowOf = (symbol: string, day: string, candle: Candle | null, fetchedAt: Date): CandleRow => ({
  symbol,
  day,
  open: candle?.open ?? null,
  high: candle?.high ?? null,
  low: candle?.low ?? null,
  close: candle?.close ?? null,
  volume: candle?.volume ?? null,
  fetchedAt,
});

/** The stored days of `symbol` from `from` to `to`, oldest first (at most a window's ~400 rows). */
export async function storedDays(
  db: Database,
  symbol: string,
  from: string,
  to: string,
): Promise<StoredDay[]> {
  const rows = await db
    .select()
    .from(candles)
    .where(and(eq(candles.symbol, symbol), between(candles.day, from, to)))
    .orderBy(asc(candles.day));
  return rows.map(toStoredDay);
}

/** Writes what the broker answered for these days, over what was stored (today's candle moves). */
export async function saveDays(
  db: Database,
  symbol: string,
  days: readonly { day: string; candle: Candle | null }[],
  fetchedAt: Date,
): Promise<void> {
  const rows = days.map((d) => rowOf(symbol, d.day, d.candle, fetchedAt));
  await forChunks(rows, (chunk) =>
    db
      .insert(candles)
      .values(chunk)
      .onConflictDoUpdate({
        target: [candles.symbol, candles.day],
        set: {
          open: sql`excluded.open`,
          high: sql`excluded.high`,
          low: sql`excluded.low`,
          close: sql`excluded.close`,
          volume: sql`excluded.volume`,
          fetchedAt: sql`excluded.fetched_at`,
        },
      }),
  );
}
