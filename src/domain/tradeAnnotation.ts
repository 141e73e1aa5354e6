// What the trader attaches to a trade (docs/product.md, "Trades"): its annotation is a record, and
// its struct is defined here once; with it, what the annotation makes of a trade (planned, its
// initial risk and R).
import { coerce, define, string } from 'superstruct';
import { backupMessages } from './backupMessages.ts';
import { PLAN_NOTES_MAX_LENGTH, TAG_MAX_LENGTH, TAGS_MAX } from './constants.ts';
import { messages } from './messages.ts';
import { roundCents, roundTo4 } from './rounding.ts';
import { type TextListMessages, textList } from './textList.ts';
import type { Trade, TradeFigures } from './trade.ts';
import { rekeyAnnotation, splitTradeKey } from './tradeKeys.ts';
import type { ValidationResult } from './types.ts';
import {
  type AnyStruct,
  type Infer,
  nullAsEmpty,
  nullable,
  object,
  optional,
  price,
  sameValues,
  stamped,
  text,
  uuid,
  validator,
  withDefaults,
} from './validation.ts';

/** A trade key; its account id written as the database writes ids, the rest as it is. */
const tradeKey = coerce(
  define<string>(
    'tradeKey',
    (v) => (typeof v === 'string' && splitTradeKey(v) !== undefined) || backupMessages.tradeKeyInvalid,
  ),
  string(),
  (key) => (splitTradeKey(key) ? rekeyAnnotation(key, key.slice(0, key.indexOf('|')).toLowerCase()) : key),
);

/**
 * One field of the annotation: its struct, its value when the trader has set nothing (a trade
 * without a link, a field cleared), and its column's header in the trades' CSV. `kept`: a call
 * that leaves it out keeps what is stored, since apps from before it send none.
 */
interface Field<S extends AnyStruct> {
  struct: S;
  cleared: Infer<S>;
  header: string;
  kept: boolean;
}
const field = <S extends AnyStruct>(struct: S, cleared: Infer<S>, header: string) => ({
  struct,
  cleared,
  header,
  kept: false as const,
});
const keptField = <S extends AnyStruct>(struct: S, cleared: Infer<S>, header: string) => ({
  struct,
  cleared,
  header,
  kept: true as const,
});

/** The trader's labels (tags, mistakes): trimmed, merged whatever their case. */
const labels = (says: TextListMessages) => textList(TAG_MAX_LENGTH, TAGS_MAX, says, true);

/**
 * What the trader attaches to a trade (`PUT /api/v1/trades/{id}`): the one list of its fields.
 * The update, the stored record, a trade's own fields, the copy kept under the trade's key, the
 * comparison a restore makes and the trades' CSV all come from it.
 */
const ANNOTATION = {
  planId: field(nullable(uuid), null, 'Plan Id'),
  /** The stop the trade's risk is measured from, frozen at open; null when none. */
  initialStop: field(nullable(price(messages.initialStopNotPositive, 'Initial stop')), null, 'Initial Stop'),
  notes: field(nullAsEmpty(text(PLAN_NOTES_MAX_LENGTH, messages.tradeNotesTooLong)), '', 'Notes'),
  /**
   * The trader's labels (docs/product.md, "Trades"): tags, and mistakes (tags of the mistake
   * kind). Each trimmed, 1 to TAG_MAX_LENGTH characters, at most TAGS_MAX of each once the same
   * label in another case is merged. None until the trader adds some; absent from older backups.
   */
  tags: keptField(labels(messages.tagsSay), [], 'Tags'),
  mistakes: keptField(labels(messages.mistakesSay), [], 'Mistakes'),
  /** The dollars the trader says the trade put at risk: its initial risk when set; null when none. */
  ownInitialRisk: keptField(
    nullable(price(messages.ownInitialRiskNotPositive, 'Initial risk')),
    null,
    'Own Initial Risk',
  ),
} satisfies Record<string, Field<AnyStruct>>;
type Fields = typeof ANNOTATION;

/** What the trader attached to a trade, as a trade is built with it (its key aside). */
export type Attached = { -readonly [K in keyof Fields]: Infer<Fields[K]['struct']> };
type KeptField = { [K in keyof Fields]: Fields[K]['kept'] extends true ? K : never }[keyof Fields];

/** The annotation's fields, in the list's order. */
export const ANNOTATION_FIELDS = Object.keys(ANNOTATION) as (keyof Attached)[];

const eachField = <V>(value: (f: Field<AnyStruct>, key: keyof Attached) => V): Record<keyof Attached, V> =>
  Object.fromEntries(ANNOTATION_FIELDS.map((k) => [k, value(ANNOTATION[k], k)])) as Record<keyof Attached, V>;

/** Nothing attached: no plan, no stop, no notes, no labels. Also what a field left out is. */
export const unlinked = eachField((f) => f.cleared) as Attached;
const structs = eachField((f) => f.struct) as { [K in keyof Fields]: Fields[K]['struct'] };

/** Each field's header in the trades' CSV (src/domain/csvExports.ts). */
export const annotationHeaders = eachField((f) => f.header);

/** `PUT /api/v1/trades/{id}`: a kept field may be left out. */
export type TradeUpdate = Omit<Attached, KeptField> & Partial<Pick<Attached, KeptField>>;

// A field left out is cleared (the update is the whole of what is attached), except a kept one.
const tradeUpdate = object({
  ...withDefaults(structs, unlinked),
  ...Object.fromEntries(
    ANNOTATION_FIELDS.filter((k) => ANNOTATION[k].kept).map((k) => [
      k,
      optional(ANNOTATION[k].struct as AnyStruct),
    ]),
  ),
});

/**
 * `PUT /api/v1/trades/{id}`: the whole of what the trader attaches to a trade, so a field left
 * out is cleared (no plan, no stop, no notes), except the kept ones (tags, mistakes), which a call
 * without them keeps. Whether the plan is theirs and for the trade's symbol, the server checks.
 */
export const validateTradeUpdate: (body: unknown) => ValidationResult<TradeUpdate> = validator(tradeUpdate);

/**
 * What the trader attached to a trade, kept under the trade's key so a rebuild never loses it:
 * as stored and as a backup holds it (a field absent from an older backup is cleared).
 */
export const annotationRecord = stamped({ key: tradeKey, ...withDefaults(structs, unlinked) });
export type StoredAnnotation = Infer<typeof annotationRecord>;

/**
 * An annotation as trades are built with it. `key` is `accountId|symbol|openedAt` (openedAt as
 * ISO 8601 from `Date.toISOString`); a second trade of the account and symbol opened in the same
 * millisecond gets `|2` after it, and so on.
 */
export type TradeAnnotation = Attached & { key: string };

export const validateAnnotationRecord = validator(annotationRecord);

/** The annotation's fields of a trade or an annotation, and nothing else. */
export const attachedOf = (source: Attached): Attached => eachField((_, k) => source[k]) as Attached;

/** The same annotation, whenever it was made or last edited (a restore skips it). */
export const sameAnnotation = (a: TradeAnnotation, b: TradeAnnotation): boolean =>
  sameValues(a, b, ANNOTATION_FIELDS);

/**
 * An annotation the trader has not made theirs: one that holds nothing, or one never edited since
 * the import stored it when the trade's fills first arrived (no plan or the plan that claims the
 * trade, and the stop the broker reported). A restore fills it from the backup instead of calling
 * it a conflict, so a journal whose broker fills were imported before the restore gets its links,
 * stops and notes back.
 */
export const isUntouchedAnnotation = (a: StoredAnnotation): boolean =>
  sameValues(a, unlinked, ANNOTATION_FIELDS) || Date.parse(a.createdAt) === Date.parse(a.updatedAt);

/**
 * The trade with what the trader attached; planned, initial risk and R follow from it. The one
 * place they are computed, for a rebuild (buildTrades) and for an edit (applyTradeUpdate) alike.
 */
export function withAnnotation(trade: TradeFigures, attached: Attached): Trade {
  // The trader's own risk, when they set one, over the stop's (docs/product.md, "Trades"); an
  // option's is the premium a long one paid, a short one's unknown ("Options").
  const fromStop =
    trade.averageEntryPrice === null
      ? null
      : trade.option
        ? trade.direction === 'Long'
          ? roundCents(trade.entryQuantity * trade.averageEntryPrice * trade.option.multiplier)
          : null
        : attached.initialStop !== null
          ? roundCents(trade.entryQuantity * Math.abs(trade.averageEntryPrice - attached.initialStop))
          : null;
  const initialRisk = attached.ownInitialRisk ?? fromStop;
  const rMultiple =
    trade.closedAt !== null &&
    !trade.incomplete &&
    trade.netPnl !== null &&
    initialRisk !== null &&
    initialRisk > 0
      ? roundTo4(trade.netPnl / initialRisk)
      : null;
  return { ...trade, ...attachedOf(attached), planned: attached.planId !== null, initialRisk, rMultiple };
}

/** What the trader attached to a trade, in the form it is stored under the trade's key. */
export const annotationOf = (trade: Trade): TradeAnnotation => ({ key: trade.key, ...attachedOf(trade) });

/** What the trader's edit leaves attached: kept fields left out of it stay as they were. */
export const attachedAfter = (trade: Attached, update: TradeUpdate): Attached =>
  eachField((_, k) => (update[k] === undefined ? trade[k] : update[k])) as Attached;

/** The trade after the trader's edit: a new link, stop, notes or labels, and the risk and R that follow. */
export const applyTradeUpdate = (trade: Trade, update: TradeUpdate): Trade =>
  withAnnotation(trade, attachedAfter(trade, update));
