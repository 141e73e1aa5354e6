// The backup adapter of a collection whose records keep their ids (edges, setups, plans, fills):
// what they share is here, what is each one's own is the spec its folder declares.
import type { Backup } from '../../domain/backup.ts';
import { backupMessages } from '../../domain/backupMessages.ts';
import { messages } from '../../domain/messages.ts';
import { type BackupAdapter, type RestoreStep, rowsWithIds, type TableCoverage } from './backupAdapter.ts';
import type { Database, Transaction } from './database.ts';
import { rowFrom } from './rows.ts';
import {
  addTombstones,
  COLLECTION_TABLES,
  type Collection,
  clearTombstones,
  othersDeleted,
} from './tombstones.ts';

type Table<C extends Collection> = (typeof COLLECTION_TABLES)[C];
type Row<C extends Collection> = Table<C>['$inferSelect'];
type Rec<C extends Collection> = Backup[C][number];

/** A rule a new record keeps: the key it would hold, and the keys the trader's records hold. */
interface Unique<R> {
  keyOf(record: R): string | undefined;
  held(q: Database, userId: string): Promise<ReadonlyMap<string, string>>;
  field: string;
  message: string;
}

export interface IdRecordSpec<C extends Collection, Stored extends { id: string; userId: string }> {
  collection: C;
  covers: readonly TableCoverage[];
  read(q: Database, userId: string): Promise<Backup[C]>;
  /** Whether the journal's own row holds the backup's record as it is: then it is skipped. */
  same(record: Rec<C>, row: Stored): boolean;
  /** The rows under these ids, of any trader; the table's rows unless said. */
  stored?(step: RestoreStep, ids: string[]): Promise<Stored[]>;
  /** The record as this journal holds it (a fill moves to the account's id here). */
  here?(record: Rec<C>, step: RestoreStep): Rec<C>;
  unique?: Unique<Rec<C>>;
  /** The row a record is written as; the table's row mapper unless said. */
  rowOf?(userId: string, record: Rec<C>): Table<C>['$inferInsert'];
  /** What is written with the records: a plan's edge links. */
  alongside?(tx: Transaction, userId: string, records: Rec<C>[]): Promise<void>;
  /** When a record restored as deleted was deleted (a deactivated edge): it keeps a tombstone. */
  deletedAt?(record: Rec<C>): string | undefined;
}

/**
 * Decides each record: another trader's id, held or deleted, is a conflict and never a write; the
 * journal's own id is skipped when it holds the same record and a conflict when not; a free id is
 * written unless its key (a name, an active stock) is held. Restored records lose their tombstones.
 */
export function idRecordAdapter<C extends Collection, Stored extends { id: string; userId: string } = Row<C>>(
  spec: IdRecordSpec<C, Stored>,
): BackupAdapter<C> {
  const table = COLLECTION_TABLES[spec.collection];
  // The domain's record is the table's (each repository's mapper checks it at compile time).
  const rowOf = spec.rowOf ?? (rowFrom(table) as unknown as NonNullable<typeof spec.rowOf>);
  return {
    collection: spec.collection,
    table,
    covers: spec.covers,
    read: spec.read,
    async decide(step, backupRecords) {
      const records = spec.here ? backupRecords.map((r) => spec.here!(r, step)) : [...backupRecords];
      const ids = records.map((r) => r.id);
      const stored = await (spec.stored?.(step, ids) ??
        (rowsWithIds(step.q, table, ids) as Promise<unknown> as Promise<Stored[]>));
      const byId = new Map(stored.map((row) => [row.id, row]));
      const deleted = await othersDeleted(step.q, step.userId, spec.collection, ids);
      const held = (await spec.unique?.held(step.q, step.userId)) ?? new Map<string, string>();
      const fresh: Rec<C>[] = [];
      let skipped = 0;
      records.forEach((record, index) => {
        const row = byId.get(record.id);
        const key = spec.unique?.keyOf(record);
        if ((row && row.userId !== step.userId) || (!row && deleted.has(record.id))) {
          step.conflict(index, 'id', messages.idInUse);
        } else if (row) {
          if (spec.same(record, row)) skipped++;
          else step.conflict(index, 'id', backupMessages.idHoldsOther);
        } else if (spec.unique && key !== undefined && held.has(key)) {
          step.conflict(index, spec.unique.field, spec.unique.message);
        } else {
          fresh.push(record);
        }
      });
      return {
        inserts: fresh.map((r) => rowOf(step.userId, r)),
        updates: [],
        skipped,
        async after(tx) {
          await spec.alongside?.(tx, step.userId, fresh);
          // A record back is deleted no more; one restored as deleted (a deactivated edge) keeps a tombstone.
          const deletedAt = new Map(fresh.map((r) => [r.id, spec.deletedAt?.(r)]));
          const back = fresh.filter((r) => deletedAt.get(r.id) === undefined).map((r) => r.id);
          await clearTombstones(tx, step.userId, spec.collection, back);
          const gone = [...deletedAt].flatMap(([id, at]) => (at === undefined ? [] : [{ id, at }]));
          await addTombstones(tx, step.userId, spec.collection, gone);
        },
      };
    },
  };
}
