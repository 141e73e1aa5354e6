// Export and restore of a trader's whole journal (docs/product.md, "Export and backup"): each
// resource's adapter reads and writes its own records; this runs them in one transaction.
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  BACKUP_COLLECTIONS,
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
import type { LimitedCollection } from '../../domain/constants.ts';
import { limitOf, notesBytesOf, notesFit } from '../../domain/journalLimits.ts';
import { messages } from '../../domain/messages.ts';
import { splitTradeKey } from '../../domain/tradeKeys.ts';
import { accountBackup } from '../accounts/accountBackup.ts';
import type { BackupAdapter, Decision, RestoreStep } from '../db/backupAdapter.ts';
import { currentCursor, journalChangedSince } from '../db/changeStamps.ts';
import { insertInChunks } from '../db/chunks.ts';
import type { Database, Transaction } from '../db/database.ts';
import { countOf, notesBytesHeld } from '../db/journalLimits.ts';
import {
  brokerTokens,
  candleBudgets,
  candleSpans,
  candles,
  oauthStates,
  orderExchanges,
  orders,
  pushSubscriptions,
  sentAlerts,
  sessions,
  tombstones,
  users,
} from '../db/schema.ts';
import { edgeBackup } from '../edges/edgeBackup.ts';
import { planBackup } from '../plans/planBackup.ts';
import { Refusal } from '../refusals.ts';
import { settingsBackup } from '../settings/settingsBackup.ts';
import { setupBackup } from '../setups/setupBackup.ts';
import { annotationBackup } from '../trades/annotationBackup.ts';
import { fillBackup } from '../trades/fillBackup.ts';

/** One adapter per collection, in the order foreign keys need them written. */
export const BACKUP_ADAPTERS = [
  accountBackup,
  edgeBackup,
  setupBackup,
  planBackup,
  fillBackup,
  annotationBackup,
  settingsBackup,
];

/** The tables no backup holds, and why (tests/server/backupCoverage.test.ts: every table is here or an adapter's). */
export const NOT_BACKED_UP = new Map<PgTable, string>([
  [users, 'the trader is their broker sign-in, the same in every journal they sign in to'],
  [
    pushSubscriptions,
    "devices' push subscriptions: this server's VAPID key signs for them, each device turns them on again",
  ],
  [
    sentAlerts,
    'what this server sent to devices, keyed per session day: a record of delivery, not of the journal',
  ],
  [sessions, "this server's sign-ins, not the journal's"],
  [oauthStates, 'sign-ins in flight, valid for minutes'],
  [brokerTokens, "the broker's tokens, encrypted with this server's key: the trader signs in again"],
  [tombstones, "the deletes the trader's devices replay against; a restore writes its records' own"],
  [
    orders,
    "the broker's dealings, not the journal: a restore must never make an order look unsent (and send it again) or sent; the broker keeps them",
  ],
  [orderExchanges, "the order log: what was said with the broker about an order, gone with the order's row"],
  [candles, "market data shared by every trader, the broker's to answer again"],
  [candleSpans, 'which days of market data are held: gone with the candles, asked of the broker again'],
  [candleBudgets, "how much market data this server's traders had from the broker today"],
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
  await decision.after?.(tx);
}

type Decisions = Map<BackupCollection, Decision>;

/** Reads only: every record of every collection decided, the conflicts all collected, before anything is written. */
async function decideAll(
  q: Database,
  userId: string,
  backup: Backup,
  brokerHashes: () => Promise<ReadonlySet<string>>,
) {
  const conflicts: BackupProblem[] = [];
  const accountIds = new Map<string, string>();
  const decisions: Decisions = new Map();
  for (const adapter of BACKUP_ADAPTERS) {
    const { collection } = adapter;
    const conflict = (index: number, field: string, message: string) => {
      const record = describeRecord(collection, backup[collection][index], index);
      conflicts.push({ collection, index, record, field, message });
    };
    decisions.set(
      collection,
      await decide(adapter, { q, userId, conflict, accountIds, brokerHashes }, backup),
    );
  }
  if (conflicts.length > 0) {
    const { message, errors } = describeProblems(conflicts, backupMessages.conflicts);
    throw new Refusal('conflict', message, errors);
  }
  return decisions;
}

/**
 * The journal's limits with what the restore adds (docs/product.md, "Journal limits"): the records
 * it inserts on top of those held, and the notes of the plans, trades and setups it writes on top
 * of the notes held (an annotation it fills in is counted whole: a little more than it adds).
 */
async function assertLimits(tx: Transaction, userId: string, decisions: Decisions) {
  const of = (c: BackupCollection) => decisions.get(c)!;
  const over: string[] = [];
  for (const collection of BACKUP_COLLECTIONS) {
    const limit = limitOf(collection);
    const adding = of(collection).inserts.length;
    if (limit === undefined || adding === 0) continue;
    const total = (await countOf(tx, userId, collection as LimitedCollection)) + adding;
    if (total > limit) over.push(messages.journalWouldOverflow(collection as LimitedCollection, total));
  }
  type Texts = { notes?: string; scanId?: string | null } & Record<
    'criteriaMet' | 'tags' | 'mistakes',
    string[] | undefined
  >;
  const notes = (rows: object[]) => rows as Texts[];
  const text = (r: Texts) => ({
    notes: r.notes ?? '',
    scanId: r.scanId ?? null,
    criteriaMet: r.criteriaMet,
    tags: r.tags,
    mistakes: r.mistakes,
  });
  const annotations = of('tradeAnnotations');
  const adding = notesBytesOf(
    notes(of('tradePlans').inserts).map(text),
    notes([...annotations.inserts, ...annotations.updates.map((u) => u.set)]).map(text),
    (of('tradeSetups').inserts as { entryCriteria: string; exitCriteria: string }[]).map((s) => ({
      entryCriteria: s.entryCriteria ?? '',
      exitCriteria: s.exitCriteria ?? '',
    })),
  );
  if (adding > 0 && !notesFit((await notesBytesHeld(tx, userId)) + adding))
    over.push(messages.journalNotesFull);
  if (over.length > 0) {
    throw new Refusal(
      'conflict',
      backupMessages.conflicts(over, 0),
      over.map((message) => ({ field: 'backup', message })),
    );
  }
}

/**
 * An annotation kept under the key of an account no longer in the journal (a manual account,
 * deleted once its fills were: docs/product.md, "Accounts") belongs to no trade, and a backup
 * holding it could not be restored: the backup leaves it out.
 */
function withoutOrphanAnnotations(backup: Backup): Backup {
  const accounts = new Set(backup.accounts.map((a) => a.id));
  const tradeAnnotations = backup.tradeAnnotations.filter((a) =>
    accounts.has(splitTradeKey(a.key)?.accountId ?? ''),
  );
  return { ...backup, tradeAnnotations };
}

/** How many tries an export makes without a transaction before it takes one (`export`). */
const EXPORT_TRIES = 2;

export function createBackupService(db: Database, now: () => Date) {
  /** Every adapter's records, read through `q`. */
  async function readAll(q: Database, userId: string): Promise<Backup> {
    const backup = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      exportedAt: now().toISOString(),
    };
    for (const adapter of BACKUP_ADAPTERS) await read(adapter, q, userId, backup as Backup);
    return withoutOrphanAnnotations(backup as Backup);
  }

  return {
    /**
     * One consistent reading of the journal, however many writes happen meanwhile. It reads
     * without holding a transaction (on the embedded database, one transaction holds its only
     * connection, and every other trader would wait for the whole reading), then checks that
     * nothing of the trader's was written since it began (the sync's change stamps,
     * db/changeStamps.ts); if something was, it reads again, and the last try reads in one
     * repeatable-read transaction.
     */
    async export(userId: string): Promise<Backup> {
      for (let attempt = 0; attempt < EXPORT_TRIES; attempt++) {
        const since = await currentCursor(db);
        const backup = await readAll(db, userId);
        if (!(await journalChangedSince(db, userId, since)).changed) return backup;
      }
      return db.transaction((tx) => readAll(tx, userId), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
    },

    /**
     * Restores a checked backup (`checkBackup`) into the trader's journal, all or nothing: records
     * of any owner are read to decide, so another trader's id is a conflict and never a write.
     * Every record is decided first, reading a chunk at a time outside any transaction; then one
     * short transaction takes the trader's `users` row (two restores of one trader wait for each
     * other, and so does every write that counts), decides again only if anything of the trader's
     * was written since the deciding began, checks the journal's limits, and writes. So the other
     * traders wait at most for the writing, never for the reading and deciding, and a restore is
     * still one transaction: a crash or a refusal leaves nothing of it.
     */
    async restore(
      userId: string,
      backup: Backup,
      brokerHashes: () => Promise<ReadonlySet<string>>,
    ): Promise<RestoreResult> {
      let asked: Promise<ReadonlySet<string>> | undefined;
      const hashesOnce = () => {
        asked ??= brokerHashes();
        return asked;
      };
      const since = await currentCursor(db);
      const decidedOutside = await decideAll(db, userId, backup, hashesOnce);
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const decisions = (await journalChangedSince(tx, userId, since)).changed
          ? await decideAll(tx, userId, backup, hashesOnce)
          : decidedOutside;
        await assertLimits(tx, userId, decisions);
        for (const adapter of BACKUP_ADAPTERS)
          await write(tx, adapter.table, decisions.get(adapter.collection)!);
        const of = (c: BackupCollection) => decisions.get(c)!;
        return {
          restored: countsOf((c) => of(c).inserts.length + of(c).updates.length),
          skipped: countsOf((c) => of(c).skipped),
        };
      });
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
