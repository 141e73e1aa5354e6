import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type Backup,
  type BackupAccount,
  type BackupCollection,
  type BackupEdge,
  type BackupExecution,
  type BackupProblem,
  type BackupTradeAnnotation,
  type BackupTradePlan,
  type BackupTradeSetup,
  countsOf,
  describeProblems,
  describeRecord,
  type RestoreResult,
  sameContent,
} from '../../domain/backup.ts';
import { backupMessages } from '../../domain/backupMessages.ts';
import { messages } from '../../domain/messages.ts';
import { isActiveStatus } from '../../domain/tradePlans.ts';
import { isUntouchedAnnotation, rekeyAnnotation, splitTradeKey } from '../../domain/trades.ts';
import type { Database, Transaction } from '../db/database.ts';
import {
  accountSettings,
  edges,
  executions,
  tombstones,
  tradeAnnotations,
  tradePlanEdges,
  tradePlans,
  tradeSetups,
  users,
} from '../db/schema.ts';
import type { Collection } from '../db/tombstones.ts';
import { Refusal } from '../refusals.ts';

/** Ids per `IN (…)` and rows per INSERT: far below PostgreSQL's 65,535 parameters a statement. */
const CHUNK = 500;

type AccountRow = typeof accountSettings.$inferSelect;
type EdgeRow = typeof edges.$inferSelect;
type SetupRow = typeof tradeSetups.$inferSelect;
type PlanRow = typeof tradePlans.$inferSelect;
type ExecutionRow = typeof executions.$inferSelect;
type AnnotationRow = typeof tradeAnnotations.$inferSelect;

const iso = (d: Date) => d.toISOString();

const toAccount = (r: AccountRow): BackupAccount => ({
  id: r.id,
  accountHash: r.accountHash,
  originalBalance: r.originalBalance,
  capitalRisk: r.capitalRisk,
  maxTradeRisk: r.maxTradeRisk,
  scaleOutFactor: r.scaleOutFactor,
  heatLimit: r.heatLimit,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

const toEdge = (r: EdgeRow): BackupEdge => ({
  id: r.id,
  name: r.name,
  description: r.description,
  identificationNotes: r.identificationNotes,
  weightFactor: r.weightFactor,
  isActive: r.isActive,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

const toSetup = (r: SetupRow): BackupTradeSetup => ({
  id: r.id,
  name: r.name,
  description: r.description,
  entryCriteria: r.entryCriteria,
  exitCriteria: r.exitCriteria,
  notes: r.notes,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

const toPlan = (r: PlanRow, edgeIds: string[]): BackupTradePlan => ({
  id: r.id,
  stock: r.stock,
  entryPrice: r.entryPrice,
  stopLossPrice: r.stopLossPrice,
  targetPrice: r.targetPrice,
  probabilityOfSuccess: r.probabilityOfSuccess,
  status: r.status,
  scanId: r.scanId,
  tradeSetupId: r.tradeSetupId,
  edgeIds: [...edgeIds].sort(),
  notes: r.notes,
  marketCycleAtCreation: r.marketCycleAtCreation,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

const toExecution = (r: ExecutionRow): BackupExecution => ({
  id: r.id,
  accountId: r.accountId,
  symbol: r.symbol,
  side: r.side,
  quantity: r.quantity,
  price: r.price,
  fees: r.fees,
  executedAt: iso(r.executedAt),
  createdAt: iso(r.createdAt),
});

const toAnnotation = (r: AnnotationRow): BackupTradeAnnotation => ({
  key: r.key,
  planId: r.planId,
  initialStop: r.initialStop,
  notes: r.notes,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/** Runs `read` over the ids a chunk at a time. */
async function inChunks<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) rows.push(...(await read(ids.slice(i, i + CHUNK))));
  return rows;
}

async function insertChunks<T extends PgTable>(tx: Transaction, table: T, rows: T['$inferInsert'][]) {
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(table).values(rows.slice(i, i + CHUNK));
}

/** Every row, of any trader, holding one of these ids: whose it is decides between skip and conflict. */
function rowsWithIds<T extends PgTable>(tx: Transaction, table: T, id: PgColumn, ids: readonly string[]) {
  return inChunks(
    ids,
    (chunk) =>
      tx
        .select()
        .from(table as PgTable)
        .where(inArray(id, chunk)) as unknown as Promise<T['$inferSelect'][]>,
  );
}

/** The plan ids' edge links, each plan's edge ids in one list. */
async function edgeIdsOf(q: Database, planIds: readonly string[]): Promise<Map<string, string[]>> {
  const links = await inChunks(planIds, (chunk) =>
    q.select().from(tradePlanEdges).where(inArray(tradePlanEdges.planId, chunk)),
  );
  const byPlan = new Map<string, string[]>(planIds.map((id) => [id, []]));
  for (const l of links) byPlan.get(l.planId)?.push(l.edgeId);
  return byPlan;
}

/** The trader's journal as one document (docs/product.md, "Export and backup"). */
async function readBackup(q: Database, userId: string, at: Date): Promise<Backup> {
  const accountRows = await q
    .select()
    .from(accountSettings)
    .where(eq(accountSettings.userId, userId))
    .orderBy(asc(accountSettings.createdAt), asc(accountSettings.id));
  const planRows = await q
    .select()
    .from(tradePlans)
    .where(eq(tradePlans.userId, userId))
    .orderBy(asc(tradePlans.createdAt), asc(tradePlans.id));
  const links = await q
    .select({ planId: tradePlanEdges.planId, edgeId: tradePlanEdges.edgeId })
    .from(tradePlanEdges)
    .innerJoin(tradePlans, eq(tradePlans.id, tradePlanEdges.planId))
    .where(eq(tradePlans.userId, userId));
  const edgeRows = await q
    .select()
    .from(edges)
    .where(eq(edges.userId, userId))
    .orderBy(asc(edges.createdAt), asc(edges.id));
  const setupRows = await q
    .select()
    .from(tradeSetups)
    .where(eq(tradeSetups.userId, userId))
    .orderBy(asc(tradeSetups.createdAt), asc(tradeSetups.id));
  // Broker fills are the broker's: a restore imports them again.
  const executionRows = await q
    .select()
    .from(executions)
    .where(and(eq(executions.userId, userId), eq(executions.source, 'manual')))
    .orderBy(asc(executions.executedAt), asc(executions.id));
  const annotationRows = await q
    .select()
    .from(tradeAnnotations)
    .where(eq(tradeAnnotations.userId, userId))
    .orderBy(asc(tradeAnnotations.key));

  const edgeIds = new Map<string, string[]>(planRows.map((p) => [p.id, []]));
  for (const l of links) edgeIds.get(l.planId)?.push(l.edgeId);
  const cited = new Set(links.map((l) => l.edgeId));
  return {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    exportedAt: iso(at),
    accounts: accountRows.map(toAccount),
    // A deactivated edge is kept only while a plan cites it: otherwise it is gone for the trader.
    edges: edgeRows.filter((e) => e.isActive || cited.has(e.id)).map(toEdge),
    tradeSetups: setupRows.map(toSetup),
    tradePlans: planRows.map((p) => toPlan(p, edgeIds.get(p.id) ?? [])),
    executions: executionRows.map(toExecution),
    tradeAnnotations: annotationRows.map(toAnnotation),
  };
}

/** What a restore will write, decided before anything is written. */
interface RestorePlan {
  accountInserts: BackupAccount[];
  accountUpdates: { id: string; settings: BackupAccount }[];
  edges: BackupEdge[];
  tradeSetups: BackupTradeSetup[];
  tradePlans: BackupTradePlan[];
  executions: BackupExecution[];
  annotationInserts: BackupTradeAnnotation[];
  annotationUpdates: BackupTradeAnnotation[];
  skipped: Record<BackupCollection, number>;
}

/**
 * Decides, record by record, whether the backup's record is new to the journal (written), already
 * there as it is (skipped), or a conflict: an id another trader holds (also as a deleted record),
 * an id the journal uses for something else, a name already used, a second active plan for a
 * stock. Reads only; the conflicts are all collected before any is reported.
 */
async function planRestore(
  tx: Transaction,
  userId: string,
  backup: Backup,
): Promise<{ plan: RestorePlan; conflicts: BackupProblem[] }> {
  const conflicts: BackupProblem[] = [];
  const conflict = (collection: BackupCollection, index: number, field: string, message: string) =>
    conflicts.push({
      collection,
      index,
      record: describeRecord(collection, backup[collection][index], index),
      field,
      message,
    });
  const skipped = countsOf(() => 0);
  const plan: RestorePlan = {
    accountInserts: [],
    accountUpdates: [],
    edges: [],
    tradeSetups: [],
    tradePlans: [],
    executions: [],
    annotationInserts: [],
    annotationUpdates: [],
    skipped,
  };

  /** Another trader's tombstones under these ids: their deleted records' ids stay theirs. */
  async function othersDeleted(collection: Collection, ids: readonly string[]): Promise<Set<string>> {
    const rows = await inChunks(ids, (chunk) =>
      tx
        .select({ recordId: tombstones.recordId, userId: tombstones.userId })
        .from(tombstones)
        .where(and(eq(tombstones.collection, collection), inArray(tombstones.recordId, chunk))),
    );
    return new Set(rows.filter((r) => r.userId !== userId).map((r) => r.recordId));
  }

  /**
   * The common decision for a record with an id: another trader's id (held or deleted) is a
   * conflict, the journal's own is skipped when the same and a conflict when not, and a free id
   * is the caller's to check further and write.
   */
  async function sortRecords<R extends { id: string }, Row extends { id: string; userId: string }>(
    collection: Exclude<BackupCollection, 'accounts' | 'tradeAnnotations'>,
    records: readonly R[],
    stored: (ids: string[]) => Promise<Row[]>,
    same: (record: R, row: Row) => boolean,
    fresh: (record: R, index: number) => void,
  ) {
    const ids = records.map((r) => r.id);
    const byId = new Map((await stored(ids)).map((r) => [r.id, r]));
    const deleted = await othersDeleted(collection, ids);
    records.forEach((record, index) => {
      const row = byId.get(record.id);
      if ((row && row.userId !== userId) || (!row && deleted.has(record.id))) {
        conflict(collection, index, 'id', messages.idInUse);
      } else if (row) {
        if (same(record, row)) skipped[collection]++;
        else conflict(collection, index, 'id', backupMessages.idHoldsOther);
      } else {
        fresh(record, index);
      }
    });
  }

  // Accounts are the trader's broker accounts: found by their hash, whatever their id here.
  const accountIdHere = new Map<string, string>();
  const ownAccounts = await tx.select().from(accountSettings).where(eq(accountSettings.userId, userId));
  const byHash = new Map(ownAccounts.map((r) => [r.accountHash, r]));
  const accountHolders = new Map(
    (
      await rowsWithIds(
        tx,
        accountSettings,
        accountSettings.id,
        backup.accounts.map((a) => a.id),
      )
    ).map((r) => [r.id, r]),
  );
  backup.accounts.forEach((account, index) => {
    const mine = byHash.get(account.accountHash);
    if (mine) {
      accountIdHere.set(account.id, mine.id);
      // Settings, not records: the backup's replace the journal's (the defaults of a new journal).
      if (sameContent.accounts(toAccount(mine), account)) skipped.accounts++;
      else plan.accountUpdates.push({ id: mine.id, settings: account });
      return;
    }
    const holder = accountHolders.get(account.id);
    if (holder) {
      conflict(
        'accounts',
        index,
        'id',
        holder.userId === userId ? backupMessages.idHoldsOther : messages.idInUse,
      );
      return;
    }
    accountIdHere.set(account.id, account.id);
    plan.accountInserts.push(account);
  });
  const hereAccount = (id: string) => accountIdHere.get(id) ?? id;

  const activeEdgeNames = new Map(
    (
      await tx
        .select({ id: edges.id, name: edges.name })
        .from(edges)
        .where(and(eq(edges.userId, userId), eq(edges.isActive, true)))
    ).map((e) => [e.name.toLowerCase(), e.id]),
  );
  await sortRecords(
    'edges',
    backup.edges,
    (ids) => rowsWithIds(tx, edges, edges.id, ids),
    (e, row) => sameContent.edges(e, toEdge(row)),
    (e, index) => {
      const holder = e.isActive ? activeEdgeNames.get(e.name.toLowerCase()) : undefined;
      if (holder !== undefined && holder !== e.id) conflict('edges', index, 'name', messages.edgeNameTaken);
      else plan.edges.push(e);
    },
  );

  const setupNames = new Map(
    (
      await tx
        .select({ id: tradeSetups.id, name: tradeSetups.name })
        .from(tradeSetups)
        .where(eq(tradeSetups.userId, userId))
    ).map((s) => [s.name.toLowerCase(), s.id]),
  );
  await sortRecords(
    'tradeSetups',
    backup.tradeSetups,
    (ids) => rowsWithIds(tx, tradeSetups, tradeSetups.id, ids),
    (s, row) => sameContent.tradeSetups(s, toSetup(row)),
    (s, index) => {
      const holder = setupNames.get(s.name.toLowerCase());
      if (holder !== undefined && holder !== s.id)
        conflict('tradeSetups', index, 'name', messages.setupNameTaken);
      else plan.tradeSetups.push(s);
    },
  );

  const activeStocks = new Map(
    (
      await tx
        .select({ id: tradePlans.id, stock: tradePlans.stock, status: tradePlans.status })
        .from(tradePlans)
        .where(eq(tradePlans.userId, userId))
    )
      .filter((p) => isActiveStatus(p.status))
      .map((p) => [p.stock, p.id]),
  );
  const planRows = await rowsWithIds(
    tx,
    tradePlans,
    tradePlans.id,
    backup.tradePlans.map((p) => p.id),
  );
  const planEdges = await edgeIdsOf(
    tx,
    planRows.filter((r) => r.userId === userId).map((r) => r.id),
  );
  await sortRecords(
    'tradePlans',
    backup.tradePlans,
    async () => planRows,
    (p, row) => sameContent.tradePlans(p, toPlan(row, planEdges.get(row.id) ?? [])),
    (p, index) => {
      const holder = isActiveStatus(p.status) ? activeStocks.get(p.stock) : undefined;
      if (holder !== undefined && holder !== p.id)
        conflict('tradePlans', index, 'stock', messages.activePlanExists);
      else plan.tradePlans.push(p);
    },
  );

  const fills = backup.executions.map((e) => ({ ...e, accountId: hereAccount(e.accountId) }));
  await sortRecords(
    'executions',
    fills,
    (ids) => rowsWithIds(tx, executions, executions.id, ids),
    (e, row) => row.source === 'manual' && sameContent.executions(e, toExecution(row)),
    (e) => plan.executions.push(e),
  );

  // Annotations are known by the trade's key, which names the account as it is here.
  const notes = backup.tradeAnnotations.map((a) => {
    const accountId = splitTradeKey(a.key)?.accountId ?? '';
    return { ...a, key: rekeyAnnotation(a.key, hereAccount(accountId)) };
  });
  const annotationRows = new Map(
    (
      await inChunks(
        notes.map((a) => a.key),
        (chunk) => tx.select().from(tradeAnnotations).where(inArray(tradeAnnotations.key, chunk)),
      )
    ).map((r) => [r.key, r]),
  );
  notes.forEach((a, index) => {
    const row = annotationRows.get(a.key);
    if (!row) plan.annotationInserts.push(a);
    else if (row.userId !== userId) conflict('tradeAnnotations', index, 'key', messages.idInUse);
    else if (sameContent.tradeAnnotations(a, toAnnotation(row))) skipped.tradeAnnotations++;
    else if (isUntouchedAnnotation(toAnnotation(row))) plan.annotationUpdates.push(a);
    else conflict('tradeAnnotations', index, 'key', backupMessages.idHoldsOther);
  });

  return { plan, conflicts };
}

/** Writes what `planRestore` decided, in the order the foreign keys need. */
async function writeRestore(tx: Transaction, userId: string, plan: RestorePlan): Promise<void> {
  const at = (t: string) => new Date(t);
  await insertChunks(
    tx,
    accountSettings,
    plan.accountInserts.map((a) => ({
      id: a.id,
      userId,
      accountHash: a.accountHash,
      originalBalance: a.originalBalance,
      capitalRisk: a.capitalRisk,
      maxTradeRisk: a.maxTradeRisk,
      scaleOutFactor: a.scaleOutFactor,
      heatLimit: a.heatLimit,
      createdAt: at(a.createdAt),
      updatedAt: at(a.updatedAt),
    })),
  );
  for (const { id, settings: s } of plan.accountUpdates) {
    await tx
      .update(accountSettings)
      .set({
        originalBalance: s.originalBalance,
        capitalRisk: s.capitalRisk,
        maxTradeRisk: s.maxTradeRisk,
        scaleOutFactor: s.scaleOutFactor,
        heatLimit: s.heatLimit,
        updatedAt: at(s.updatedAt),
      })
      .where(and(eq(accountSettings.id, id), eq(accountSettings.userId, userId)));
  }
  await insertChunks(
    tx,
    edges,
    plan.edges.map((e) => ({
      id: e.id,
      userId,
      name: e.name,
      description: e.description,
      identificationNotes: e.identificationNotes,
      weightFactor: e.weightFactor,
      isActive: e.isActive,
      createdAt: at(e.createdAt),
      updatedAt: at(e.updatedAt),
    })),
  );
  await insertChunks(
    tx,
    tradeSetups,
    plan.tradeSetups.map((s) => ({
      id: s.id,
      userId,
      name: s.name,
      description: s.description,
      entryCriteria: s.entryCriteria,
      exitCriteria: s.exitCriteria,
      notes: s.notes,
      createdAt: at(s.createdAt),
      updatedAt: at(s.updatedAt),
    })),
  );
  await insertChunks(
    tx,
    tradePlans,
    plan.tradePlans.map((p) => ({
      id: p.id,
      userId,
      stock: p.stock,
      entryPrice: p.entryPrice,
      stopLossPrice: p.stopLossPrice,
      probabilityOfSuccess: p.probabilityOfSuccess,
      status: p.status,
      scanId: p.scanId,
      tradeSetupId: p.tradeSetupId,
      targetPrice: p.targetPrice,
      notes: p.notes,
      marketCycleAtCreation: p.marketCycleAtCreation,
      createdAt: at(p.createdAt),
      updatedAt: at(p.updatedAt),
    })),
  );
  await insertChunks(
    tx,
    tradePlanEdges,
    plan.tradePlans.flatMap((p) => p.edgeIds.map((edgeId) => ({ planId: p.id, edgeId }))),
  );
  await insertChunks(
    tx,
    executions,
    plan.executions.map((e) => ({
      id: e.id,
      userId,
      accountId: e.accountId,
      symbol: e.symbol,
      side: e.side,
      quantity: e.quantity,
      price: e.price,
      fees: e.fees,
      executedAt: at(e.executedAt),
      source: 'manual' as const,
      createdAt: at(e.createdAt),
    })),
  );
  await insertChunks(
    tx,
    tradeAnnotations,
    plan.annotationInserts.map((a) => ({
      key: a.key,
      userId,
      planId: a.planId,
      initialStop: a.initialStop,
      notes: a.notes,
      createdAt: at(a.createdAt),
      updatedAt: at(a.updatedAt),
    })),
  );
  for (const a of plan.annotationUpdates) {
    await tx
      .update(tradeAnnotations)
      .set({ planId: a.planId, initialStop: a.initialStop, notes: a.notes, updatedAt: at(a.updatedAt) })
      .where(and(eq(tradeAnnotations.key, a.key), eq(tradeAnnotations.userId, userId)));
  }

  // A record the trader had deleted here is back: its tombstone goes, so a replayed create of it
  // is the record again. A deactivated edge is a deleted one, so it gets (or keeps) its tombstone.
  const restored: [Collection, string[]][] = [
    ['edges', plan.edges.filter((e) => e.isActive).map((e) => e.id)],
    ['tradeSetups', plan.tradeSetups.map((s) => s.id)],
    ['tradePlans', plan.tradePlans.map((p) => p.id)],
    ['executions', plan.executions.map((e) => e.id)],
  ];
  for (const [collection, ids] of restored) {
    for (let i = 0; i < ids.length; i += CHUNK) {
      await tx
        .delete(tombstones)
        .where(
          and(
            eq(tombstones.userId, userId),
            eq(tombstones.collection, collection),
            inArray(tombstones.recordId, ids.slice(i, i + CHUNK)),
          ),
        );
    }
  }
  const deactivated = plan.edges.filter((e) => !e.isActive);
  for (let i = 0; i < deactivated.length; i += CHUNK) {
    await tx
      .insert(tombstones)
      .values(
        deactivated
          .slice(i, i + CHUNK)
          .map((e) => ({ userId, collection: 'edges', recordId: e.id, deletedAt: at(e.updatedAt) })),
      )
      .onConflictDoNothing();
  }
}

export function createBackupRepository(db: Database, now: () => Date) {
  return {
    /** One consistent reading of the journal, however many writes happen meanwhile. */
    export: (userId: string): Promise<Backup> =>
      db.transaction((tx) => readBackup(tx, userId, now()), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      }),

    /**
     * Restores a checked backup (`checkBackup`) into the trader's journal, all or nothing
     * (docs/product.md, "Export and backup"). Two restores of one trader wait for each other.
     */
    restore: (userId: string, backup: Backup): Promise<RestoreResult> =>
      db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const { plan, conflicts } = await planRestore(tx, userId, backup);
        if (conflicts.length > 0) {
          const { message, errors } = describeProblems(conflicts, backupMessages.conflicts);
          throw new Refusal('conflict', message, errors);
        }
        await writeRestore(tx, userId, plan);
        return {
          restored: {
            accounts: plan.accountInserts.length + plan.accountUpdates.length,
            edges: plan.edges.length,
            tradeSetups: plan.tradeSetups.length,
            tradePlans: plan.tradePlans.length,
            executions: plan.executions.length,
            tradeAnnotations: plan.annotationInserts.length + plan.annotationUpdates.length,
          },
          skipped: plan.skipped,
        };
      }),
  };
}

export type BackupRepository = ReturnType<typeof createBackupRepository>;
