// What the trader attaches to a trade (docs/product.md, "Trades"): its annotation is a record, and
// its struct is defined here once; with it, what the annotation makes of a trade (planned, its
// initial risk and R).
import { coerce, define, string } from 'superstruct';
import { backupMessages } from './backupMessages.ts';
import { PLAN_NOTES_MAX_LENGTH, TAG_MAX_LENGTH, TAGS_MAX } from './constants.ts';
import { messages } from './messages.ts';
import { roundCents, roundTo4 } from './rounding.ts';
import type { Trade, TradeFigures } from './trade.ts';
import { rekeyAnnotation, splitTradeKey } from './tradeKeys.ts';
import {
  type Infer,
  nullAsEmpty,
  nullable,
  object,
  optional,
  price,
  sameValues,
  stamps,
  text,
  textList,
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

/** What the trader attaches to a trade: `PUT /api/v1/trades/{id}` carries these. */
const annotationFields = {
  planId: nullable(uuid),
  /** The stop the trade's risk is measured from, frozen at open; null when none. */
  initialStop: nullable(price(messages.initialStopNotPositive, 'Initial stop')),
  notes: nullAsEmpty(text(PLAN_NOTES_MAX_LENGTH, messages.tradeNotesTooLong)),
};
/** A field left out is cleared: the update is the whole of what is attached. */
const annotationDefaults = { planId: null, initialStop: null, notes: '' };

/**
 * The trader's labels on a trade (docs/product.md, "Trades"): tags, and mistakes (tags of the
 * mistake kind). Each trimmed, 1 to TAG_MAX_LENGTH characters, at most TAGS_MAX of each once the
 * same label in another case is merged.
 */
const labelFields = {
  tags: textList(
    TAG_MAX_LENGTH,
    TAGS_MAX,
    {
      notList: messages.tagsNotList,
      blank: messages.tagBlank,
      tooLong: messages.tagTooLong,
      controlCharacters: messages.tagControlCharacters,
      brokenCharacter: messages.tagBrokenCharacter,
      tooMany: messages.tagsTooMany,
    },
    true,
  ),
  mistakes: textList(
    TAG_MAX_LENGTH,
    TAGS_MAX,
    {
      notList: messages.mistakesNotList,
      blank: messages.mistakeBlank,
      tooLong: messages.mistakeTooLong,
      controlCharacters: messages.mistakeControlCharacters,
      brokenCharacter: messages.mistakeBrokenCharacter,
      tooMany: messages.mistakesTooMany,
    },
    true,
  ),
};
/** None until the trader adds some; absent from older backups. */
const labelDefaults = { tags: [], mistakes: [] };

const tradeUpdate = object({
  ...withDefaults(annotationFields, annotationDefaults),
  // Left out, they are kept (an app from before them sends none): the one exception to the whole update.
  tags: optional(labelFields.tags),
  mistakes: optional(labelFields.mistakes),
});
/** `PUT /api/v1/trades/{id}`. */
export type TradeUpdate = Infer<typeof tradeUpdate>;

/**
 * `PUT /api/v1/trades/{id}`: the whole of what the trader attaches to a trade, so a field left
 * out is cleared (no plan, no stop, no notes), except tags and mistakes, which a call without
 * them keeps. Whether the plan is theirs and for the trade's symbol, the server checks.
 */
export const validateTradeUpdate = validator(tradeUpdate);

/**
 * What the trader attached to a trade, kept under the trade's key so a rebuild never loses it:
 * as stored and as a backup holds it.
 */
export const annotationRecord = object({
  key: tradeKey,
  ...withDefaults(annotationFields, annotationDefaults),
  ...withDefaults(labelFields, labelDefaults),
  ...stamps(),
});
export type StoredAnnotation = Infer<typeof annotationRecord>;

/**
 * An annotation as trades are built with it. `key` is `accountId|symbol|openedAt` (openedAt as
 * ISO 8601 from `Date.toISOString`); a second trade of the account and symbol opened in the same
 * millisecond gets `|2` after it, and so on.
 */
export type TradeAnnotation = Omit<StoredAnnotation, 'createdAt' | 'updatedAt' | 'tags' | 'mistakes'> &
  // A trade cached (and so an annotation rebuilt offline) before tags were kept has none.
  Partial<Pick<StoredAnnotation, 'tags' | 'mistakes'>>;

export const validateAnnotationRecord = validator(annotationRecord);

/** The same annotation, whenever it was made or last edited (a restore skips it). */
export const sameAnnotation = (a: TradeAnnotation, b: TradeAnnotation): boolean =>
  sameValues(a, b, [
    ...Object.keys(annotationFields),
    ...Object.keys(labelFields),
  ] as (keyof TradeAnnotation)[]);

/**
 * An annotation the trader has not made theirs: one that holds nothing, or one never edited since
 * the import stored it when the trade's fills first arrived (no plan or the plan that claims the
 * trade, and the stop the broker reported). A restore fills it from the backup instead of calling
 * it a conflict, so a journal whose broker fills were imported before the restore gets its links,
 * stops and notes back.
 */
export const isUntouchedAnnotation = (
  a: Pick<StoredAnnotation, 'planId' | 'initialStop' | 'notes' | 'createdAt' | 'updatedAt'> &
    Partial<Pick<StoredAnnotation, 'tags' | 'mistakes'>>,
): boolean =>
  (a.planId === null &&
    a.initialStop === null &&
    a.notes === '' &&
    (a.tags ?? []).length === 0 &&
    (a.mistakes ?? []).length === 0) ||
  Date.parse(a.createdAt) === Date.parse(a.updatedAt);

/** What the trader attached to a trade, as a trade is built with it (its key aside). */
export type Attached = Omit<TradeAnnotation, 'key'>;

/**
 * The trade with a link, a stop and notes; planned, initial risk and R follow from them. The one
 * place they are computed, for a rebuild (buildTrades) and for an edit (applyTradeUpdate) alike.
 */
export function withLink(trade: TradeFigures, link: Attached): Trade {
  const initialRisk =
    link.initialStop !== null && trade.averageEntryPrice !== null
      ? roundCents(trade.entryQuantity * Math.abs(trade.averageEntryPrice - link.initialStop))
      : null;
  const rMultiple =
    trade.closedAt !== null &&
    !trade.incomplete &&
    trade.netPnl !== null &&
    initialRisk !== null &&
    initialRisk > 0
      ? roundTo4(trade.netPnl / initialRisk)
      : null;
  return {
    ...trade,
    planId: link.planId,
    planned: link.planId !== null,
    initialStop: link.initialStop,
    initialRisk,
    rMultiple,
    notes: link.notes,
    // An annotation cached before tags were kept has none.
    tags: link.tags ?? [],
    mistakes: link.mistakes ?? [],
  };
}

export const unlinked: Attached = { planId: null, initialStop: null, notes: '', tags: [], mistakes: [] };

/** What the trader attached to a trade, in the form it is stored under the trade's key. */
export const annotationOf = (trade: Trade): TradeAnnotation => ({
  key: trade.key,
  planId: trade.planId,
  initialStop: trade.initialStop,
  notes: trade.notes,
  // A trade cached before tags were kept has none.
  tags: trade.tags ?? [],
  mistakes: trade.mistakes ?? [],
});

/** What the trader's edit leaves attached: tags and mistakes left out of it are kept. */
export const attachedAfter = (trade: Pick<Trade, 'tags' | 'mistakes'>, update: TradeUpdate): Attached => ({
  ...update,
  tags: update.tags ?? trade.tags ?? [],
  mistakes: update.mistakes ?? trade.mistakes ?? [],
});

/** The trade after the trader's edit: a new link, stop, notes or labels, and the risk and R that follow. */
export const applyTradeUpdate = (trade: Trade, update: TradeUpdate): Trade =>
  withLink(trade, attachedAfter(trade, update));
