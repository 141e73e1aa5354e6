// Export and restore of a trader's whole journal (docs/product.md, "Export and backup"): each
// resource's adapter reads and writes its own records; this runs them in one transaction.
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type Backup,
  type BackupCollection,
  type BackupProblem,
  countsOf,
  describeProblems,
  describeRecord,
  type RestoreResult,
} from '../../domain/backup.ts';
import { backupMessages } from '../../domain/backupMessages.ts';
import { accountBackup } from '../accounts/accountBackup.ts';
import { insertInChunks } from '../db/chunks.ts';
import type { Database, Transaction } from '../db/database.ts';
import { brokerTokens, oauthStates, sessions, tombstones, users } from '../db/schema.ts';
import { edgeBackup } from '../edges/edgeBackup.ts';
import { planBackup } from '../plans/planBackup.ts';
import { Refusal } from '../refusals.ts';
import { setupBackup } from '../setups/setupBackup.ts';
import { annotationBackup } from '../trades/annotationBackup.ts';
import { fillBackup } from '../trades/fillBackup.ts';
import type { BackupAdapter, Decision, RestoreStep } from './backupAdapter.ts';

/** One adapter per collection, in the order foreign keys need them written. */
export const BACKUP_ADAPTERS = [
  accountBackup,
  edgeBackup,
  setupBackup,
  planBackup,
  fillBackup,
  annotationBackup,
];

/** The tables no backup holds, and why (tests/server/backupCoverage.test.ts: every table is here or an adapter's). */
export const NOT_BACKED_UP = new Map<PgTable, string>([
  [users, 'the trader is their broker sign-in, the same in every journal they sign in to'],
  [sessions, "this server's sign-ins, not the journal's"],
  [oauthStates, 'sign-ins in flight, valid for minutes'],
  [brokerTokens, "the broker's tokens, encrypted with this server's key: the trader signs in again"],
  [tombstones, "the deletes the trader's devices replay against; a restore writes its records' own"],
]);

/** An adapter's records into the backup; its decision on the backup's records of its collection. */
const read = async <C extends BackupCollection>(
  adapter: BackupAdapter<C>,
  q: Database,
  userId: string,
  into: Backup,
) => {
  into[adapter.collection] = await adapter.read(q, userId);
};
const decide = <C extends BackupCollection>(adapter: BackupAdapter<C>, step: RestoreStep, backup: Backup) =>
  adapter.decide(step, backup[adapter.collection]);

/** Writes what an adapter decided: its new rows 500 a statement, its changes, then what they need. */
async function write(tx: Transaction, table: PgTable, decision: Decision) {
  await insertInChunks(tx, table, decision.inserts);
  for (const { set, where } of decision.updates) await tx.update(table).set(set).where(where);
  await decision.after?.();
}

/** Reads only: every record of every collection decided, the conflicts all collected, before anything is written. */
async function decideAll(tx: Transaction, userId: string, backup: Backup) {
  const conflicts: BackupProblem[] = [];
  const accountIds = new Map<string, string>();
  const decisions = new Map<BackupCollection, Decision>();
  for (const adapter of BACKUP_ADAPTERS) {
    const { collection } = adapter;
    const conflict = (index: number, field: string, message: string) => {
      const record = describeRecord(collection, backup[collection][index], index);
      conflicts.push({ collection, index, record, field, message });
    };
    decisions.set(collection, await decide(adapter, { tx, userId, conflict, accountIds }, backup));
  }
  return { conflicts, decisions };
}

export function createBackupService(db: Database, now: () => Date) {
  return {
    /** One consistent reading of the journal, however many writes happen meanwhile. */
    export: (userId: string): Promise<Backup> =>
      db.transaction(
        async (tx) => {
          const backup = {
            format: BACKUP_FORMAT,
            formatVersion: BACKUP_FORMAT_VERSION,
            exportedAt: now().toISOString(),
          };
          for (const adapter of BACKUP_ADAPTERS) await read(adapter, tx, userId, backup as Backup);
          return backup as Backup;
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      ),

    /**
     * Restores a checked backup (`checkBackup`) into the trader's journal, all or nothing: records
     * of any owner are read to decide, so another trader's id is a conflict and never a write. Two
     * restores of one trader wait for each other (the lock on their `users` row).
     */
    restore: (userId: string, backup: Backup): Promise<RestoreResult> =>
      db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const { conflicts, decisions } = await decideAll(tx, userId, backup);
        if (conflicts.length > 0) {
          const { message, errors } = describeProblems(conflicts, backupMessages.conflicts);
          throw new Refusal('conflict', message, errors);
        }
        for (const adapter of BACKUP_ADAPTERS)
          await write(tx, adapter.table, decisions.get(adapter.collection)!);
        const of = (c: BackupCollection) => decisions.get(c)!;
        return {
          restored: countsOf((c) => of(c).inserts.length + of(c).updates.length),
          skipped: countsOf((c) => of(c).skipped),
        };
      }),
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
