// The building blocks every record's struct is made of (edges.ts, setups.ts, tradePlans.ts,
// executions.ts, tradeAnnotation.ts, accounts.ts). A field that fails says the product's own message
// (messages.ts), so a form, the API and a restore refuse the same value with the same words.
import {
  array,
  coerce,
  defaulted,
  define,
  type Infer,
  nullable,
  object,
  optional,
  refine,
  type Struct,
  string,
  validate,
} from 'superstruct';
import { backupMessages } from './backupMessages.ts';
import {
  DEVICE_CLOCK_SKEW_MINUTES,
  PRICE_MAX,
  STOCK_SYMBOL_MAX_LENGTH,
  STOCK_SYMBOL_PATTERN,
  YEAR_MAX,
  YEAR_MIN,
} from './constants.ts';
import { parseIsoDateTime } from './isoDateTime.ts';
import { messages } from './messages.ts';
import type { FieldError, ValidationResult } from './types.ts';

export type { Infer };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID_PATTERN.test(value);

/** Any struct, whatever it checks: what a record's fields are made of. */
// biome-ignore lint/suspicious/noExplicitAny: a schema holds structs of every type.
export type AnyStruct = Struct<any, any>;
export type Schema = Record<string, AnyStruct>;

const trimmed = <T>(struct: Struct<T, null>) => coerce(struct, string(), (s) => s.trim());

/**
 * Unicode Cc (C0, DEL, C1) except tab and newline, and a carriage return not ending a line:
 * PostgreSQL refuses NUL outright, and the rest garbles lists, exports and terminals.
 */
const CONTROL_CHARACTERS = /[^\P{Cc}\t\n\r]|\r(?!\n)/u;
const hasControlCharacters = (s: string): boolean => CONTROL_CHARACTERS.test(s);

/**
 * Half of a character: a UTF-16 surrogate without its pair (under the u flag a pair is one code
 * point, so only a lone half matches). PostgreSQL refuses one in JSON and turns it into U+FFFD in
 * text, so no text field takes one.
 */
const LONE_SURROGATE = /\p{Cs}/u;
export const hasLoneSurrogates = (s: string): boolean => LONE_SURROGATE.test(s);

/** Whether text may be stored and shown as it is: no control character, no half of a character. */
export const isCleanText = (s: string): boolean => !hasControlCharacters(s) && !hasLoneSurrogates(s);

/** Why text cannot be kept as it is, or undefined when it can. */
const textProblem = (s: string): string | undefined =>
  hasControlCharacters(s)
    ? messages.textControlCharacters
    : hasLoneSurrogates(s)
      ? messages.textBrokenCharacter
      : undefined;

/** Trimmed text of at most `max` characters; with `required`, not empty (and that message when missing). */
export const text = (max: number, tooLong: string, required?: string) =>
  trimmed(
    define<string>('text', (v) => {
      if (v === undefined) return required ?? true;
      // null is no text: a field that takes it as "empty" says so (nullAsEmpty).
      if (v === null) return required ?? messages.mustBeText;
      if (typeof v !== 'string') return messages.mustBeText;
      if (required !== undefined && v.length === 0) return required;
      return textProblem(v) ?? (v.length <= max || tooLong);
    }),
  );

/**
 * Trimmed text of at most `max` characters that must be text when present (null is refused too):
 * what the spec left without a limit has one now (docs/product.md, "Journal limits").
 */
export const boundedText = (max: number, tooLong: string) =>
  trimmed(
    define<string>('text', (v) => {
      if (typeof v !== 'string') return messages.mustBeText;
      return textProblem(v) ?? (v.length <= max || tooLong);
    }),
  );

/**
 * A finite JSON number (not a numeric string, NaN or Infinity) that passes `inRange`. A missing
 * one says `outOfRange`, or `missing` when the record always carries it.
 */
export const finite = (inRange: (n: number) => boolean, outOfRange: string, missing = outOfRange) =>
  define<number>('number', (v) => {
    if (v === undefined) return missing;
    if (typeof v !== 'number' || !Number.isFinite(v)) return messages.mustBeNumber;
    return inRange(v) || outOfRange;
  });

export const positive = (message: string) => finite((n) => n > 0, message);

/** A finite number from `min` (exclusive when `above`) to `max`, each bound with its own message. */
export const between = (
  [min, above, belowMessage]: [number, boolean, string],
  [max, aboveMessage]: [number, string],
) =>
  define<number>('number', (v) => {
    if (v === undefined) return belowMessage;
    if (typeof v !== 'number' || !Number.isFinite(v)) return messages.mustBeNumber;
    if (above ? !(v > min) : !(v >= min)) return belowMessage;
    return v <= max || aboveMessage;
  });

/** A share price: above 0 and at most PRICE_MAX. */
export const price = (notPositive: string, what: string) =>
  between([0, true, notPositive], [PRICE_MAX, messages.priceTooHigh(what)]);

/** true or false, as JSON writes them (not "yes", 1 or null). */
export const yesOrNo = define<boolean>(
  'yesOrNo',
  (v) => typeof v === 'boolean' || backupMessages.mustBeYesOrNo,
);

/** A UUID, lower-case as the database writes it: ids are compared as text. */
export const uuid = coerce(
  define<string>('uuid', (v) => isUuid(v) || messages.idNotUuid),
  string(),
  (s) => s.toLowerCase(),
);

/** One of a fixed list of words. */
export const oneOf = <T extends string>(values: readonly T[], message: string) =>
  define<T>('oneOf', (v) => (values as readonly unknown[]).includes(v) || message);

export const normalizeStock = (stock: string): string => stock.trim().toUpperCase();

/**
 * What a name is unique by: names are unique case-insensitively (edges among the active ones,
 * setups among all). The unique indexes on the name's ICU lower case are its copy in SQL
 * (`nameKeyOf`, src/server/db/schema.ts); tests/server/ruleMirrors.test.ts runs the same names through both.
 */
export const nameKey = (name: string): string => name.trim().toLowerCase();

/** Whether text is a stock symbol as written (docs/product.md, "Trade plans"). */
export const isStock = (s: string): boolean =>
  s.length > 0 && s.length <= STOCK_SYMBOL_MAX_LENGTH && STOCK_SYMBOL_PATTERN.test(s);

/** A stock symbol (docs/product.md, "Trade plans"), stored upper-case. */
export const stock = coerce(
  define<string>('stock', (v) => {
    if (typeof v !== 'string' || v.length === 0) return messages.stockRequired;
    if (v.length > STOCK_SYMBOL_MAX_LENGTH) return messages.stockTooLong;
    return STOCK_SYMBOL_PATTERN.test(v) || messages.stockInvalidCharacters;
  }),
  string(),
  normalizeStock,
);

/** An ISO 8601 date-time with a zone in the years YEAR_MIN to YEAR_MAX. */
export function isPlausibleTime(text: string): boolean {
  const at = parseIsoDateTime(text);
  if (at === null) return false;
  const year = new Date(at).getUTCFullYear();
  return year >= YEAR_MIN && year <= YEAR_MAX;
}

/** An ISO 8601 date-time with a zone, written back as `toISOString` writes it. */
export const isoTime = (message: string) =>
  coerce(
    define<string>('isoTime', (v) => (typeof v === 'string' && isPlausibleTime(v)) || message),
    string(),
    (s) => {
      const at = parseIsoDateTime(s);
      return at === null ? s : new Date(at).toISOString();
    },
  );

/** When a record was made and last changed: every stored record carries both. */
const stamps = () => ({
  createdAt: isoTime(backupMessages.timeInvalid),
  updatedAt: isoTime(backupMessages.timeInvalid),
});

/** A stored record's struct: its fields, then its stamps (`recordOf`, unless it is keyed otherwise). */
export const stamped = <S extends Schema>(fields: S) => object({ ...fields, ...stamps() });

/** A record as stored, answered and backed up: its id, its fields and its stamps. */
export const recordOf = <S extends Schema>(fields: S) => stamped({ id: uuid, ...fields });

/** A list of ids, each once, lower-case. */
export const idSet = coerce(array(uuid), array(), (ids) => [
  ...new Set(ids.map((id) => (typeof id === 'string' ? id.toLowerCase() : id))),
]);

/** A list of at most `max` ids, each once (counted once each), lower-case. */
export const idSetOfAtMost = (max: number, tooMany: string) =>
  refine(idSet, 'idSetOfAtMost', (ids) => ids.length <= max || tooMany);

/** `''` reads as null: an empty optional text is no value. */
export const emptyAsNull = <T>(struct: Struct<T, unknown>) =>
  coerce(struct, string(), (s) => (s.trim() === '' ? null : s)) as unknown as Struct<T | null, unknown>;

/** null reads as `value`: a field sent as null takes its empty value (text '', fees 0). */
export const nullAs = <T>(value: T, struct: Struct<T, null>) =>
  coerce(
    struct,
    define<null>('null', (v) => v === null),
    () => value,
  );

/** null reads as `''`: text sent as null is cleared. */
export const nullAsEmpty = (struct: Struct<string, null>) => nullAs('', struct);

/**
 * The fields of a create: each optional field takes its default when left out, so the validated
 * value is the whole record's input, the same on the server, the device and in a restore.
 */
export function withDefaults<S extends Schema>(
  fields: S,
  defaults: Partial<{ [K in keyof S]: Infer<S[K]> }>,
): S {
  const out: Schema = {};
  for (const [key, struct] of Object.entries(fields)) {
    const fallback = (defaults as Record<string, unknown>)[key];
    // A fresh list each time: a default shared by every record would be one list for all of them.
    out[key] =
      key in defaults
        ? defaulted(struct, () => (Array.isArray(fallback) ? [...fallback] : fallback))
        : struct;
  }
  return out as S;
}

/** A record's input as a caller may write it: the fields with a default may be left out. */
export type Loose<T, D> = Omit<T, keyof D> & Partial<Pick<T, keyof D & keyof T>>;

/**
 * The fields `keys` of an input, each left out (or null) taking its default: what a new record is
 * made of, by the same defaults its struct applies. Anything else the input carries is left out.
 */
export function filled<T, K extends keyof T>(
  keys: readonly K[],
  defaults: Partial<T>,
  input: Partial<T>,
): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) out[key] = (input[key] ?? defaults[key]) as T[K];
  return out;
}

/** The fields of a partial update: each may be left out, and none takes a default. */
export function optionalFields<S extends Schema>(
  fields: S,
): { [K in keyof S]: Struct<Infer<S[K]> | undefined, null> } {
  const out: Schema = {};
  for (const [key, struct] of Object.entries(fields)) out[key] = optional(struct);
  return out as { [K in keyof S]: Struct<Infer<S[K]> | undefined, null> };
}

/**
 * What a create made on a device carries besides its fields: its client-made id (the offline
 * outbox replays creates) and when the device made it (`creationTime` decides whether it is kept).
 */
export const clientId = { id: optional(uuid), createdAt: optional(isoTime(messages.createdAtInvalid)) };

/**
 * When a record made on a device was made (docs/product.md, "Offline and sync"): the time the
 * device stamped on it when that is plausible, not later than `now` by more than
 * DEVICE_CLOCK_SKEW_MINUTES and not before the trader's first sign-in; `now` otherwise. A plan made
 * offline a minute before a fill then stays older than the fill once the outbox replays it.
 */
export function creationTime(claimed: string | undefined, now: Date, firstSignIn: Date): Date {
  const at = claimed === undefined ? null : parseIsoDateTime(claimed);
  if (at === null) return now;
  if (at > now.getTime() + DEVICE_CLOCK_SKEW_MINUTES * 60_000 || at < firstSignIn.getTime()) return now;
  return new Date(at);
}

export { nullable, object, optional };

// ---- Running a struct -----------------------------------------------------------------------

const isPlainObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

const notAnObject: ValidationResult<never> = {
  ok: false,
  errors: [{ field: 'body', message: messages.invalidBody }],
};

/** Drops `undefined`, so a partial update carries only the fields the caller sent. */
const defined = <T extends object>(obj: T): T =>
  Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as T;

/**
 * Runs a struct over a body and reports every failing field at once with the field's own
 * message, one message per field (the first, most basic, failure). Keys the struct does not
 * name are dropped from the value (a client may send back what it read), but for the names every
 * object inherits, refused: "Unknown field: constructor".
 */
function run<T>(body: unknown, struct: Struct<T, unknown>): { value?: T; errors: FieldError[] } {
  const [error, value] = validate(body, struct, { coerce: true, mask: true });
  if (!error) return { value: defined(value as object) as T, errors: [] };
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const failure of error.failures()) {
    const field = failure.path.length > 0 ? failure.path.join('.') : 'body';
    const top = String(failure.path[0] ?? 'body');
    if (seen.has(top)) continue;
    seen.add(top);
    // A key every object inherits (`__proto__`, `constructor`, `toString`) is not dropped with the
    // other unknown keys: the struct refuses it as a value "of type never". Said in words.
    const unknown = failure.type === 'never' && failure.path.length > 0;
    errors.push({ field, message: unknown ? messages.unknownField(String(failure.key)) : failure.message });
  }
  return { errors };
}

/**
 * What runs after the fields passed their own checks: rules between fields (a stop below the
 * entry), given the raw body and the errors so far, adding its own.
 */
export type CrossCheck = (body: Record<string, unknown>, errors: FieldError[]) => void;

/** A body's validator: a JSON object, its fields by the struct, then the cross-field rules. */
export function validator<T>(
  struct: Struct<T, unknown>,
  crossCheck?: CrossCheck,
): (body: unknown) => ValidationResult<T> {
  return (body) => {
    if (!isPlainObject(body)) return notAnObject;
    const { value, errors } = run(body, struct);
    crossCheck?.(body, errors);
    return value && errors.length === 0 ? { ok: true, value } : { ok: false, errors };
  };
}

/** A value as text with its objects' keys in order: two copies of one value read alike (jsonb reorders keys). */
const canonical = (v: unknown): unknown =>
  typeof v === 'object' && v !== null
    ? JSON.stringify(v, (_k, x) =>
        typeof x === 'object' && x !== null && !Array.isArray(x)
          ? Object.fromEntries(Object.entries(x).sort(([p], [q]) => (p < q ? -1 : 1)))
          : x,
      )
    : v;

/** Whether two records hold the same values in `keys` (lists compared as sets, in any order). */
export function sameValues<T extends object>(a: T, b: T, keys: readonly (keyof T)[]): boolean {
  return keys.every((key) => {
    const [x, y] = [a[key], b[key]];
    if (Array.isArray(x) && Array.isArray(y)) {
      const set = new Set(y.map(canonical));
      return new Set(x.map(canonical)).size === set.size && x.every((v) => set.has(canonical(v)));
    }
    return x === y;
  });
}
