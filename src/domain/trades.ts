// Trades, derived from fills (docs/product.md, "Trades"): one pure function that the server runs
// (keeping each account and symbol's figures between reads) and the app runs offline, so both
// show the same trades with the same ids. What the trader attaches to a trade (its annotation) is
// a record: its struct is defined here once.
import { coerce, define, string } from 'superstruct';
import { backupMessages } from './backupMessages.ts';
import { PLAN_NOTES_MAX_LENGTH, TAG_MAX_LENGTH, TAGS_MAX } from './constants.ts';
import { compareBrokerIds, type Execution } from './executions.ts';
import { formatR } from './format.ts';
import { messages } from './messages.ts';
import { directionOf } from './planDirection.ts';
import { roundCents, roundHalfAway, roundTo4 } from './rounding.ts';
import { matchFills, type RoundTrip } from './tradeMatching.ts';
import { activeStockOf, isActiveStatus, type TradePlan } from './tradePlans.ts';
import type { Account } from './types.ts';
import { uuidV5 } from './uuidV5.ts';
import {
  type Infer,
  isPlausibleTime,
  isStock,
  isUuid,
  normalizeStock,
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

/**
 * The namespace of trade ids: uuidV5('urn:trade-tracker:trade', the RFC's URL namespace). Fixed
 * for good: changing it would change every trade's id, and the app's links to trades with them.
 */
const TRADE_ID_NAMESPACE = 'a32be4fa-d3c9-51dd-91cf-cb14edba9d24';

/** `accountId|symbol|openedAt`, the time as `toISOString` writes it whatever form it came in. */
export const tradeKeyOf = (accountId: string, symbol: string, openedAt: string): string =>
  `${accountId}|${symbol}|${new Date(openedAt).toISOString()}`;

export const tradeIdOf = (key: string): string => uuidV5(key, TRADE_ID_NAMESPACE);

/** The account, symbol and opening time a trade key holds; undefined when it holds none. */
export function splitTradeKey(
  key: string,
): { accountId: string; symbol: string; openedAt: string } | undefined {
  const [accountId, symbol, openedAt, nth, ...rest] = key.split('|');
  if (accountId === undefined || symbol === undefined || openedAt === undefined || rest.length > 0) {
    return undefined;
  }
  // The symbol as a fill holds it: a key of any other text (a NUL, kilobytes) names no trade.
  if (!isUuid(accountId) || !isStock(symbol) || !isPlausibleTime(openedAt)) return undefined;
  // The second trade of one instant is `|2`, and so on: six digits at most, so a key stays short
  // (an index entry holds at most 2.7 KB; a key of kilobytes of digits answered 500).
  if (nth !== undefined && !/^(?:[2-9]|[1-9]\d{1,5})$/.test(nth)) return undefined;
  return { accountId, symbol, openedAt };
}

/** The key with its account id replaced: the same trade in a journal where the account has another id. */
export function rekeyAnnotation(key: string, accountId: string): string {
  return `${accountId}${key.slice(key.indexOf('|'))}`;
}

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

export type TradeDirection = 'Long' | 'Short';

/**
 * A round trip of one account and one symbol: from a position leaving zero to its return. Its
 * quantities and prices are in the shares of its opening, as it was planned: a split while it is
 * open (its fills list the split) leaves them, its stop and its risk as they were.
 */
export interface Trade {
  /** A name-based UUID (v5) of `key`: the same on the server and in an offline rebuild. */
  id: string;
  key: string;
  accountId: string;
  accountName: string;
  symbol: string;
  direction: TradeDirection;
  openedAt: string;
  /** null while open. */
  closedAt: string | null;
  /** Shares bought (Long) or sold (Short) to open, scale-ins included. */
  entryQuantity: number;
  /** Shares still held, as shares of the opening; 0 once closed. */
  openQuantity: number;
  /** null when the entry's cost is unknown (its opening fill is not in the history, or shares came in by a transfer without a cost). */
  averageEntryPrice: number | null;
  /** null before the first exit. */
  averageExitPrice: number | null;
  /** Realised on the exits so far, FIFO; null when the entry's cost is unknown. */
  grossPnl: number | null;
  /**
   * Every fee of the trade's fills (a fill split at zero gives each side its share), to the
   * precision the broker gave them in (at least the cent).
   */
  fees: number;
  /** grossPnl − fees, to the cent; null when the entry's cost is unknown. */
  netPnl: number | null;
  planId: string | null;
  planned: boolean;
  initialStop: number | null;
  /** entryQuantity × |averageEntryPrice − initialStop|; null without a stop. */
  initialRisk: number | null;
  /** netPnl ÷ initialRisk for a closed trade with a positive initial risk; otherwise null. */
  rMultiple: number | null;
  notes: string;
  /** The trader's tags and mistakes (docs/product.md, "Trades"); [] when none. */
  tags: string[];
  mistakes: string[];
  executionIds: string[];
  /**
   * Part of the trade is not in the history held (a closing fill with no opening fill, shares
   * transferred in without a cost or out of the account): shown, but left out of R and of every
   * statistic.
   */
  incomplete: boolean;
}

type PlanForLink = Pick<TradePlan, 'id' | 'stock' | 'status' | 'stopLossPrice' | 'createdAt'> &
  // Long when left out (a plan cached before plans had a direction).
  Partial<Pick<TradePlan, 'direction'>>;

export interface TradeInputs {
  executions: readonly Execution[];
  annotations: readonly TradeAnnotation[];
  plans: readonly PlanForLink[];
  accounts: readonly Pick<Account, 'id' | 'accountName'>[];
}

/** What the fills alone decide; the link, the stop and what follows from them come on top. */
export type TradeFigures = Omit<
  Trade,
  'planId' | 'planned' | 'initialStop' | 'initialRisk' | 'rMultiple' | 'notes' | 'tags' | 'mistakes'
>;

/** What the trader attached to a trade, as a trade is built with it (its key aside). */
type Attached = Omit<TradeAnnotation, 'key'>;

const time = (iso: string): number => new Date(iso).getTime();

// By code unit, not locale: the order must be the same on every device. ISO times from
// toISOString sort as the instants they name.
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The trade with a link, a stop and notes; planned, initial risk and R follow from them. The one
 * place they are computed, for a rebuild (buildTrades) and for an edit (applyTradeUpdate) alike.
 */
function withLink(trade: TradeFigures, link: Attached): Trade {
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

const unlinked: Attached = { planId: null, initialStop: null, notes: '', tags: [], mistakes: [] };

/**
 * A fill typed by hand carries its time to the minute, so a plan made at 09:11:38 and a buy
 * entered as 09:11 count as plan first.
 */
const FILL_TIME_PRECISION_MS = 60_000;

/**
 * What the trades linked to a plan say so far: whether one of them is open, and when the last of
 * them closed. A plan with linked trades, all closed, is done (docs/product.md, "Trade plans").
 */
interface LinkedTrades {
  open: boolean;
  lastClosedAt: number;
}

/** The plan's linked trades with one more. */
const withTrade = (linked: LinkedTrades | undefined, trade: Pick<Trade, 'closedAt'>): LinkedTrades => ({
  open: (linked?.open ?? false) || trade.closedAt === null,
  lastClosedAt: Math.max(
    linked?.lastClosedAt ?? -Infinity,
    trade.closedAt === null ? -Infinity : time(trade.closedAt),
  ),
});

/** Whether a plan was done at `at`: its linked trades opened by then had all closed by then. */
const wasDone = (linked: LinkedTrades | undefined, at: number): boolean =>
  linked !== undefined && !linked.open && linked.lastClosedAt <= at;

/**
 * The plan a trade is linked to when the trader said nothing (docs/product.md, "Trades"): the
 * active plan of its stock and direction (a Long trade a long plan, a Short trade a short plan)
 * that existed when it opened and was not done by then
 * (`linked`: the plans' trades opened before this one), with that plan's stop. "Active" is the
 * plan's status now, not at the open: the server stores the link as soon as the fills arrive
 * (newAnnotations), so later status changes do not move it. Done is judged at the open from the
 * trades alone, so a history rebuilt from scratch links as the live one did: a re-entry after the
 * plan's trade closed is unplanned.
 */
function automaticLink(
  trade: TradeFigures,
  plansByStock: ReadonlyMap<string, PlanForLink[]>,
  linked: ReadonlyMap<string, LinkedTrades>,
): Attached {
  if (trade.incomplete) return unlinked;
  const opened = time(trade.openedAt) + FILL_TIME_PRECISION_MS;
  let chosen: PlanForLink | undefined;
  for (const plan of plansByStock.get(trade.symbol) ?? []) {
    if (directionOf(plan) !== trade.direction) continue;
    if (time(plan.createdAt) > opened || wasDone(linked.get(plan.id), time(trade.openedAt))) continue;
    // At most one plan per stock is active, but an offline cache can briefly hold two: the newest wins.
    const newer =
      chosen === undefined ||
      time(plan.createdAt) > time(chosen.createdAt) ||
      (time(plan.createdAt) === time(chosen.createdAt) && plan.id > chosen.id);
    if (newer) chosen = plan;
  }
  return chosen ? { ...unlinked, planId: chosen.id, initialStop: chosen.stopLossPrice } : unlinked;
}

function figuresOf(trip: RoundTrip, key: string, accountId: string, symbol: string): TradeFigures {
  const grossPnl = trip.entryUnknown ? null : roundCents(trip.grossPnl);
  // Kept to the fills' own precision (at least the cent): rounded to the cent only where shown.
  const fees = roundHalfAway(trip.fees, trip.feeDecimals);
  return {
    id: tradeIdOf(key),
    key,
    accountId,
    // Named by linkTrades: a name is the broker's, not the fills'.
    accountName: '',
    symbol,
    direction: trip.direction,
    openedAt: trip.openedAt,
    closedAt: trip.closedAt,
    entryQuantity: trip.entryQuantity,
    openQuantity: trip.openQuantity,
    averageEntryPrice: trip.entryUnknown ? null : roundTo4(trip.entryValue / trip.entryQuantity),
    averageExitPrice: trip.exitQuantity > 0 ? roundTo4(trip.exitValue / trip.exitQuantity) : null,
    grossPnl,
    fees,
    netPnl: grossPnl === null ? null : roundCents(grossPnl - fees),
    executionIds: trip.executionIds,
    incomplete: trip.incomplete,
  };
}

/**
 * Which of two fills of the same instant came first. The broker's own sequence decides between
 * two of its fills: Schwab's times have whole seconds, and its `activityId` grows with time, so a
 * buy and its sell in one second are told apart by it (numbers compared as numbers). Fills typed by
 * hand keep the order they were recorded in; last, the id.
 */
function sameInstantOrder(a: Execution, b: Execution): number {
  if (a.brokerExecutionId !== null && b.brokerExecutionId !== null) {
    const bySequence = compareBrokerIds(a.brokerExecutionId, b.brokerExecutionId);
    if (bySequence !== 0) return bySequence;
  }
  return time(a.createdAt) - time(b.createdAt) || compareText(a.id, b.id);
}

/** Each account's fills of each symbol in time order, whatever order they came in. */
function fillsBySymbol(executions: readonly Execution[]): Execution[][] {
  const ordered = executions
    .map((fill) => ({ fill, at: time(fill.executedAt) }))
    .sort((a, b) => a.at - b.at || sameInstantOrder(a.fill, b.fill));
  const groups = new Map<string, Execution[]>();
  for (const { fill } of ordered) {
    const group = `${fill.accountId}|${normalizeStock(fill.symbol)}`;
    const fills = groups.get(group);
    if (fills) fills.push(fill);
    else groups.set(group, [fill]);
  }
  return [...groups.values()];
}

/**
 * The ratio each split applied to the position it met (2 for a 2-for-1 split, 0.01 for a 1-for-100
 * reverse split), by execution id: what a trade's fills show beside a split. Computed the way the
 * trades are built, over the account's executions in the symbol (a split meeting no open trade has
 * none).
 */
export function splitRatiosOf(executions: readonly Execution[]): Map<string, number> {
  const ratios = new Map<string, number>();
  for (const fills of fillsBySymbol(executions)) {
    for (const trip of matchFills(fills)) for (const [id, ratio] of trip.splitRatios) ratios.set(id, ratio);
  }
  return ratios;
}

/**
 * Open trades first, newest opened first; then closed ones, newest closed first; then by id. The
 * app sorts its cached rows with it too (a store hands them back by id).
 */
export function tradeListOrder(a: Trade, b: Trade): number {
  if ((a.closedAt === null) !== (b.closedAt === null)) return a.closedAt === null ? -1 : 1;
  const [at, bt] = a.closedAt === null ? [a.openedAt, b.openedAt] : [a.closedAt, b.closedAt!];
  return compareText(bt, at) || compareText(a.id, b.id);
}

/** The group a fill's trades are built in: its account and its symbol. */
export const fillGroupOf = (fill: Pick<Execution, 'accountId' | 'symbol'>): string =>
  `${fill.accountId}|${normalizeStock(fill.symbol)}`;

/**
 * What the fills alone decide of their trades: FIFO round trips per account and symbol, without
 * account names, links or stops (`linkTrades` adds them). A group's figures depend on its own
 * fills only, so a server keeping them rebuilds only the groups whose fills changed.
 */
export function tradeFiguresOf(executions: readonly Execution[]): TradeFigures[] {
  const figures: TradeFigures[] = [];
  for (const fills of fillsBySymbol(executions)) {
    const { accountId } = fills[0]!;
    const symbol = normalizeStock(fills[0]!.symbol);
    const keysSeen = new Map<string, number>();
    for (const trip of matchFills(fills)) {
      // Two trades can open in the same millisecond (a round trip and the next within one broker
      // timestamp, or an incomplete trade beside a new one): the second gets `|2`, and so on. Fills
      // are in a fixed order, so the numbering is the same on every rebuild.
      const base = tradeKeyOf(accountId, symbol, trip.openedAt);
      const seen = (keysSeen.get(base) ?? 0) + 1;
      keysSeen.set(base, seen);
      const key = seen === 1 ? base : `${base}|${seen}`;
      figures.push(figuresOf(trip, key, accountId, symbol));
    }
  }
  return figures;
}

/**
 * The trades of these figures with their accounts' names and what the trader attached to each (its
 * annotation, found by key) or else the automatic plan link. Links cross symbols (a plan's trades
 * decide whether it was done), so this runs over every figure of the trader.
 */
export function linkTrades(
  figures: readonly TradeFigures[],
  input: Omit<TradeInputs, 'executions'>,
): Trade[] {
  const accountNames = new Map(input.accounts.map((a) => [a.id, a.accountName]));
  const annotations = new Map(input.annotations.map((a) => [a.key, a]));
  const plansByStock = new Map<string, PlanForLink[]>();
  for (const plan of input.plans) {
    if (!isActiveStatus(plan.status)) continue;
    const stock = normalizeStock(plan.stock);
    plansByStock.set(stock, [...(plansByStock.get(stock) ?? []), plan]);
  }

  // Links in the order the trades opened, every account's together: whether a plan was done when a
  // trade opened depends only on the trades opened before it.
  const ordered = figures
    .map((figure) => ({ figure, at: time(figure.openedAt) }))
    .sort((a, b) => a.at - b.at || compareText(a.figure.key, b.figure.key))
    .map(({ figure }) => figure);
  const linked = new Map<string, LinkedTrades>();
  const trades = ordered.map((figure) => {
    const trade = { ...figure, accountName: accountNames.get(figure.accountId) ?? '' };
    const built = withLink(trade, annotations.get(trade.key) ?? automaticLink(trade, plansByStock, linked));
    if (built.planId !== null) linked.set(built.planId, withTrade(linked.get(built.planId), built));
    return built;
  });
  return trades.sort(tradeListOrder);
}

/**
 * Every trade of the trader's fills (docs/product.md, "Trades"): FIFO round trips per account and
 * symbol, with what the trader attached to each (its annotation, found by key) or else the
 * automatic plan link.
 */
export function buildTrades(input: TradeInputs): Trade[] {
  return linkTrades(tradeFiguresOf(input.executions), input);
}

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

/**
 * What to store for trades seen for the first time: their automatic link, or that they have
 * none. Once stored, the decision no longer depends on plans' statuses or stops (docs/product.md,
 * "Trades": the link is made, and the initial risk frozen, when the trade's fills arrive), so a
 * Draft plan set to Ready later does not claim a trade made without it.
 */
export function newAnnotations(
  trades: readonly Trade[],
  annotations: readonly TradeAnnotation[],
  protectiveStops: ReadonlyMap<string, number> = new Map(),
): TradeAnnotation[] {
  const stored = new Set(annotations.map((a) => a.key));
  return trades
    .filter((t) => !stored.has(t.key))
    .map((trade) => {
      const annotation = annotationOf(trade);
      // The broker's stop order placed with the opening fill is the trader's stop when no plan gave one.
      const brokerStop =
        trade.executionIds[0] === undefined ? undefined : protectiveStops.get(trade.executionIds[0]);
      return annotation.initialStop === null && brokerStop !== undefined
        ? { ...annotation, initialStop: brokerStop }
        : annotation;
    });
}

/** What the trader's edit leaves attached: tags and mistakes left out of it are kept. */
export const attachedAfter = (trade: Pick<Trade, 'tags' | 'mistakes'>, update: TradeUpdate): Attached => ({
  ...update,
  tags: update.tags ?? trade.tags ?? [],
  mistakes: update.mistakes ?? trade.mistakes ?? [],
});

/** The trade after the trader's edit: a new link, stop, notes or labels, and the risk and R that follow. */
export const applyTradeUpdate = (trade: Trade, update: TradeUpdate): Trade =>
  withLink(trade, attachedAfter(trade, update));

/**
 * The plans that are done (docs/product.md, "Trade plans"), each with when: a plan is done once it
 * has linked trades and all of them have closed, at the last close. A plan traded in two accounts
 * is done when both positions are closed; one whose closing fill is deleted is done no more.
 */
export function donePlans(trades: readonly Pick<Trade, 'planId' | 'closedAt'>[]): Map<string, string> {
  const linked = new Map<string, LinkedTrades>();
  for (const trade of trades) {
    if (trade.planId !== null) linked.set(trade.planId, withTrade(linked.get(trade.planId), trade));
  }
  const done = new Map<string, string>();
  for (const [planId, of] of linked) {
    if (!of.open) done.set(planId, new Date(of.lastClosedAt).toISOString());
  }
  return done;
}

export type PlanDoneState = Pick<TradePlan, 'id' | 'stock' | 'status' | 'doneAt' | 'createdAt'>;

/**
 * The plans whose `doneAt` the trades change, with its new value: the server writes them in the
 * transaction that changed the trades, the app's offline rebuild in its own. A plan is done as
 * `donePlans` says, with one exception: a done plan whose trades reopen (a closing fill deleted, a
 * trade linked to it again) while another plan of the stock is active stays done, since a stock has
 * at most one active plan and the other was made for the trades to come. Of two such plans the
 * newest takes the free stock. `plans` must hold every plan that is active, done or linked to a
 * trade; others have nothing to change.
 */
export function doneChanges(
  plans: readonly PlanDoneState[],
  trades: readonly Pick<Trade, 'planId' | 'closedAt'>[],
): { id: string; doneAt: string | null }[] {
  const done = donePlans(trades);
  const changes: { id: string; doneAt: string | null }[] = [];
  const reopening: PlanDoneState[] = [];
  const held = new Set<string>();
  for (const plan of plans) {
    const doneAt = done.get(plan.id) ?? null;
    const was = plan.doneAt ?? null;
    if (doneAt === null && was !== null && isActiveStatus(plan.status)) reopening.push(plan);
    else {
      if (doneAt !== was && !(doneAt !== null && was !== null && time(doneAt) === time(was)))
        changes.push({ id: plan.id, doneAt });
      const stock = activeStockOf({ ...plan, doneAt });
      if (stock !== undefined) held.add(stock);
    }
  }
  reopening.sort((a, b) => time(b.createdAt) - time(a.createdAt) || compareText(b.id, a.id));
  for (const plan of reopening) {
    const stock = normalizeStock(plan.stock);
    if (held.has(stock)) continue;
    held.add(stock);
    changes.push({ id: plan.id, doneAt: null });
  }
  return changes;
}

/**
 * What a plan shows beside its status: nothing without a linked trade; else, for the linked trade
 * opened last, "Open" while it is open, its R ("+2.50R") once closed, or "Closed" without an R.
 * A done plan (`doneAt`) shows "Done", with that R when there is one: "Done · +2.50R".
 */
export function tradeOutcomeOfPlan(
  planId: string,
  trades: readonly Trade[],
  doneAt: string | null = null,
): string | null {
  let latest: Trade | undefined;
  for (const trade of trades) {
    if (trade.planId !== planId) continue;
    const later =
      latest === undefined ||
      trade.openedAt > latest.openedAt ||
      (trade.openedAt === latest.openedAt && trade.id > latest.id);
    if (later) latest = trade;
  }
  if (doneAt !== null) {
    const r = latest?.closedAt === null ? null : (latest?.rMultiple ?? null);
    return r === null ? 'Done' : `Done · ${formatR(r)}`;
  }
  if (latest === undefined) return null;
  if (latest.closedAt === null) return 'Open';
  return latest.rMultiple === null ? 'Closed' : formatR(latest.rMultiple);
}
