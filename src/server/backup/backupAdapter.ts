// What a resource's backup adapter is (docs/product.md, "Export and backup"): its rows out, and
// its records back in through the resource's own struct, row mapper and rule predicates. Each
// resource folder holds one (edges/edgeBackup.ts…); backupService.ts runs them in one transaction.
import { inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Backup, BackupCollection } from '../../domain/backup.ts';
import { backupMessages } from '../../domain/backupMessages.ts';
import { messages } from '../../domain/messages.ts';
import { inChunks } from '../db/chunks.ts';
import type { Database, Transaction } from '../db/database.ts';
import type { OwnedTable } from '../db/owned.ts';
import { COLLECTION_TABLES, type Collection, othersDeleted } from '../db/tombstones.ts';

/**
 * How a table's columns reach the backup: each under its own name among the record's fields (its
 * struct's keys), under another field's name, or left out with why. tests/server/backupCoverage.test.ts
 * fails on a column that is none of these.
 */
export interface TableCoverage {
  table: PgTable;
  fields: readonly string[];
  /** Columns held under another field: a plan's edge links are its `edgeIds`. */
  heldAs?: Readonly<Record<string, string>>;
  leftOut: Readonly<Record<string, string>>;
}

/** What one adapter's restore works with: the trader, the transaction, and what came before it. */
export interface RestoreStep {
  tx: Transaction;
  userId: string;
  /** Reports a record of the adapter's collection that clashes with the journal; all are told at once. */
  conflict(index: number, field: string, message: string): void;
  /** The backup's account ids as this journal knows them: accountBackup.ts finds them by hash. */
  accountIds: Map<string, string>;
}

/** An adapter's decision: how many records it writes and skips, and the write, run only when nothing conflicts. */
export interface Decision {
  restored: number;
  skipped: number;
  write(): Promise<void>;
}

export interface BackupAdapter<C extends BackupCollection> {
  collection: C;
  covers: readonly TableCoverage[];
  /** The trader's records, in the order the backup lists them. */
  read(q: Database, userId: string): Promise<Backup[C]>;
  /** Reads only: every record decided (new, the same as stored, or a conflict) before anything is written. */
  decide(step: RestoreStep, records: Backup[C]): Promise<Decision>;
}

/** Every row, of any trader, holding one of these ids: whose it is decides between skip and conflict. */
export function rowsWithIds<T extends OwnedTable>(q: Database, table: T, ids: readonly string[]) {
  return inChunks(
    ids,
    (chunk) =>
      q
        .select()
        .from(table as PgTable)
        .where(inArray(table.id, chunk)) as Promise<T['$inferSelect'][]>,
  );
}

/**
 * The decision every record with an id shares (edges, setups, plans, fills): another trader's id,
 * held or deleted, is a conflict and never a write; the journal's own id is skipped when it holds
 * the same record and a conflict when not. Answers the records whose id is free, for the
 * adapter's own rules, and how many were skipped.
 */
export async function freeIds<R extends { id: string }, Row extends { id: string; userId: string }>(
  step: RestoreStep,
  collection: Collection,
  records: readonly R[],
  same: (record: R, row: Row) => boolean,
  stored: (ids: string[]) => Promise<Row[]> = (ids) =>
    rowsWithIds(step.tx, COLLECTION_TABLES[collection], ids) as Promise<unknown> as Promise<Row[]>,
): Promise<{ free: { record: R; index: number }[]; skipped: number }> {
  const ids = records.map((r) => r.id);
  const byId = new Map((await stored(ids)).map((row) => [row.id, row]));
  const deleted = await othersDeleted(step.tx, step.userId, collection, ids);
  const free: { record: R; index: number }[] = [];
  let skipped = 0;
  records.forEach((record, index) => {
    const row = byId.get(record.id);
    if ((row && row.userId !== step.userId) || (!row && deleted.has(record.id))) {
      step.conflict(index, 'id', messages.idInUse);
    } else if (row) {
      if (same(record, row)) skipped++;
      else step.conflict(index, 'id', backupMessages.idHoldsOther);
    } else {
      free.push({ record, index });
    }
  });
  return { free, skipped };
}

/** The free records whose key (a name, an active stock) no other record of the journal holds. */
export function unclaimed<R>(
  step: RestoreStep,
  free: readonly { record: R; index: number }[],
  keyOf: (record: R) => string | undefined,
  held: ReadonlyMap<string, string>,
  field: string,
  message: string,
): R[] {
  return free.flatMap(({ record, index }) => {
    const key = keyOf(record);
    if (key !== undefined && held.has(key)) {
      step.conflict(index, field, message);
      return [];
    }
    return [record];
  });
}
