import { and, eq, inArray } from 'drizzle-orm';
import { notFound } from '../refusals.ts';
import { changedSince } from './changeStamps.ts';
import { forChunks, inChunks } from './chunks.ts';
import type { Database, Transaction } from './database.ts';
import { ownedBy, ownedWhere } from './owned.ts';
import { accountSettings, edges, executions, tombstones, tradePlans, tradeSetups } from './schema.ts';

/** The collections whose deletes leave tombstones, named as the app's cache names them, and their tables. */
// A manual account's delete leaves one too (its replayed create is gone, 410); accounts come whole in every sync.
export const COLLECTION_TABLES = {
  edges,
  tradeSetups,
  tradePlans,
  executions,
  accounts: accountSettings,
} as const;
export type Collection = keyof typeof COLLECTION_TABLES;

/**
 * Deletes the trader's record and leaves its tombstone in the same transaction: one without the
 * other never commits; a record that is not the trader's (or is gone) is `notFoundMessage`.
 * `remove` is the delete (or deactivation) itself, conditional on the record being the trader's
 * and still there, and says whether it touched a row: checking and writing in one statement, two
 * deletes at once cannot both succeed. By default, the row is deleted.
 */
export async function deleteWithTombstone(
  db: Database,
  collection: Collection,
  userId: string,
  id: string,
  at: Date,
  notFoundMessage: string,
  remove: (tx: Transaction) => Promise<boolean> = async (tx) => {
    const table = COLLECTION_TABLES[collection];
    return (
      (
        await tx
          .delete(table)
          .where(ownedBy(table, userId, id))
          .returning({ id: table.id })
      ).length > 0
    );
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await remove(tx))) throw notFound(notFoundMessage);
    await tx.insert(tombstones).values({ userId, collection, recordId: id, deletedAt: at });
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
    accounts: [],
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
        ownedWhere(
          tombstones,
          userId,
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
