// What the fills alone decide of their trades (docs/product.md, "Trades"): FIFO round trips per
// account and symbol, an option's per contract ("Options"). A group's figures depend on its own
// fills only (and, an option's, on whether it has expired).
import { compareBrokerIds, type Execution } from './executions.ts';
import { contractKeyOf, type OptionContract } from './optionContract.ts';
import { roundCents, roundHalfAway, roundTo4 } from './rounding.ts';
import { compareText, type TradeFigures, time } from './trade.ts';
import { tradeIdOf, tradeKeyOf } from './tradeKeys.ts';
import { matchFills, type RoundTrip } from './tradeMatching.ts';
import { normalizeStock } from './validation.ts';

function figuresOf(
  trip: RoundTrip,
  key: string,
  accountId: string,
  symbol: string,
  option: OptionContract | null,
): TradeFigures {
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
    // Only an option's trade names a contract or how it ended: a stock's reads as it always did.
    ...(option ? { option } : {}),
    direction: trip.direction,
    openedAt: trip.openedAt,
    closedAt: trip.closedAt,
    ...(trip.closedBy ? { closedBy: trip.closedBy } : {}),
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
    const group = fillGroupOf(fill);
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

/** What a trade key names a group's instrument by: its symbol, or an option's contract key. */
const instrumentOf = (fill: Pick<Execution, 'symbol' | 'option'>): string => {
  const symbol = normalizeStock(fill.symbol);
  return fill.option ? contractKeyOf(symbol, fill.option) : symbol;
};

/** The group a fill's trades are built in: its account and its symbol (an option: its contract). */
export function fillGroupOf(fill: Pick<Execution, 'accountId' | 'symbol' | 'option'>): string {
  return `${fill.accountId}|${instrumentOf(fill)}`;
}

/**
 * What the fills alone decide of their trades: FIFO round trips per account and symbol (an
 * option's per contract, expired once `now` is past its expiration), without account names, links
 * or stops (`linkTrades` adds them). A group's figures depend on its own
 * fills only, so a server keeping them rebuilds only the groups whose fills changed.
 */
export function tradeFiguresOf(executions: readonly Execution[], now?: Date): TradeFigures[] {
  const figures: TradeFigures[] = [];
  for (const fills of fillsBySymbol(executions)) {
    const { accountId } = fills[0]!;
    const symbol = normalizeStock(fills[0]!.symbol);
    const option = fills[0]!.option ?? null;
    const keysSeen = new Map<string, number>();
    for (const trip of matchFills(fills, now)) {
      // Two trades can open in the same millisecond (a round trip and the next within one broker
      // timestamp, or an incomplete trade beside a new one): the second gets `|2`, and so on. Fills
      // are in a fixed order, so the numbering is the same on every rebuild.
      const base = tradeKeyOf(accountId, instrumentOf(fills[0]!), trip.openedAt);
      const seen = (keysSeen.get(base) ?? 0) + 1;
      keysSeen.set(base, seen);
      const key = seen === 1 ? base : `${base}|${seen}`;
      figures.push(figuresOf(trip, key, accountId, symbol, option));
    }
  }
  return figures;
}
