import { sql } from 'drizzle-orm';
import { messages } from '../../domain/messages.ts';
import { conflict, gone } from '../refusals.ts';
import { uniqueViolation } from './constraints.ts';
import type { Database } from './database.ts';
import { ownerOf } from './owned.ts';
import { tombstones } from './schema.ts';
import { COLLECTION_TABLES, type Collection } from './tombstones.ts';

/**
 * A create may carry a client-made id (the offline outbox replays creates). The same id from
 * the same user is the same record; from another user it is refused without saying more.
 */
function checkClientId(existingOwner: string | undefined, userId: string): 'new' | 'existing' {
  if (existingOwner === undefined) return 'new';
  if (existingOwner === userId) return 'existing';
  throw conflict(messages.idInUse, 'id');
}

/**
 * Who deleted a record of the collection with this id (its tombstone) and who holds one now,
 * whoever they are: one statement, where two cost a create twice the round trips.
 */
async function holdersOf(
  db: Database,
  collection: Collection,
  id: string,
): Promise<{ deletedBy: string | undefined; owner: string | undefined }> {
  const table = COLLECTION_TABLES[collection];
  const result = (await db.execute(sql`select
    (select ${tombstones.userId} from ${tombstones}
      where ${tombstones.collection} = ${collection} and ${tombstones.recordId} = ${id} limit 1) as deleted_by,
    (select ${table.userId} from ${table} where ${table.id} = ${id} limit 1) as owner`)) as {
    rows: { deleted_by: string | null; owner: string | null }[];
  };
  const row = result.rows[0];
  return { deletedBy: row?.deleted_by ?? undefined, owner: row?.owner ?? undefined };
}

interface IdempotentCreate<T> {
  db: Database;
  collection: Collection;
  /** The client-made id, if the create carries one. */
  id: string | undefined;
  userId: string;
  existing(id: string): Promise<T>;
  create(): Promise<T>;
}

/**
 * A create the offline outbox may replay: the same client id from the same user yields the
 * record already made, also when two replays race and the loser hits the primary key; the id
 * of a record deleted since never brings it back (docs/product.md, "Offline and sync").
 */
export async function idempotentCreate<T>(op: IdempotentCreate<T>): Promise<{ value: T; created: boolean }> {
  const { id, userId } = op;
  const ownerOfId = (id: string) => ownerOf(op.db, COLLECTION_TABLES[op.collection], id);
  if (id) {
    const { deletedBy, owner } = await holdersOf(op.db, op.collection, id);
    // A create replayed with the id of a record its user deleted is refused with 410, so the app
    // can drop it quietly; another user's deleted id is refused like any id in use (409).
    if (deletedBy !== undefined && checkClientId(deletedBy, userId) === 'existing') {
      throw gone(messages.recordDeleted, 'id');
    }
    if (checkClientId(owner, userId) === 'existing') return { value: await op.existing(id), created: false };
  }
  try {
    return { value: await op.create(), created: true };
  } catch (error) {
    if (id && uniqueViolation(error)?.endsWith('_pkey')) {
      if (checkClientId(await ownerOfId(id), userId) === 'existing') {
        return { value: await op.existing(id), created: false };
      }
    }
    throw error;
  }
}
