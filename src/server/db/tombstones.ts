import { and, eq } from 'drizzle-orm';
import { messages } from '../../domain/messages.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { checkClientId } from '../http/ids.ts';
import type { Database, Transaction } from './database.ts';
import { tombstones } from './schema.ts';

/** The collections whose deletes leave tombstones, named as the app's cache names them. */
export type Collection = 'edges' | 'tradeSetups' | 'tradePlans';

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

/**
 * A create replayed with the id of a record its user deleted is refused with 410, so the app
 * can drop it quietly; another user's deleted id is refused like any id in use (409).
 */
export async function refuseDeletedId(
  db: Database,
  collection: Collection,
  id: string,
  userId: string,
): Promise<void> {
  const rows = await db
    .select({ userId: tombstones.userId })
    .from(tombstones)
    .where(and(eq(tombstones.collection, collection), eq(tombstones.recordId, id)));
  if (!rows[0]) return;
  if (checkClientId(rows[0].userId, userId) === 'existing') {
    throw new HttpError(410, messages.recordDeleted, [{ field: 'id', message: messages.recordDeleted }]);
  }
}
