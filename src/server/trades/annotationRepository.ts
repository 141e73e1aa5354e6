// The rows of `trade_annotations`: what the trader attached to a trade (its fields:
// src/domain/tradeAnnotation.ts) under the trade's stable key, so it outlives every rebuild of the trades from their fills.
// The repository writes in the trade book's transactions; the exported reads take any handle.
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { annotationNotesBytes } from '../../domain/journalLimits.ts';
import type { StoredAnnotation, TradeAnnotation } from '../../domain/tradeAnnotation.ts';
import { inPages, insertNewInChunks } from '../db/chunks.ts';
import type { Database } from '../db/database.ts';
import { assertNotesWithinLimit, assertWithinLimit, holdJournal } from '../db/journalLimits.ts';
import { changedFor, rowsChangedSince } from '../db/owned.ts';
import { recordFrom, rowFrom } from '../db/rows.ts';
import { tradeAnnotations } from '../db/schema.ts';

type AnnotationRow = typeof tradeAnnotations.$inferSelect;

/** The annotation a row holds: the backup's record (annotationBackup.ts). */
export const toAnnotation: (row: AnnotationRow) => StoredAnnotation = recordFrom(tradeAnnotations);
/** The row an annotation is stored as, owned by the trader. */
export const annotationRow: (
  userId: string,
  annotation: StoredAnnotation,
) => typeof tradeAnnotations.$inferInsert = rowFrom(tradeAnnotations);

/** A statement naming the plans the trader's trades link to (plans/planQueries.ts `plansOfTrades`). */
export const linkedPlanIds = (q: Database, userId: string) =>
  q
    .select({ id: tradeAnnotations.planId })
    .from(tradeAnnotations)
    .where(and(eq(tradeAnnotations.userId, userId), isNotNull(tradeAnnotations.planId)));

/** The trader's annotations, as trades are built with them. */
export async function annotationsOf(q: Database, userId: string): Promise<TradeAnnotation[]> {
  const rows = await inPages(q, {
    table: tradeAnnotations,
    key: 'key',
    where: eq(tradeAnnotations.userId, userId),
    order: [tradeAnnotations.key],
  });
  return rows.map(forTrades);
}

/** An annotation as trades are built with it: without its times. */
function forTrades(row: AnnotationRow): TradeAnnotation {
  const { createdAt: _c, updatedAt: _u, ...annotation } = toAnnotation(row);
  return annotation;
}

/** The trader's annotations written since a change stamp (db/changeStamps.ts); none is ever deleted. */
export async function annotationsChangedSince(
  q: Database,
  userId: string,
  since: string,
): Promise<TradeAnnotation[]> {
  return (await rowsChangedSince(q, tradeAnnotations, userId, since)).map(forTrades);
}

const stamped = (annotation: TradeAnnotation, at: Date): StoredAnnotation => ({
  ...annotation,
  createdAt: at.toISOString(),
  updatedAt: at.toISOString(),
});

export function createAnnotationRepository(db: Database) {
  return {
    /**
     * Stores annotations for keys that have none; what a concurrent request stored first is kept.
     * In one order everywhere: two transactions inserting the same keys in opposite orders would
     * wait on each other (PostgreSQL ends that deadlock by failing one). `q`: the caller's
     * transaction, which wrote the fills.
     */
    async insertNew(
      q: Database,
      userId: string,
      annotations: readonly TradeAnnotation[],
      at: Date,
    ): Promise<void> {
      if (annotations.length === 0) return;
      await holdJournal(q, userId);
      const rows = [...annotations]
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .map((a) => annotationRow(userId, stamped(a, at)));
      await insertNewInChunks(q, tradeAnnotations, rows, 'key');
      // A trade past the journal's limit refuses the write of fills that made it (docs/product.md, "Journal limits").
      await assertWithinLimit(q, userId, 'tradeAnnotations');
    },

    /** Stores what the trader set on a trade, over what was stored (only ever the trader's own key). */
    async save(userId: string, annotation: TradeAnnotation, at: Date, q: Database = db): Promise<void> {
      const row = annotationRow(userId, stamped(annotation, at));
      const { key: _key, createdAt: _created, ...fields } = row;
      await q
        .insert(tradeAnnotations)
        .values(row)
        .onConflictDoUpdate({
          target: tradeAnnotations.key,
          set: fields,
          setWhere: eq(tradeAnnotations.userId, userId),
        });
      if (annotationNotesBytes(annotation) > 0) await assertNotesWithinLimit(q, userId);
    },
  };
}

export type AnnotationRepository = ReturnType<typeof createAnnotationRepository>;

/** Whether the trader wrote an annotation since a cursor: one clause of the sync's probe. */
export const annotationsWrittenSince = (userId: string, since: string): SQL =>
  sql`exists (select 1 from ${tradeAnnotations} where ${changedFor(tradeAnnotations, userId, since)})`;
