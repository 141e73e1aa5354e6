import { notFound } from '../refusals.ts';
import type { Database, Transaction } from './database.ts';
import { tombstones } from './schema.ts';

/** The collections whose deletes leave tombstones, named as the app's cache names them. */
export type Collection = 'edges' | 'tradeSetups' | 'tradePlans' | 'executions';

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
