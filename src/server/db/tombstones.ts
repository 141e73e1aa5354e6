import { and, eq, inArray } from 'drizzle-orm';
import { notFound } from '../refusals.ts';
import { changedSince } from './changeStamps.ts';
import { forChunks, inChunks } from './chunks.ts';
import type { Database, Transaction } from './database.ts';
import { edges, executions, tombstones, tradePlans, tradeSetups } from './schema.ts';

/** The collections whose deletes leave tombstones, named as the app's cache names them, and their tables. */
export const COLLECTION_TABLES = { edges, tradeSetups, tradePlans, executions } as const;
export type Collection = keyof typeof COLLECTION_TABLES;

interface Deletion {
  collection: Collection;
  userId: string;
  id: string;
  at: Date;
  notFoundMessage: string;
  /**
   * The delete (or deactivation) itself, conditional on the record being the user's and still
   * there; answers whether it touched a row. Checking and writing in one statement means two
   * deletes at once cannot both succeed.
   */
  remove(tx: Transaction): Promise<boolean>;
}

/** Deletes a record and leaves its tombstone in the same transaction: one without the other never commits. */
export async function deleteWithTombstone(db: Database, d: Deletion): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await d.remove(tx))) throw notFound(d.notFoundMessage);
    await tx
      .insert(tombstones)
      .values({ userId: d.userId, collection: d.collection, recordId: d.id, deletedAt: d.at });
  });
}

/** The ids deleted since a sync cursor, by collection. */
export async function deletedSince(
  db: Database,
  userId: string,
  since: string,
): Promise<Record<Collection, string[]>> {
  const rows = await db
    .select({ collection: tombstones.collection, id: tombstones.recordId })
    .from(tombstones)
    .where(and(eq(tombstones.userId, userId), changedSince(tombstones.changedXid, since)));
  const deleted: Record<Collection, string[]> = {
    edges: [],
    tradeSetups: [],
    tradePlans: [],
    executions: [],
  };
  for (const r of rows) deleted[r.collection as Collection]?.push(r.id);
  return deleted;
}

/** The records are back (a restore): their tombstones go, so a replayed create of one is the record again. */
export async function clearTombstones(
  tx: Transaction,
  userId: string,
  collection: Collection,
  ids: readonly string[],
): Promise<void> {
  await forChunks(ids, (chunk) =>
    tx
      .delete(tombstones)
      .where(
        and(
          eq(tombstones.userId, userId),
          eq(tombstones.collection, collection),
          inArray(tombstones.recordId, chunk),
        ),
      ),
  );
}

/** Tombstones for records restored as deleted (a deactivated edge), unless they have one. */
export async function addTombstones(
  tx: Transaction,
  userId: string,
  collection: Collection,
  deleted: readonly { id: string; at: string }[],
): Promise<void> {
  const rows = deleted.map((d) => ({ userId, collection, recordId: d.id, deletedAt: new Date(d.at) }));
  await forChunks(rows, (chunk) => tx.insert(tombstones).values(chunk).onConflictDoNothing());
}

/** Another trader's tombstones among these ids: their deleted records' ids stay theirs. */
export async function othersDeleted(
  q: Database,
  userId: string,
  collection: Collection,
  ids: readonly string[],
): Promise<Set<string>> {
  const rows = await inChunks(ids, (chunk) =>
    q
      .select({ recordId: tombstones.recordId, userId: tombstones.userId })
      .from(tombstones)
      .where(and(eq(tombstones.collection, collection), inArray(tombstones.recordId, chunk))),
  );
  return new Set(rows.filter((r) => r.userId !== userId).map((r) => r.recordId));
}
