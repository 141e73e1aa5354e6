import { checkClientId } from '../http/ids.ts';
import { type Database, uniqueViolation } from './database.ts';
import { type Collection, refuseDeletedId } from './tombstones.ts';

interface IdempotentCreate<T> {
  db: Database;
  collection: Collection;
  /** The client-made id, if the create carries one. */
  id: string | undefined;
  userId: string;
  /** Who owns a record with this id, if any. */
  ownerOf(id: string): Promise<string | undefined>;
  existing(id: string): Promise<T>;
  create(): Promise<T>;
}

/**
 * A create the offline outbox may replay: the same client id from the same user yields the
 * record already made, also when two replays race and the loser hits the primary key; the id
 * of a record deleted since never brings it back (DECISIONS.md "Sync, deletes and replays").
 */
export async function idempotentCreate<T>(op: IdempotentCreate<T>): Promise<{ value: T; created: boolean }> {
  const { id, userId } = op;
  if (id) await refuseDeletedId(op.db, op.collection, id, userId);
  if (id && checkClientId(await op.ownerOf(id), userId) === 'existing') {
    return { value: await op.existing(id), created: false };
  }
  try {
    return { value: await op.create(), created: true };
  } catch (error) {
    if (id && uniqueViolation(error)?.endsWith('_pkey')) {
      if (checkClientId(await op.ownerOf(id), userId) === 'existing') {
        return { value: await op.existing(id), created: false };
      }
    }
    throw error;
  }
}
