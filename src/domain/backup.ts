// The full backup of a trader's journal (docs/product.md, "Export and backup"): what it holds, how
// a parsed one is checked before anything is restored, and when a stored record is the same one.

import { backupMessages } from './backupMessages.ts';
import { BACKUP_PROBLEMS_LISTED, BACKUP_PROBLEMS_NAMED } from './constants.ts';
import { parseIsoDateTime } from './isoDateTime.ts';
import { messages } from './messages.ts';
import { isActiveStatus } from './tradePlans.ts';
import type {
  AccountSettings,
  CycleType,
  Edge,
  ExecutionSide,
  FieldError,
  TradePlanStatus,
  ValidationResult,
} from './types.ts';
import {
  isUuid,
  validateAccountSettings,
  validateEdgeInput,
  validateExecutionInput,
  validateStatusChange,
  validateTradePlanCreate,
  validateTradeSetupInput,
  validateTradeUpdate,
} from './validation.ts';

/** What the document says it is, so that any other JSON file is told apart at once. */
export const BACKUP_FORMAT = 'trade-tracker-backup';
/**
 * The version of the document's shape. A restore reads its own version and older ones and refuses
 * newer ones; raise it when a field is added, renamed or changes meaning.
 */
export const BACKUP_FORMAT_VERSION = 1;

/** The trader's settings of one broker account, found again by its hash at the broker. */
export interface BackupAccount extends AccountSettings {
  id: string;
  accountHash: string;
  createdAt: string;
  updatedAt: string;
}

/** Active edges, and deactivated ones that a plan cites. */
export type BackupEdge = Edge;

export interface BackupTradeSetup {
  id: string;
  name: string;
  description: string;
  entryCriteria: string;
  exitCriteria: string;
  notes: string;
  createdAt: string;
  updatedAt: string;
}

export interface BackupTradePlan {
  id: string;
  stock: string;
  entryPrice: number;
  stopLossPrice: number;
  targetPrice: number | null;
  probabilityOfSuccess: number | null;
  status: TradePlanStatus;
  scanId: string | null;
  tradeSetupId: string | null;
  edgeIds: string[];
  notes: string;
  marketCycleAtCreation: CycleType | null;
  createdAt: string;
  updatedAt: string;
}

/** A fill recorded by hand; the broker's are imported again after a restore. */
export interface BackupExecution {
  id: string;
  accountId: string;
  symbol: string;
  side: ExecutionSide;
  quantity: number;
  price: number;
  fees: number;
  executedAt: string;
  createdAt: string;
}

/** What the trader attached to a trade, under the trade's key (`accountId|symbol|openedAt`). */
export interface BackupTradeAnnotation {
  key: string;
  planId: string | null;
  initialStop: number | null;
  notes: string;
  createdAt: string;
  updatedAt: string;
}

export interface Backup {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** When the server wrote it. */
  exportedAt: string;
  accounts: BackupAccount[];
  edges: BackupEdge[];
  tradeSetups: BackupTradeSetup[];
  tradePlans: BackupTradePlan[];
  executions: BackupExecution[];
  tradeAnnotations: BackupTradeAnnotation[];
}

export const BACKUP_COLLECTIONS = [
  'accounts',
  'edges',
  'tradeSetups',
  'tradePlans',
  'executions',
  'tradeAnnotations',
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

/** The account, symbol and opening time a trade key holds; undefined when it holds none. */
export function splitTradeKey(
  key: string,
): { accountId: string; symbol: string; openedAt: string } | undefined {
  const [accountId, symbol, openedAt, nth, ...rest] = key.split('|');
  if (accountId === undefined || symbol === undefined || openedAt === undefined || rest.length > 0) {
    return undefined;
  }
  if (!isUuid(accountId) || symbol === '' || parseIsoDateTime(openedAt) === null) return undefined;
  if (nth !== undefined && !/^[2-9]$|^[1-9]\d+$/.test(nth)) return undefined;
  return { accountId, symbol, openedAt };
}

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

const lower = (id: string): string => id.toLowerCase();

type Check<T> = (raw: Record<string, unknown>, now: Date) => ValidationResult<T>;

/** Merges a domain validator's answer with the backup's own fields, which every record carries. */
function withStamps<T>(
  raw: Record<string, unknown>,
  result: ValidationResult<T>,
  extra: FieldError[],
  build: (value: T, stamps: { createdAt: string; updatedAt: string }) => unknown,
  stamps: readonly ('createdAt' | 'updatedAt')[] = ['createdAt', 'updatedAt'],
) {
  const own = result.ok ? [] : result.errors;
  // One message per field: the validator's, when it already refused the same field.
  const errors = [...own, ...extra.filter((e) => !own.some((o) => o.field === e.field))];
  const times: Record<string, string> = {};
  for (const field of stamps) {
    const t = isoTime(raw[field]);
    if (t === undefined) errors.push({ field, message: backupMessages.timeInvalid });
    else times[field] = t;
  }
  if (!result.ok || errors.length > 0) return { ok: false as const, errors };
  return { ok: true as const, value: build(result.value, times as { createdAt: string; updatedAt: string }) };
}

const idErrors = (raw: Record<string, unknown>): FieldError[] =>
  isUuid(raw.id) ? [] : [{ field: 'id', message: messages.idNotUuid }];

const checkAccount: Check<BackupAccount> = (raw) => {
  const extra = idErrors(raw);
  const hash = raw.accountHash;
  if (typeof hash !== 'string' || hash.trim() === '' || /\p{Cc}/u.test(hash)) {
    extra.push({ field: 'accountHash', message: backupMessages.accountHashInvalid });
  }
  // A backup always carries the heat limit, so a missing one is a broken backup, not "keep it".
  const settings = validateAccountSettings({ ...raw, heatLimit: raw.heatLimit ?? Number.NaN });
  return withStamps(raw, settings, extra, (s, t) => ({
    id: lower(raw.id as string),
    accountHash: hash as string,
    originalBalance: s.originalBalance,
    capitalRisk: s.capitalRisk,
    maxTradeRisk: s.maxTradeRisk,
    scaleOutFactor: s.scaleOutFactor,
    heatLimit: s.heatLimit as number,
    ...t,
  })) as ValidationResult<BackupAccount>;
};

const checkEdge: Check<BackupEdge> = (raw) => {
  const extra = idErrors(raw);
  if (typeof raw.isActive !== 'boolean')
    extra.push({ field: 'isActive', message: backupMessages.mustBeYesOrNo });
  return withStamps(raw, validateEdgeInput(raw), extra, (e, t) => ({
    id: lower(raw.id as string),
    name: e.name,
    description: e.description,
    identificationNotes: e.identificationNotes,
    weightFactor: e.weightFactor,
    isActive: raw.isActive as boolean,
    ...t,
  })) as ValidationResult<BackupEdge>;
};

const checkSetup: Check<BackupTradeSetup> = (raw) =>
  withStamps(raw, validateTradeSetupInput(raw), idErrors(raw), (s, t) => ({
    id: lower(raw.id as string),
    name: s.name,
    description: s.description,
    entryCriteria: s.entryCriteria,
    exitCriteria: s.exitCriteria,
    notes: s.notes,
    ...t,
  })) as ValidationResult<BackupTradeSetup>;

const checkPlan: Check<BackupTradePlan> = (raw) => {
  const extra = idErrors(raw);
  const status = validateStatusChange({ status: raw.status });
  if (!status.ok) extra.push(...status.errors);
  return withStamps(raw, validateTradePlanCreate(raw), extra, (p, t) => ({
    id: lower(raw.id as string),
    stock: p.stock,
    entryPrice: p.entryPrice,
    stopLossPrice: p.stopLossPrice,
    targetPrice: p.targetPrice ?? null,
    probabilityOfSuccess: p.probabilityOfSuccess ?? null,
    status: (status as { value: { status: TradePlanStatus } }).value.status,
    scanId: p.scanId ?? null,
    tradeSetupId: p.tradeSetupId ? lower(p.tradeSetupId) : null,
    edgeIds: p.edgeIds ?? [],
    notes: p.notes ?? '',
    marketCycleAtCreation: p.marketCycleAtCreation ?? null,
    ...t,
  })) as ValidationResult<BackupTradePlan>;
};

const checkExecution: Check<BackupExecution> = (raw, now) =>
  withStamps(
    raw,
    validateExecutionInput(raw, now),
    idErrors(raw),
    (e, t) => ({
      id: lower(raw.id as string),
      accountId: lower(e.accountId),
      symbol: e.symbol,
      side: e.side,
      quantity: e.quantity,
      price: e.price,
      fees: e.fees ?? 0,
      executedAt: e.executedAt,
      createdAt: t.createdAt,
    }),
    ['createdAt'],
  ) as ValidationResult<BackupExecution>;

const checkAnnotation: Check<BackupTradeAnnotation> = (raw) => {
  const key = typeof raw.key === 'string' ? splitTradeKey(raw.key) : undefined;
  const extra: FieldError[] = key ? [] : [{ field: 'key', message: backupMessages.tradeKeyInvalid }];
  return withStamps(raw, validateTradeUpdate(raw), extra, (a, t) => ({
    // The account's id is written as the database writes ids; the rest of the key as it is.
    key: `${lower(key!.accountId)}${(raw.key as string).slice(key!.accountId.length)}`,
    planId: a.planId,
    initialStop: a.initialStop,
    notes: a.notes,
    ...t,
  })) as ValidationResult<BackupTradeAnnotation>;
};

const CHECKS: { [C in BackupCollection]: Check<Backup[C][number]> } = {
  accounts: checkAccount,
  edges: checkEdge,
  tradeSetups: checkSetup,
  tradePlans: checkPlan,
  executions: checkExecution,
  tradeAnnotations: checkAnnotation,
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
  unique(
    'edges',
    backup.edges,
    (e) => (e.isActive ? e.name.toLowerCase() : undefined),
    'name',
    messages.edgeNameTaken,
  );
  unique('tradeSetups', backup.tradeSetups, (s) => s.name.toLowerCase(), 'name', messages.setupNameTaken);
  unique(
    'tradePlans',
    backup.tradePlans,
    (p) => (isActiveStatus(p.status) ? p.stock : undefined),
    'stock',
    messages.activePlanExists,
  );

  const ids = (rows: readonly { id: string }[]) => new Set(rows.map((r) => r.id));
  const [accounts, edges, setups, plans] = [
    ids(backup.accounts),
    ids(backup.edges),
    ids(backup.tradeSetups),
    ids(backup.tradePlans),
  ];
  backup.tradePlans.forEach((p, i) => {
    if (p.tradeSetupId !== null && !setups.has(p.tradeSetupId))
      problem('tradePlans', i, 'tradeSetupId', messages.setupNotFound);
    if (p.edgeIds.some((id) => !edges.has(id))) problem('tradePlans', i, 'edgeIds', messages.edgeNotFound);
  });
  backup.executions.forEach((e, i) => {
    if (!accounts.has(e.accountId)) problem('executions', i, 'accountId', messages.accountNotFound);
  });
  backup.tradeAnnotations.forEach((a, i) => {
    if (!accounts.has(splitTradeKey(a.key)?.accountId ?? ''))
      problem('tradeAnnotations', i, 'key', messages.accountNotFound);
    if (a.planId !== null && !plans.has(a.planId))
      problem('tradeAnnotations', i, 'planId', messages.planNotFound);
  });
}

/** A backup that can be restored, or why not, in words that name the first problems. */
export type BackupCheck = { ok: true; value: Backup } | { ok: false; message: string; errors: FieldError[] };

const refuse = (field: string, message: string): BackupCheck => ({
  ok: false,
  message,
  errors: [{ field, message }],
});

/**
 * Checks a parsed backup with the same rules and messages as the API's own writes, record by
 * record, then as a whole (`checkWhole`). A newer format is refused before anything else is read.
 * `now` is the clock fills are checked against. Ids come back lower-case, times as `toISOString`
 * writes them, text as the API stores it.
 */
export function checkBackup(body: unknown, now: Date): BackupCheck {
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
    const rows = body[collection];
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
    const valid: unknown[] = [];
    rows.forEach((raw: unknown, index) => {
      const record = describeRecord(collection, raw, index);
      const result = isPlainObject(raw)
        ? (CHECKS[collection] as Check<unknown>)(raw, now)
        : { ok: false as const, errors: [{ field: '', message: messages.invalidBody }] };
      if (result.ok) valid.push(result.value);
      else
        for (const e of result.errors)
          problems.push({ collection, index, record, field: e.field, message: e.message });
    });
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
  if (problems.length > 0) return { ok: false, ...describeProblems(problems, backupMessages.problems) };
  return { ok: true, value: backup };
}

// ---- The same record ------------------------------------------------------------------------

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
};

/**
 * Whether a record already in the journal is the backup's, so a restore skips it rather than
 * refusing: every field the trader wrote is equal; when it was created or last edited is not
 * compared (an edit undone is the same record).
 */
export const sameContent = {
  accounts: (a: BackupAccount, b: BackupAccount) =>
    a.accountHash === b.accountHash &&
    a.originalBalance === b.originalBalance &&
    a.capitalRisk === b.capitalRisk &&
    a.maxTradeRisk === b.maxTradeRisk &&
    a.scaleOutFactor === b.scaleOutFactor &&
    a.heatLimit === b.heatLimit,
  edges: (a: BackupEdge, b: BackupEdge) =>
    a.name === b.name &&
    a.description === b.description &&
    a.identificationNotes === b.identificationNotes &&
    a.weightFactor === b.weightFactor &&
    a.isActive === b.isActive,
  tradeSetups: (a: BackupTradeSetup, b: BackupTradeSetup) =>
    a.name === b.name &&
    a.description === b.description &&
    a.entryCriteria === b.entryCriteria &&
    a.exitCriteria === b.exitCriteria &&
    a.notes === b.notes,
  tradePlans: (a: BackupTradePlan, b: BackupTradePlan) =>
    a.stock === b.stock &&
    a.entryPrice === b.entryPrice &&
    a.stopLossPrice === b.stopLossPrice &&
    a.targetPrice === b.targetPrice &&
    a.probabilityOfSuccess === b.probabilityOfSuccess &&
    a.status === b.status &&
    a.scanId === b.scanId &&
    a.tradeSetupId === b.tradeSetupId &&
    sameSet(a.edgeIds, b.edgeIds) &&
    a.notes === b.notes &&
    a.marketCycleAtCreation === b.marketCycleAtCreation,
  executions: (a: BackupExecution, b: BackupExecution) =>
    a.accountId === b.accountId &&
    a.symbol === b.symbol &&
    a.side === b.side &&
    a.quantity === b.quantity &&
    a.price === b.price &&
    a.fees === b.fees &&
    Date.parse(a.executedAt) === Date.parse(b.executedAt),
  tradeAnnotations: (a: BackupTradeAnnotation, b: BackupTradeAnnotation) =>
    a.planId === b.planId && a.initialStop === b.initialStop && a.notes === b.notes,
} as const;

/**
 * An annotation the trader has not made theirs: one that holds nothing, or one never edited since
 * the import stored it when the trade's fills first arrived (no plan or the plan that claims the
 * trade, and the stop the broker reported). A restore fills it from the backup instead of calling
 * it a conflict, so a journal whose broker fills were imported before the restore gets its links,
 * stops and notes back.
 */
export const isUntouchedAnnotation = (
  a: Pick<BackupTradeAnnotation, 'planId' | 'initialStop' | 'notes' | 'createdAt' | 'updatedAt'>,
): boolean =>
  (a.planId === null && a.initialStop === null && a.notes === '') ||
  Date.parse(a.createdAt) === Date.parse(a.updatedAt);

/** The annotation's key with its account id replaced: the same trade in a journal where the account has another id. */
export function rekeyAnnotation(key: string, accountId: string): string {
  const at = key.indexOf('|');
  return `${accountId}${key.slice(at)}`;
}
