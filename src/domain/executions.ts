// A fill (docs/product.md, "Trades"): one execution, recorded by hand or imported from the broker.
// Its struct is the one definition of the record: the types, the manual fill's validator, a new
// fill, the backup's check and what a broker's fill must be to be imported.
import { defaulted, define, type Struct, validate } from 'superstruct';
import { backupMessages } from './backupMessages.ts';
import {
  EXECUTION_CLOCK_SKEW_MINUTES,
  FEES_MAX,
  FIRST_IMPORT_DAYS,
  IMPORT_OVERLAP_DAYS,
  PRICE_MAX,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from './constants.ts';
import { parseIsoDateTime } from './isoDateTime.ts';
import { messages } from './messages.ts';
import { optionContract, sameContract } from './optionContract.ts';
import { EXECUTION_SIDES, type FieldError, type ValidationResult } from './types.ts';
import {
  between,
  clientId,
  filled,
  type Infer,
  isoTime,
  type Loose,
  normalizeStock,
  nullAs,
  nullable,
  object,
  oneOf,
  optional,
  price,
  sameValues,
  stock,
  text,
  uuid,
  validator,
  withDefaults,
} from './validation.ts';

export const POSITION_EFFECTS = ['Open', 'Close'] as const;
// 'statement': imported from a broker's statement file (docs/product.md, "Importing statements").
export const EXECUTION_SOURCES = ['manual', 'broker', 'statement'] as const;
/**
 * What an execution is (docs/product.md, "Trades"): a `fill` (a trade at a price), or one of the
 * broker's position adjustments, which are not trades: a `split` (the shares a split or reverse
 * split added or took away) and a `transfer` (shares moved into or out of the account). The side
 * says which way the shares moved: Buy into the account, Sell out of it.
 */
export const EXECUTION_KINDS = ['fill', 'split', 'transfer', 'expiry', 'assignment', 'exercise'] as const;
export type ExecutionKind = (typeof EXECUTION_KINDS)[number];
/**
 * How a broker books an option's end without a trade (docs/product.md, "Options"): the contract
 * closes at 0 (`expiry`; `assignment` of a short one, `exercise` of a long one, whose shares move at
 * the strike as fills of their own). They are option fills at price 0: matched as fills.
 */
export const OPTION_CLOSINGS = ['expiry', 'assignment', 'exercise'] as const;
export type OptionClosing = (typeof OPTION_CLOSINGS)[number];
export const isOptionClosing = (kind: ExecutionKind | undefined): kind is OptionClosing =>
  (OPTION_CLOSINGS as readonly string[]).includes(kind ?? '');

/** What a fill is, whoever recorded it. */
const fillFields = {
  // Whose account it is, the server checks ('Account not found'); here only that it is an id.
  accountId: uuid,
  symbol: stock,
  side: oneOf(EXECUTION_SIDES, messages.sideInvalid),
  quantity: define<number>('quantity', (v) => {
    if (v === undefined) return messages.quantityNotPositive;
    if (typeof v !== 'number' || !Number.isFinite(v)) return messages.mustBeNumber;
    if (!(v > 0)) return messages.quantityNotPositive;
    if (v < QUANTITY_MIN) return messages.quantityTooSmall;
    return v <= QUANTITY_MAX || messages.quantityTooLarge;
  }),
  price: price(messages.priceNotPositive, 'Price'),
  /** All fees and commissions of the fill; null or left out is none. */
  fees: nullAs(0, between([0, false, messages.feesNegative], [FEES_MAX, messages.feesTooHigh])),
  executedAt: isoTime(messages.executedAtInvalid),
  /**
   * The option contract the fill traded (docs/product.md, "Options"), its underlying being
   * `symbol`. A stock's fill has none: left out (null is taken as none), so every fill recorded
   * before options, and every stock fill since, reads as it did.
   */
  option: optional(nullable(optionContract)),
};
export const fillDefaults = { fees: 0 };
const FILL_FIELDS = Object.keys(fillFields) as (keyof typeof fillFields)[];

/** `POST /api/v1/executions`: a fill recorded by hand. */
const executionInput = object({ ...clientId, ...withDefaults(fillFields, fillDefaults) });
export type ExecutionInput = Loose<Infer<typeof executionInput>, typeof fillDefaults>;

/** A fill as stored, sent by the API and cached by the app. */
export const executionRecord = object({
  id: uuid,
  ...fillFields,
  /**
   * A fill's price; an adjustment's cost per share as the broker reported it, 0 when it reported
   * none (a split always: it moves shares, not money).
   */
  price: between([0, false, messages.priceNotPositive], [PRICE_MAX, messages.priceTooHigh('Price')]),
  /** Left out by rows cached before adjustments were read: those are fills (`kindOf`). */
  kind: optional(oneOf(EXECUTION_KINDS, messages.invalidBody)),
  source: oneOf(EXECUTION_SOURCES, messages.invalidBody),
  /** The broker's id of the fill (unique per account); null for manual fills. */
  brokerExecutionId: nullable(text(Number.POSITIVE_INFINITY, '')),
  /**
   * Whether the broker booked the fill as opening or closing a position. A closing fill never
   * opens one: what it closes beyond the known position came from before the history we hold.
   * Manual fills carry null: a Sell from flat opens a short.
   */
  positionEffect: nullable(oneOf(POSITION_EFFECTS, messages.invalidBody)),
  createdAt: isoTime(backupMessages.timeInvalid),
});
export type Execution = Infer<typeof executionRecord>;
export type ExecutionSource = Execution['source'];
export type PositionEffect = NonNullable<Execution['positionEffect']>;

/** A fill recorded by hand as a backup holds it: the broker's fills are imported again instead. */
const manualFillRecord = object({
  id: uuid,
  ...withDefaults(fillFields, fillDefaults),
  createdAt: isoTime(backupMessages.timeInvalid),
});
export type ManualFill = Infer<typeof manualFillRecord>;

/**
 * A fill imported from a statement (docs/product.md, "Importing statements"): checked by this
 * struct when it is imported and when a backup brings it back, which holds it whole, since no
 * broker can send it again. Its identity in the file is `brokerExecutionId`.
 */
const statementFillRecord = object({
  id: uuid,
  ...withDefaults(fillFields, fillDefaults),
  // A split the file books moves shares at no price.
  price: between([0, false, messages.priceNotPositive], [PRICE_MAX, messages.priceTooHigh('Price')]),
  kind: oneOf(EXECUTION_KINDS, messages.invalidBody),
  source: oneOf(['statement'] as const, messages.invalidBody),
  brokerExecutionId: define<string>(
    'statementIdentity',
    (v) => (typeof v === 'string' && v !== '' && v.length <= 1000) || messages.invalidBody,
  ),
  positionEffect: nullable(oneOf(POSITION_EFFECTS, messages.invalidBody)),
  createdAt: isoTime(backupMessages.timeInvalid),
});
export type StatementFillRecord = Infer<typeof statementFillRecord>;

/**
 * Not in the future: `now` is the server's clock, or the phone's for an offline fill; a time up to
 * EXECUTION_CLOCK_SKEW_MINUTES past it is accepted, since the two clocks rarely agree to the second.
 */
const notInFuture =
  (now: Date) =>
  (body: Record<string, unknown>, errors: FieldError[]): void => {
    const at = typeof body.executedAt === 'string' ? parseIsoDateTime(body.executedAt) : null;
    if (at !== null && at > now.getTime() + EXECUTION_CLOCK_SKEW_MINUTES * 60_000) {
      errors.push({ field: 'executedAt', message: messages.executedAtInFuture });
    }
  };

/** A manual fill (docs/product.md, "Trades"); `executedAt` comes back as `toISOString` writes it. */
export const validateExecutionInput = (body: unknown, now: Date) =>
  validator(executionInput, notInFuture(now))(body);

/** A manual fill the backup holds, checked as the API checks a new one, plus its stamp. */
export const validateManualFill = (body: unknown, now: Date) =>
  validator(manualFillRecord, notInFuture(now))(body);

/** A fill of a statement as it is imported or restored, checked as the API checks a manual one. */
export const validateStatementFill = (body: unknown, now: Date) =>
  validator(statementFillRecord, notInFuture(now))(body);

/** The fields a statement fill is written with, in the order a backup lists them. */
export const STATEMENT_FILL_FIELDS = Object.keys(
  statementFillRecord.schema as object,
) as (keyof StatementFillRecord)[];

/** The fields a manual fill is written with, in the order a backup lists them. */
export const MANUAL_FILL_FIELDS = Object.keys(manualFillRecord.schema as object) as (keyof ManualFill)[];

/** The same fill, whenever it was recorded (a restore skips it). */
export const sameFill = (a: ManualFill, b: ManualFill): boolean =>
  sameValues(a, b, ['accountId', 'symbol', 'side', 'quantity', 'price', 'fees']) &&
  sameContract(a.option ?? null, b.option ?? null) &&
  Date.parse(a.executedAt) === Date.parse(b.executedAt);

/**
 * A fill as a backup holds it: recorded by hand, or imported from a statement (with its source
 * and identity); the broker's API fills are imported again instead.
 */
export type BackupFill = ManualFill | StatementFillRecord;

/** A backup's fill, checked as the API or the import checks it: by its source's own struct. */
export const validateBackupFill = (body: unknown, now: Date): ValidationResult<BackupFill> =>
  typeof body === 'object' && body !== null && (body as { source?: unknown }).source === 'statement'
    ? validateStatementFill(body, now)
    : validateManualFill(body, now);

/** Whether a backup's fill came from a statement (a manual one carries no source). */
export const isStatementFill = (fill: BackupFill): fill is StatementFillRecord =>
  'source' in fill && fill.source === 'statement';

/** The same backup fill: a manual one as `sameFill`, a statement's also by its source and identity. */
export const sameBackupFill = (a: BackupFill, b: BackupFill): boolean =>
  isStatementFill(a) === isStatementFill(b) &&
  sameFill(a, b) &&
  (!isStatementFill(a) ||
    (isStatementFill(b) &&
      a.brokerExecutionId === b.brokerExecutionId &&
      a.kind === b.kind &&
      a.positionEffect === b.positionEffect));

/**
 * A manual fill as the server stores it and the app queues it offline. The caller picks the id
 * (the client's, when it sent one) and the creation time, since the domain reads no clock.
 */
export function newExecution(input: ExecutionInput, made: { id: string; createdAt: string }): Execution {
  const fill = filled<ManualFill, keyof typeof fillFields>(FILL_FIELDS, fillDefaults, input);
  const { option, ...stock } = fill;
  return {
    id: made.id,
    ...stock,
    ...(option ? { option } : {}),
    symbol: normalizeStock(fill.symbol),
    executedAt: new Date(fill.executedAt).toISOString(),
    kind: 'fill',
    source: 'manual',
    brokerExecutionId: null,
    positionEffect: null,
    createdAt: made.createdAt,
  };
}

/** What an execution is; one cached before adjustments were read carries no kind and is a fill. */
export const kindOf = (execution: Pick<Execution, 'kind'>): ExecutionKind => execution.kind ?? 'fill';

// ---- Fills from the broker --------------------------------------------------------------------

/**
 * The broker's order of two of its fill ids: as numbers when both are (Schwab's `activityId`
 * grows with time, and "10" comes after "9"), else as text.
 */
export function compareBrokerIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b) && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

const { accountId: _account, ...brokerFillFields } = fillFields;
const brokerId = define<string>(
  'brokerExecutionId',
  (v) => (typeof v === 'string' && v !== '') || messages.invalidBody,
);
/** What a broker's fill must be to be imported: anything else is counted as skipped, never stored half-right. */
const brokerFill = object({
  ...brokerFillFields,
  kind: defaulted(oneOf(['fill'] as const, messages.invalidBody), 'fill'),
  brokerExecutionId: brokerId,
  positionEffect: nullable(oneOf(POSITION_EFFECTS, messages.invalidBody)),
});
/**
/**
 * An option's end the broker booked without a trade (docs/product.md, "Options"): its contract
 * closes at 0, no price.
 */
const brokerOptionClosing = object({
  ...brokerFillFields,
  kind: oneOf(OPTION_CLOSINGS, messages.invalidBody),
  price: between([0, false, messages.priceNotPositive], [0, messages.invalidBody]),
  option: optionContract,
  brokerExecutionId: brokerId,
  positionEffect: defaulted(nullable(oneOf(POSITION_EFFECTS, messages.invalidBody)), 'Close'),
});
/**
 * A position adjustment of the broker (a split, a transfer): shares moved without a trade. A
 * transfer's price is the cost per share the broker reported, 0 when none; a split has none.
 */
const brokerAdjustment = object({
  ...brokerFillFields,
  kind: oneOf(['split', 'transfer'] as const, messages.invalidBody),
  price: between([0, false, messages.priceNotPositive], [PRICE_MAX, messages.priceTooHigh('Price')]),
  brokerExecutionId: brokerId,
  positionEffect: defaulted(nullable(oneOf(POSITION_EFFECTS, messages.invalidBody)), null),
});
export type ImportableFill = Omit<Infer<typeof brokerFill>, 'kind'> & { kind: ExecutionKind };

/**
 * The broker's fill or adjustment as the journal holds it (symbol upper-case, time as
 * `toISOString`), or undefined.
 */
export function importableFill(fill: object): ImportableFill | undefined {
  const kind = 'kind' in fill ? (fill.kind as ExecutionKind | undefined) : undefined;
  const adjustment = kind !== undefined && kind !== 'fill';
  const struct = (
    isOptionClosing(kind) ? brokerOptionClosing : adjustment ? brokerAdjustment : brokerFill
  ) as Struct<ImportableFill, unknown>;
  const [error, value] = validate(fill, struct, { coerce: true, mask: true });
  if (error) return undefined;
  // A split moves shares, not money: no price, no fees.
  if (value.kind === 'split' && (value.price !== 0 || value.fees !== 0)) return undefined;
  return value;
}

/**
 * Why the broker's transactions were not imported (the import's `skippedReasons`): each reason
 * with how many. Texts to show are in messages.ts (`skipReasonTexts`).
 */
export const SKIP_REASONS = [
  /** Options, mutual funds, bonds: the journal holds stocks and ETFs. */
  'notStockOrEtf',
  /** A corporate action the journal cannot follow (a merger or exchange into other securities). */
  'corporateAction',
  /** Missing or impossible fields. */
  'unreadable',
  /** Already in the journal from an earlier import (imports overlap by a day). */
  'alreadyImported',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
export type SkippedReasons = Partial<Record<SkipReason, number>>;

/** `reasons` with `count` more of `reason` (none added for 0). */
export function countSkipped(reasons: SkippedReasons, reason: SkipReason, count = 1): SkippedReasons {
  if (count > 0) reasons[reason] = (reasons[reason] ?? 0) + count;
  return reasons;
}

/** Two tallies as one. */
export function addSkipped(into: SkippedReasons, more: SkippedReasons): SkippedReasons {
  for (const reason of SKIP_REASONS) countSkipped(into, reason, more[reason] ?? 0);
  return into;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where an account's import starts (docs/product.md, "Trades"): a first import reaches back
 * FIRST_IMPORT_DAYS; later ones overlap the newest fill held by IMPORT_OVERLAP_DAYS.
 */
export const importStart = (newestHeld: Date | undefined, now: Date): Date =>
  newestHeld
    ? new Date(newestHeld.getTime() - IMPORT_OVERLAP_DAYS * DAY_MS)
    : new Date(now.getTime() - FIRST_IMPORT_DAYS * DAY_MS);
