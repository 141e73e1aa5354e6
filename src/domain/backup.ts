// The full backup of a trader's journal (docs/product.md, "Export and backup"): what it holds and
// how a parsed one is checked before anything is restored. Each record is checked by its own
// struct (accounts.ts, edges.ts, setups.ts, tradePlans.ts, executions.ts, tradeAnnotation.ts), the one the
// API's writes answer to, and the whole by the journal's rules among its records.

import { type AccountRecord, sameAccount, validateAccountRecord } from './accounts.ts';
import { backupMessages } from './backupMessages.ts';
import type { LimitedCollection } from './constants.ts';
import { BACKUP_PROBLEMS_LISTED, BACKUP_PROBLEMS_NAMED } from './constants.ts';
import { activeNameOf, type Edge, sameEdge, validateEdgeRecord } from './edges.ts';
import { type BackupFill, isStatementFill, sameBackupFill, validateBackupFill } from './executions.ts';
import { parseIsoDateTime } from './isoDateTime.ts';
import { limitOf, notesBytesOf, notesFit } from './journalLimits.ts';
import { messages } from './messages.ts';
import { sameSetup, type TradeSetupRecord, validateSetupRecord } from './setups.ts';
import { type StoredAnnotation, sameAnnotation, validateAnnotationRecord } from './tradeAnnotation.ts';
import { splitTradeKey } from './tradeKeys.ts';
import { activeStockOf, samePlan, type TradePlan, validatePlanRecord } from './tradePlans.ts';
import { sameSettings, type TraderSettings, validateTraderSettingsRecord } from './traderSettings.ts';
import type { FieldError, ValidationResult } from './types.ts';
import { nameKey, normalizeStock } from './validation.ts';

/** What the document says it is, so that any other JSON file is told apart at once. */
export const BACKUP_FORMAT = 'trade-tracker-backup';
/**
 * The version of the document's shape. A restore reads its own version and older ones and refuses
 * newer ones; raise it when a field is added, renamed or changes meaning.
 */
export const BACKUP_FORMAT_VERSION = 3;

/** The collections a format added, by the version that added them: an older document holds none. */
const ADDED_IN: Partial<Record<BackupCollection, number>> = { traderSettings: 2 };

// What each collection holds: the records as stored (a fill when recorded by hand or imported
// from a statement, from format 3; the broker's API fills are imported again after a restore).
export type BackupAccount = AccountRecord;
export type BackupEdge = Edge;
export type BackupTradeSetup = TradeSetupRecord;
export type BackupTradePlan = TradePlan;
export type BackupExecution = BackupFill;
export type BackupTradeAnnotation = StoredAnnotation;
export type BackupTraderSettings = TraderSettings;

export interface Backup {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** When the server wrote it. */
  exportedAt: string;
  accounts: BackupAccount[];
  /** Active edges, and deactivated ones that a plan cites. */
  edges: BackupEdge[];
  tradeSetups: BackupTradeSetup[];
  tradePlans: BackupTradePlan[];
  executions: BackupExecution[];
  tradeAnnotations: BackupTradeAnnotation[];
  /** The trader's settings: none when never saved, else one (from format 2). */
  traderSettings: BackupTraderSettings[];
}

export const BACKUP_COLLECTIONS = [
  'accounts',
  'edges',
  'tradeSetups',
  'tradePlans',
  'executions',
  'tradeAnnotations',
  'traderSettings',
] as const;
export type BackupCollection = (typeof BACKUP_COLLECTIONS)[number];
export type BackupCounts = Record<BackupCollection, number>;

/** `POST /api/v1/backup`: what was written, and what the journal already held as it is. */
export interface RestoreResult {
  restored: BackupCounts;
  skipped: BackupCounts;
}

export const countsOf = (count: (c: BackupCollection) => number): BackupCounts =>
  Object.fromEntries(BACKUP_COLLECTIONS.map((c) => [c, count(c)])) as BackupCounts;

export const totalOf = (counts: BackupCounts): number =>
  BACKUP_COLLECTIONS.reduce((sum, c) => sum + counts[c], 0);

/** How many of each the backup holds: the summary shown before a restore is confirmed. */
export const backupCounts = (backup: Backup): BackupCounts => countsOf((c) => backup[c].length);

// ---- Naming records in messages ---------------------------------------------------------

const textOr = (v: unknown, fallback: string): string => (typeof v === 'string' && v !== '' ? v : fallback);

/** A record in the trader's words: 'edge "Trend"', 'trade plan AAPL (Ready)', 'fill Buy 100 AAPL at …'. */
export function describeRecord(collection: BackupCollection, record: unknown, index: number): string {
  const r = (typeof record === 'object' && record !== null ? record : {}) as Record<string, unknown>;
  const nth = `${index + 1}`;
  switch (collection) {
    case 'accounts':
      return `account ${textOr(r.accountHash, nth)}`;
    case 'edges':
      return `edge "${textOr(r.name, nth)}"`;
    case 'tradeSetups':
      return `trade setup "${textOr(r.name, nth)}"`;
    case 'tradePlans':
      return `trade plan ${textOr(r.stock, nth)}${typeof r.status === 'string' ? ` (${r.status})` : ''}`;
    case 'executions':
      return `fill ${[r.side, r.quantity, r.symbol].filter((v) => v !== undefined).join(' ') || nth}${
        typeof r.executedAt === 'string' ? ` at ${r.executedAt}` : ''
      }`;
    case 'tradeAnnotations': {
      const key = typeof r.key === 'string' ? splitTradeKey(r.key) : undefined;
      return key ? `trade ${key.symbol} opened ${key.openedAt}` : `trade ${nth}`;
    }
    case 'traderSettings':
      return 'settings';
  }
}

/** One problem of a record, named for the trader and placed for a program (`tradePlans[3].stock`). */
export interface BackupProblem {
  collection: BackupCollection | 'backup';
  index: number;
  /** The record's name ('trade plan AAPL'), or '' for the document itself. */
  record: string;
  field: string;
  message: string;
}

/** The refusal's message and its field list: the first few named, the rest counted. */
export function describeProblems(
  problems: readonly BackupProblem[],
  wording: (named: readonly string[], more: number) => string,
): { message: string; errors: FieldError[] } {
  const named = problems
    .slice(0, BACKUP_PROBLEMS_NAMED)
    .map((p) => (p.record ? `${p.record}: ${p.message}` : p.message));
  const errors = problems.slice(0, BACKUP_PROBLEMS_LISTED).map((p) => ({
    field: p.collection === 'backup' ? p.field : `${p.collection}[${p.index}]${p.field ? `.${p.field}` : ''}`,
    message: p.message,
  }));
  return { message: wording(named, Math.max(0, problems.length - named.length)), errors };
}

// ---- Checking a parsed document -----------------------------------------------------------

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A time as the server writes it (`toISOString`), or undefined when it is none. */
function isoTime(v: unknown): string | undefined {
  const at = typeof v === 'string' ? parseIsoDateTime(v) : null;
  return at === null ? undefined : new Date(at).toISOString();
}

/** Each collection's records, checked by the record's own struct. */
const CHECKS: Record<BackupCollection, (raw: unknown, now: Date) => ValidationResult<unknown>> = {
  accounts: validateAccountRecord,
  edges: validateEdgeRecord,
  tradeSetups: validateSetupRecord,
  tradePlans: validatePlanRecord,
  executions: validateBackupFill,
  tradeAnnotations: validateAnnotationRecord,
  traderSettings: validateTraderSettingsRecord,
};

/** The key a record is known by within its collection. */
const keyOf = (collection: BackupCollection, r: Record<string, unknown>): string =>
  String(collection === 'tradeAnnotations' ? r.key : r.id);

/**
 * What holds the backup together: no id twice, every setup, edge, account and plan a record cites
 * present in the backup, and the journal's own rules among its records (active edge names and
 * setup names unique, one active plan per stock).
 */
function checkWhole(
  backup: Backup,
  problem: (c: BackupCollection, i: number, field: string, m: string) => void,
) {
  for (const collection of BACKUP_COLLECTIONS) {
    const seen = new Set<string>();
    backup[collection].forEach((r, i) => {
      const key = keyOf(collection, r as unknown as Record<string, unknown>);
      if (seen.has(key))
        problem(collection, i, collection === 'tradeAnnotations' ? 'key' : 'id', backupMessages.duplicateId);
      seen.add(key);
    });
  }
  backup.traderSettings.forEach((_, i) => {
    if (i > 0) problem('traderSettings', i, 'id', backupMessages.oneSettingsRecord);
  });
  const hashes = new Set<string>();
  backup.accounts.forEach((a, i) => {
    if (hashes.has(a.accountHash)) problem('accounts', i, 'accountHash', backupMessages.duplicateId);
    hashes.add(a.accountHash);
  });
  const unique = <T>(
    collection: BackupCollection,
    rows: readonly T[],
    keyOfRow: (r: T) => string | undefined,
    field: string,
    message: string,
  ) => {
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      const key = keyOfRow(r);
      if (key === undefined) return;
      if (seen.has(key)) problem(collection, i, field, message);
      seen.add(key);
    });
  };
  unique('edges', backup.edges, activeNameOf, 'name', messages.edgeNameTaken);
  unique('tradeSetups', backup.tradeSetups, (s) => nameKey(s.name), 'name', messages.setupNameTaken);
  unique('tradePlans', backup.tradePlans, activeStockOf, 'stock', messages.activePlanExists);
  // A statement's fill is one per identity in its account, as the import keeps it.
  unique(
    'executions',
    backup.executions,
    (e) => (isStatementFill(e) ? `${e.accountId}/${e.brokerExecutionId}` : undefined),
    'brokerExecutionId',
    backupMessages.duplicateId,
  );

  const ids = (rows: readonly { id: string }[]) => new Set(rows.map((r) => r.id));
  const [accounts, edges, setups] = [ids(backup.accounts), ids(backup.edges), ids(backup.tradeSetups)];
  backup.tradePlans.forEach((p, i) => {
    if (p.tradeSetupId !== null && !setups.has(p.tradeSetupId))
      problem('tradePlans', i, 'tradeSetupId', messages.setupNotFound);
    if (p.edgeIds.some((id) => !edges.has(id))) problem('tradePlans', i, 'edgeIds', messages.edgeNotFound);
  });
  backup.executions.forEach((e, i) => {
    if (!accounts.has(e.accountId)) problem('executions', i, 'accountId', messages.accountNotFound);
  });
  const planById = new Map(backup.tradePlans.map((p) => [p.id, p]));
  backup.tradeAnnotations.forEach((a, i) => {
    const key = splitTradeKey(a.key);
    if (!accounts.has(key?.accountId ?? '')) problem('tradeAnnotations', i, 'key', messages.accountNotFound);
    const plan = a.planId === null ? undefined : planById.get(a.planId);
    if (a.planId !== null && !plan) problem('tradeAnnotations', i, 'planId', messages.planNotFound);
    // As the API links (PUT /trades/{id}): a plan of the trade's own stock. A plan whose stock was
    // changed after the link was made (it was edited later) keeps it, as it does in the journal.
    else if (
      plan &&
      key &&
      normalizeStock(plan.stock) !== key.symbol &&
      !(Date.parse(plan.updatedAt) > Date.parse(a.updatedAt))
    )
      problem('tradeAnnotations', i, 'planId', messages.tradePlanOtherSymbol);
  });
}

/** A backup that can be restored, or why not, in words that name the first problems. */
export type BackupCheck = { ok: true; value: Backup } | { ok: false; message: string; errors: FieldError[] };

const refuse = (field: string, message: string): BackupCheck => ({
  ok: false,
  message,
  errors: [{ field, message }],
});

/** How many records a check reads between two pauses (`checkBackupSteps`): milliseconds of work. */
export const BACKUP_CHECK_SLICE = 200;

/**
 * Checks a parsed backup with the same rules and messages as the API's own writes, record by
 * record, then as a whole (`checkWhole`). A newer format is refused before anything else is read.
 * `now` is the clock fills are checked against. Ids come back lower-case, times as `toISOString`
 * writes them, text as the API stores it.
 */
export function checkBackup(body: unknown, now: Date): BackupCheck {
  const steps = checkBackupSteps(body, now);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `checkBackup` a slice of records at a time: it pauses (yields) after every BACKUP_CHECK_SLICE
 * records, so a server checking a large backup can let other requests run between slices.
 */
export function* checkBackupSteps(body: unknown, now: Date): Generator<void, BackupCheck> {
  if (!isPlainObject(body) || body.format !== BACKUP_FORMAT)
    return refuse('format', backupMessages.notABackup);
  const version = body.formatVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return refuse('formatVersion', backupMessages.notABackup);
  }
  if (version > BACKUP_FORMAT_VERSION) {
    return refuse('formatVersion', backupMessages.formatTooNew(version, BACKUP_FORMAT_VERSION));
  }
  const problems: BackupProblem[] = [];
  const exportedAt = isoTime(body.exportedAt);
  if (exportedAt === undefined) {
    problems.push({
      collection: 'backup',
      index: 0,
      record: '',
      field: 'exportedAt',
      message: backupMessages.timeInvalid,
    });
  }
  const backup = { format: BACKUP_FORMAT, formatVersion: version, exportedAt: exportedAt ?? '' } as Backup;
  for (const collection of BACKUP_COLLECTIONS) {
    const added = ADDED_IN[collection];
    const rows =
      body[collection] === undefined && added !== undefined && version < added ? [] : body[collection];
    if (!Array.isArray(rows)) {
      problems.push({
        collection: 'backup',
        index: 0,
        record: '',
        field: collection,
        message: backupMessages.mustBeList,
      });
      backup[collection] = [];
      continue;
    }
    const limit = limitOf(collection);
    if (limit !== undefined && rows.length > limit) {
      // Records past what a journal holds are not read one by one: the whole is refused.
      problems.push({
        collection: 'backup',
        index: 0,
        record: '',
        field: collection,
        message: messages.journalWouldOverflow(collection as LimitedCollection, rows.length),
      });
      backup[collection] = [];
      continue;
    }
    const valid: unknown[] = [];
    for (const [index, raw] of (rows as unknown[]).entries()) {
      if (index > 0 && index % BACKUP_CHECK_SLICE === 0) yield;
      const record = describeRecord(collection, raw, index);
      const result = isPlainObject(raw)
        ? CHECKS[collection](raw, now)
        : { ok: false as const, errors: [{ field: '', message: messages.invalidBody }] };
      if (result.ok) valid.push(result.value);
      else
        for (const e of result.errors)
          problems.push({ collection, index, record, field: e.field, message: e.message });
    }
    (backup[collection] as unknown[]) = valid;
  }
  // Links between records are checked only among records that are valid themselves.
  if (problems.length === 0) {
    checkWhole(backup, (collection, index, field, message) =>
      problems.push({
        collection,
        index,
        record: describeRecord(collection, backup[collection][index], index),
        field,
        message,
      }),
    );
  }
  if (
    problems.length === 0 &&
    !notesFit(notesBytesOf(backup.tradePlans, backup.tradeAnnotations, backup.tradeSetups))
  ) {
    problems.push({
      collection: 'backup',
      index: 0,
      record: '',
      field: 'notes',
      message: messages.journalNotesFull,
    });
  }
  if (problems.length > 0) return { ok: false, ...describeProblems(problems, backupMessages.problems) };
  return { ok: true, value: backup };
}

/**
 * Whether a record already in the journal is the backup's, so a restore skips it rather than
 * refusing: every field the trader wrote is equal; when it was created or last edited is not
 * compared (an edit undone is the same record).
 */
export const sameContent = {
  accounts: sameAccount,
  edges: sameEdge,
  tradeSetups: sameSetup,
  tradePlans: samePlan,
  executions: sameBackupFill,
  tradeAnnotations: sameAnnotation,
  traderSettings: sameSettings,
} as const;
