import { array, coerce, define, nullable, optional, type Struct, string, type, validate } from 'superstruct';
import {
  EDGE_NAME_MAX_LENGTH,
  EXECUTION_CLOCK_SKEW_MINUTES,
  PLAN_NOTES_MAX_LENGTH,
  PROBABILITY_MAX,
  PROBABILITY_MIN,
  SCALE_OUT_FACTOR_MAX,
  SCALE_OUT_FACTOR_MIN,
  SETUP_DESCRIPTION_MAX_LENGTH,
  SETUP_NAME_MAX_LENGTH,
  SETUP_NOTES_MAX_LENGTH,
  STOCK_SYMBOL_MAX_LENGTH,
  STOCK_SYMBOL_PATTERN,
  WEIGHT_FACTOR_MAX,
  WEIGHT_FACTOR_MIN,
} from './constants.ts';
import { isHeatLimitInRange } from './heat.ts';
import { parseIsoDateTime } from './isoDateTime.ts';
import { messages } from './messages.ts';
import { normalizeStock } from './tradePlans.ts';
import {
  type AccountSettingsInput,
  CYCLE_TYPES,
  type CycleType,
  type EdgeInput,
  EXECUTION_SIDES,
  type ExecutionInput,
  type ExecutionSide,
  type FieldError,
  type StatusChange,
  TRADE_PLAN_STATUSES,
  type TradePlanInput,
  type TradePlanStatus,
  type TradePlanUpdate,
  type TradeSetupInput,
  type TradeUpdate,
  type ValidationResult,
} from './types.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID_PATTERN.test(value);

// Field structs that carry the spec's own messages: a validator returning a string fails with it.

const trimmed = <T>(struct: Struct<T, null>) => coerce(struct, string(), (s) => s.trim());

/**
 * Unicode Cc (C0, DEL, C1) except tab and newline, and a carriage return not ending a line:
 * PostgreSQL refuses NUL outright, and the rest garbles lists, exports and terminals.
 */
const CONTROL_CHARACTERS = /[^\P{Cc}\t\n\r]|\r(?!\n)/u;
const hasControlCharacters = (s: string): boolean => CONTROL_CHARACTERS.test(s);

const text = (max: number, tooLong: string, required?: string) =>
  trimmed(
    define<string>('text', (v) => {
      if (v === undefined || v === null) return required ?? true;
      if (typeof v !== 'string') return messages.mustBeText;
      if (required !== undefined && v.length === 0) return required;
      if (hasControlCharacters(v)) return messages.textControlCharacters;
      return v.length <= max || tooLong;
    }),
  );

const freeText = trimmed(
  define<string>('text', (v) => {
    if (typeof v !== 'string') return messages.mustBeText;
    return !hasControlCharacters(v) || messages.textControlCharacters;
  }),
);

/** A finite JSON number (not a numeric string, NaN or Infinity) that passes `inRange`. */
const finite = (inRange: (n: number) => boolean, outOfRange: string) =>
  define<number>('number', (v) => {
    if (v === undefined) return outOfRange;
    if (typeof v !== 'number' || !Number.isFinite(v)) return messages.mustBeNumber;
    return inRange(v) || outOfRange;
  });

const uuid = define<string>('uuid', (v) => isUuid(v) || messages.idNotUuid);

const stock = coerce(
  define<string>('stock', (v) => {
    if (typeof v !== 'string' || v.length === 0) return messages.stockRequired;
    if (v.length > STOCK_SYMBOL_MAX_LENGTH) return messages.stockTooLong;
    return STOCK_SYMBOL_PATTERN.test(v) || messages.stockInvalidCharacters;
  }),
  string(),
  normalizeStock,
);

const status = define<TradePlanStatus>(
  'status',
  (v) => (TRADE_PLAN_STATUSES as readonly unknown[]).includes(v) || messages.statusInvalid,
);

const positive = (message: string) => finite((n) => n > 0, message);
const probability = finite(
  (n) => n >= PROBABILITY_MIN && n <= PROBABILITY_MAX,
  messages.probabilityOutOfRange,
);

const edgeStruct = type({
  id: optional(uuid),
  name: text(EDGE_NAME_MAX_LENGTH, messages.edgeNameTooLong, messages.edgeNameRequired),
  description: text(Number.POSITIVE_INFINITY, '', messages.edgeDescriptionRequired),
  identificationNotes: text(Number.POSITIVE_INFINITY, '', messages.edgeIdentificationNotesRequired),
  weightFactor: finite(
    (n) => n >= WEIGHT_FACTOR_MIN && n <= WEIGHT_FACTOR_MAX,
    messages.edgeWeightOutOfRange,
  ),
});

const setupStruct = type({
  id: optional(uuid),
  name: text(SETUP_NAME_MAX_LENGTH, messages.setupNameTooLong, messages.setupNameRequired),
  description: optional(text(SETUP_DESCRIPTION_MAX_LENGTH, messages.setupDescriptionTooLong)),
  rules: optional(array()),
  entryCriteria: optional(freeText),
  exitCriteria: optional(freeText),
  notes: optional(text(SETUP_NOTES_MAX_LENGTH, messages.setupNotesTooLong)),
});

const planFields = {
  entryPrice: positive(messages.entryPriceNotPositive),
  stopLossPrice: positive(messages.stopLossNotPositive),
  probabilityOfSuccess: optional(nullable(probability)),
  scanId: optional(nullable(freeText)),
  tradeSetupId: optional(nullable(uuid)),
  edgeIds: optional(array(uuid)),
  // A target at or below 0 is below any valid entry; above the entry is checked in the validators.
  targetPrice: optional(nullable(positive(messages.targetNotAboveEntry))),
  notes: optional(nullable(text(PLAN_NOTES_MAX_LENGTH, messages.planNotesTooLong))),
};
const cycleType = define<CycleType>(
  'cycleType',
  (v) => (CYCLE_TYPES as readonly unknown[]).includes(v) || messages.cycleTypeInvalid,
);

// The cycle at creation is the create's alone: the update struct below has no such key, so an
// update that sends one is read without it.
const planCreateStruct = type({
  id: optional(uuid),
  stock,
  ...planFields,
  marketCycleAtCreation: optional(nullable(cycleType)),
});
const planUpdateStruct = type({
  stock: optional(stock),
  entryPrice: optional(planFields.entryPrice),
  stopLossPrice: optional(planFields.stopLossPrice),
  probabilityOfSuccess: planFields.probabilityOfSuccess,
  scanId: planFields.scanId,
  tradeSetupId: planFields.tradeSetupId,
  edgeIds: planFields.edgeIds,
  targetPrice: planFields.targetPrice,
  notes: planFields.notes,
});

const percent = (message: string) => finite((n) => n > 0 && n <= 100, message);
// Risk percentages of 0 would size every trade at zero shares, so they must be positive.
const accountSettingsStruct = type({
  originalBalance: finite((n) => n >= 0, messages.originalBalanceInvalid),
  capitalRisk: percent(messages.capitalRiskOutOfRange),
  maxTradeRisk: percent(messages.maxTradeRiskOutOfRange),
  scaleOutFactor: finite(
    (n) => Number.isInteger(n) && n >= SCALE_OUT_FACTOR_MIN && n <= SCALE_OUT_FACTOR_MAX,
    messages.scaleOutFactorInvalid,
  ),
  heatLimit: optional(finite(isHeatLimitInRange, messages.heatLimitOutOfRange)),
});

const isPlainObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

const notAnObject: ValidationResult<never> = {
  ok: false,
  errors: [{ field: 'body', message: messages.invalidBody }],
};

/** Runs a struct and reports every failing field at once, with the field's own message. */
function run<T>(body: unknown, struct: Struct<T, unknown>): { value?: T; errors: FieldError[] } {
  const [error, value] = validate(body, struct, { coerce: true });
  if (!error) return { value, errors: [] };
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const failure of error.failures()) {
    const field = failure.path.length > 0 ? failure.path.join('.') : 'body';
    const top = String(failure.path[0] ?? 'body');
    if (seen.has(top)) continue; // one message per field: the first, most basic, failure
    seen.add(top);
    errors.push({ field, message: failure.message });
  }
  return { errors };
}

/** Drops `undefined` so a partial update carries only the fields the caller sent. */
const defined = <T extends object>(obj: T): T =>
  Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as T;

export function validateEdgeInput(body: unknown): ValidationResult<EdgeInput> {
  if (!isPlainObject(body)) return notAnObject;
  const { value, errors } = run(body, edgeStruct);
  if (!value) return { ok: false, errors };
  const { id, name, description, identificationNotes, weightFactor } = value;
  return { ok: true, value: defined({ id, name, description, identificationNotes, weightFactor }) };
}

export function validateTradeSetupInput(body: unknown): ValidationResult<TradeSetupInput> {
  if (!isPlainObject(body)) return notAnObject;
  const { value, errors } = run(body, setupStruct);
  if (!value) return { ok: false, errors };
  return {
    ok: true,
    value: defined({
      id: value.id,
      name: value.name,
      description: value.description ?? '',
      entryCriteria: value.entryCriteria ?? '',
      exitCriteria: value.exitCriteria ?? '',
      notes: value.notes ?? '',
    }),
  };
}

const stopBelowEntry: FieldError = { field: 'stopLossPrice', message: messages.stopLossNotBelowEntry };
const targetAboveEntry: FieldError = { field: 'targetPrice', message: messages.targetNotAboveEntry };
const hasError = (errors: FieldError[], field: string) => errors.some((e) => e.field === field);

/**
 * The rules between prices (docs/product.md, "Trade plans"): stop below the entry, target (when
 * set) above it. Only prices that passed their own checks are compared.
 */
function checkPrices(errors: FieldError[], entry: unknown, stop: unknown, target: unknown): void {
  const positive = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;
  if (!positive(entry) || hasError(errors, 'entryPrice')) return;
  if (positive(stop) && stop >= entry && !hasError(errors, 'stopLossPrice')) errors.push(stopBelowEntry);
  if (positive(target) && target <= entry && !hasError(errors, 'targetPrice')) errors.push(targetAboveEntry);
}

/** Notes sent as null are cleared. */
const notesOf = (notes: string | null | undefined) => (notes === null ? '' : notes);
const uniqueIds = (ids: readonly string[] | undefined) =>
  ids ? [...new Set(ids.map((i) => i.toLowerCase()))] : ids;

export function validateTradePlanCreate(body: unknown): ValidationResult<TradePlanInput> {
  if (!isPlainObject(body)) return notAnObject;
  const { value, errors } = run(body, planCreateStruct);
  checkPrices(errors, body.entryPrice, body.stopLossPrice, body.targetPrice);
  if (!value || errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: defined({
      id: value.id,
      stock: value.stock,
      entryPrice: value.entryPrice,
      stopLossPrice: value.stopLossPrice,
      probabilityOfSuccess: value.probabilityOfSuccess ?? null,
      scanId: value.scanId ? value.scanId : null,
      tradeSetupId: value.tradeSetupId ?? null,
      edgeIds: uniqueIds(value.edgeIds) ?? [],
      targetPrice: value.targetPrice ?? null,
      notes: value.notes ?? '',
      // Left out when not sent: the server then stamps the cycle it knows.
      marketCycleAtCreation: value.marketCycleAtCreation,
    }),
  };
}

/**
 * A partial update: only the fields sent are checked and returned. With `current` (the stored
 * plan), stop below entry and target above entry are checked on the prices the plan would end up
 * with (a target sent as null is cleared, so it is not compared).
 */
export function validateTradePlanUpdate(
  body: unknown,
  current?: { entryPrice: number; stopLossPrice: number; targetPrice?: number | null },
): ValidationResult<TradePlanUpdate> {
  if (!isPlainObject(body)) return notAnObject;
  const { value, errors } = run(body, planUpdateStruct);
  checkPrices(
    errors,
    body.entryPrice ?? current?.entryPrice,
    body.stopLossPrice ?? current?.stopLossPrice,
    body.targetPrice === undefined ? current?.targetPrice : body.targetPrice,
  );
  if (!value || errors.length > 0) return { ok: false, errors };
  const update: TradePlanUpdate = defined({
    stock: value.stock,
    entryPrice: value.entryPrice,
    stopLossPrice: value.stopLossPrice,
    probabilityOfSuccess: value.probabilityOfSuccess,
    scanId: value.scanId === '' ? null : value.scanId,
    tradeSetupId: value.tradeSetupId,
    edgeIds: uniqueIds(value.edgeIds),
    targetPrice: value.targetPrice,
    notes: notesOf(value.notes),
  });
  return { ok: true, value: update };
}

export function validateStatusChange(body: unknown): ValidationResult<StatusChange> {
  if (!isPlainObject(body)) return notAnObject;
  const { value, errors } = run(body, type({ status }));
  return value ? { ok: true, value: { status: value.status } } : { ok: false, errors };
}

/** `heatLimit` left out keeps the stored limit (AccountSettingsInput). */
export function validateAccountSettings(body: unknown): ValidationResult<AccountSettingsInput> {
  if (!isPlainObject(body)) return notAnObject;
  const { value, errors } = run(body, accountSettingsStruct);
  if (!value) return { ok: false, errors };
  const { originalBalance, capitalRisk, maxTradeRisk, scaleOutFactor, heatLimit } = value;
  return {
    ok: true,
    value: defined({ originalBalance, capitalRisk, maxTradeRisk, scaleOutFactor, heatLimit }),
  };
}

const side = define<ExecutionSide>(
  'side',
  (v) => (EXECUTION_SIDES as readonly unknown[]).includes(v) || messages.sideInvalid,
);

const executedAt = define<string>(
  'executedAt',
  (v) => (typeof v === 'string' && parseIsoDateTime(v) !== null) || messages.executedAtInvalid,
);

const executionStruct = type({
  id: optional(uuid),
  // Whose account it is, the server checks ('Account not found'); here only that it is an id.
  accountId: uuid,
  symbol: stock,
  side,
  quantity: positive(messages.quantityNotPositive),
  price: positive(messages.priceNotPositive),
  fees: optional(nullable(finite((n) => n >= 0, messages.feesNegative))),
  executedAt,
});

/**
 * A manual fill (docs/product.md, "Trades"). `now` is the server's clock, or the phone's for an
 * offline fill; a time up to EXECUTION_CLOCK_SKEW_MINUTES past it is accepted, since the two
 * clocks rarely agree to the second. `executedAt` comes back as `toISOString` writes it.
 */
export function validateExecutionInput(body: unknown, now: Date): ValidationResult<ExecutionInput> {
  if (!isPlainObject(body)) return notAnObject;
  const { value, errors } = run(body, executionStruct);
  const at = typeof body.executedAt === 'string' ? parseIsoDateTime(body.executedAt) : null;
  if (at !== null && at > now.getTime() + EXECUTION_CLOCK_SKEW_MINUTES * 60_000) {
    errors.push({ field: 'executedAt', message: messages.executedAtInFuture });
  }
  if (!value || at === null || errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: defined({
      id: value.id,
      accountId: value.accountId,
      symbol: value.symbol,
      side: value.side,
      quantity: value.quantity,
      price: value.price,
      fees: value.fees ?? 0,
      executedAt: new Date(at).toISOString(),
    }),
  };
}

const tradeUpdateStruct = type({
  planId: optional(nullable(uuid)),
  initialStop: optional(nullable(positive(messages.initialStopNotPositive))),
  notes: optional(nullable(text(PLAN_NOTES_MAX_LENGTH, messages.tradeNotesTooLong))),
});

/**
 * `PUT /api/v1/trades/{id}`: the whole of what the trader attaches to a trade, so a field left
 * out is cleared (no plan, no stop, no notes). Whether the plan is theirs and for the trade's
 * symbol, the server checks.
 */
export function validateTradeUpdate(body: unknown): ValidationResult<TradeUpdate> {
  if (!isPlainObject(body)) return notAnObject;
  const { value, errors } = run(body, tradeUpdateStruct);
  if (!value) return { ok: false, errors };
  return {
    ok: true,
    value: {
      // Lower-case, as the database writes UUIDs: a plan's outcome is found by comparing ids.
      planId: value.planId?.toLowerCase() ?? null,
      initialStop: value.initialStop ?? null,
      notes: value.notes ?? '',
    },
  };
}
