// What a resource's backup adapter is (docs/product.md, "Export and backup"): its rows out, and
// its records back in through the resource's own struct, row mapper and rule predicates. Each
// resource folder holds one (edges/edgeBackup.ts…); backup/backupService.ts runs them in one transaction.
import { asc, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Backup, BackupCollection } from '../../domain/backup.ts';
import { inChunks } from './chunks.ts';
import type { Database, Transaction } from './database.ts';
import { type OwnedTable, ownRows } from './owned.ts';

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

/**
 * What one adapter's restore decides with: the trader, where to read (outside the write
 * transaction, or in it when the journal changed meanwhile: backup/backupService.ts), and what came
 * before it.
 */
export interface RestoreStep {
  q: Database;
  userId: string;
  /** Reports a record of the adapter's collection that clashes with the journal; all are told at once. */
  conflict(index: number, field: string, message: string): void;
  /** The backup's account ids as this journal knows them: accounts/accountBackup.ts finds them by hash. */
  accountIds: Map<string, string>;
  /** The hashes of the accounts the broker reports for the trader now (asked once, when needed). */
  brokerHashes(): Promise<ReadonlySet<string>>;
}

/**
 * An adapter's decision, written (by backup/backupService.ts) only when no adapter found a conflict: the
 * rows of new records, the changes to the journal's own, and what else they need (links, tombstones).
 */
export interface Decision {
  inserts: object[];
  updates: { set: object; where: SQL }[];
  skipped: number;
  after?(tx: Transaction): Promise<void>;
}

export interface BackupAdapter<C extends BackupCollection> {
  collection: C;
  /** The table its records are written to. */
  table: PgTable;
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

/** The trader's rows in the order a backup lists them (`order`, then the id), narrowed by `where`. */
export function ownRowsInOrder<T extends OwnedTable>(
  q: Database,
  table: T,
  userId: string,
  order: AnyPgColumn,
  where?: SQL,
): Promise<T['$inferSelect'][]> {
  return ownRows(q, table, userId, { where, order: [asc(order), asc(table.id)] });
}
