import { and, asc, between, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { addDays, type Candle, type CandleWindow, weekdaysBetween } from '../../domain/candles.ts';
import { forChunks } from '../db/chunks.ts';
import type { Database } from '../db/database.ts';
import { candleSpans, candles } from '../db/schema.ts';

type CandleRow = typeof candles.$inferSelect;

/** A stored session, and when the broker answered it. */
export interface StoredDay {
  candle: Candle;
  fetchedAt: Date;
}

/** The table's one mapper. */
export function toStoredDay(row: CandleRow): StoredDay {
  const { day, open, high, low, close, volume, fetchedAt } = row;
  return { candle: { day, open, high, low, close, volume }, fetchedAt };
}

/** Spans that overlap or follow one another with no weekday between, as one each. */
export function mergeSpans(spans: readonly CandleWindow[]): CandleWindow[] {
  const merged: CandleWindow[] = [];
  for (const span of [...spans].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))) {
    const last = merged.at(-1);
    const touches =
      last !== undefined &&
      (span.from <= last.to || weekdaysBetween(addDays(last.to, 1), addDays(span.from, -1)).length === 0);
    if (last !== undefined && touches) last.to = [last.to, span.to].sort()[1] as string;
    else merged.push({ ...span });
  }
  return merged;
}

/**
 * The candle tables' rows (docs/product.md, "Candles"): market data with no owner, the
 * sessions each symbol had and the spans of days answered for good.
 */
export function createCandleRepository(db: Database, now: () => Date) {
  /** The spans of `symbol` held for good that meet the days from `from` to `to`. */
  const heldSpans = (q: Database, symbol: string, from: string, to: string): Promise<CandleWindow[]> =>
    q
      .select({ from: candleSpans.fromDay, to: candleSpans.toDay })
      .from(candleSpans)
      .where(and(eq(candleSpans.symbol, symbol), lte(candleSpans.fromDay, to), gte(candleSpans.toDay, from)))
      .orderBy(asc(candleSpans.fromDay));

  return {
    /** The stored sessions of `symbol` from `from` to `to`, oldest first (at most a window's ~290 rows). */
    async storedDays(symbol: string, from: string, to: string): Promise<StoredDay[]> {
      const rows = await db
        .select()
        .from(candles)
        .where(and(eq(candles.symbol, symbol), between(candles.day, from, to)))
        .orderBy(asc(candles.day));
      return rows.map(toStoredDay);
    },

    heldSpans: (symbol: string, from: string, to: string) => heldSpans(db, symbol, from, to),

    /**
     * Writes what the broker answered, fetched now: its sessions, over what was stored (today's
     * candle moves), and `final`, the days it answered for good, joined to the spans it meets. Two
     * processes writing one symbol at once may leave two spans that overlap: the next write of
     * that symbol joins them.
     */
    async saveAnswer(symbol: string, sessions: readonly Candle[], final: CandleWindow | null): Promise<void> {
      const fetchedAt = now();
      const rows: CandleRow[] = sessions.map((c) => ({ symbol, ...c, fetchedAt }));
      await db.transaction(async (tx) => {
        await forChunks(rows, (chunk) =>
          tx
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
        if (final === null) return;
        // A span ending on a Friday meets one starting on the Monday after: 3 days either side.
        const near = await heldSpans(
          tx as unknown as Database,
          symbol,
          addDays(final.from, -3),
          addDays(final.to, 3),
        );
        const merged = mergeSpans([...near, final]);
        if (near.length > 0)
          await tx.delete(candleSpans).where(
            and(
              eq(candleSpans.symbol, symbol),
              inArray(
                candleSpans.fromDay,
                near.map((s) => s.from),
              ),
            ),
          );
        await tx
          .insert(candleSpans)
          .values(merged.map((s) => ({ symbol, fromDay: s.from, toDay: s.to })))
          .onConflictDoUpdate({
            target: [candleSpans.symbol, candleSpans.fromDay],
            set: { toDay: sql`greatest(${candleSpans.toDay}, excluded.to_day)` },
          });
      });
    },
  };
}

export type CandleRepository = ReturnType<typeof createCandleRepository>;
