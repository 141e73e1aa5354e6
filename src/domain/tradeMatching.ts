// The FIFO engine of docs/product.md, "Trades": the executions of one account and one symbol, in
// time order, become round trips. Fills trade; the broker's adjustments (splits, transfers) move
// shares without a trade. An option's fills are of one contract: every amount is times its
// multiplier, and one still open past its expiration closes at 0 (docs/product.md, "Options").
// Plans, annotations and rounding are the business of tradeFigures.ts and tradeLinks.ts.
import { isOptionClosing, kindOf, type OptionClosing } from './executions.ts';
import { expiresAt, multiplierOf } from './optionContract.ts';
import { decimalsOf, roundHalfAway } from './rounding.ts';
import type { ClosedBy, Execution, TradeDirection } from './types.ts';

/**
 * Quantities at or below this are zero: fractional shares summed in binary leave crumbs
 * (0.1 + 0.2 − 0.3 = 5.6e-17) that must not keep a trade open.
 */
const ZERO_QUANTITY = 1e-9;

/** Decimals of a quantity restated through a split: finer than any share a broker books. */
const SPLIT_QUANTITY_DECIMALS = 9;

/**
 * A round trip as the executions alone describe it, before rounding and before any plan link. Its
 * quantities and prices are in the shares of its opening: a split while it is open changes the
 * shares held, not the trade as it was planned (its entry, stop and risk).
 */
export interface RoundTrip {
  direction: TradeDirection;
  /** ISO 8601, as `Date.toISOString` writes it. */
  openedAt: string;
  closedAt: string | null;
  entryQuantity: number;
  /** Σ quantity × price of the entry fills. */
  entryValue: number;
  exitQuantity: number;
  /** Σ quantity × price of the exit fills. */
  exitValue: number;
  /** Realised on the exits so far, matched FIFO against the entry lots. */
  grossPnl: number;
  fees: number;
  /** The most decimals a fee part of the trip was given in: its fees are kept to that precision. */
  feeDecimals: number;
  openQuantity: number;
  executionIds: string[];
  /** Left out of R and of every statistic: part of the trade is not in the history held. */
  incomplete: boolean;
  /** The cost of (part of) the entry is unknown: no average entry, no P&L. */
  entryUnknown: boolean;
  /** The ratio each split applied (shares after ÷ shares before), by execution id. */
  splitRatios: ReadonlyMap<string, number>;
  /** How an option trade ended without a trade (expired, assigned, exercised); null otherwise. */
  closedBy: ClosedBy | null;
}

const CLOSED_BY: Record<OptionClosing, ClosedBy> = {
  expiry: 'Expired',
  assignment: 'Assigned',
  exercise: 'Exercised',
};
/** What a closing fill says of how its trade ended: an option's expiry, assignment or exercise. */
const closedByOf = (fill: Execution): ClosedBy | null => {
  const kind = kindOf(fill);
  return isOptionClosing(kind) ? CLOSED_BY[kind] : null;
};

interface Lot {
  /** Shares now (after any split since). */
  quantity: number;
  /** Cost per share now. */
  price: number;
}

interface OpenTrip {
  trip: RoundTrip;
  /** Entry lots not yet matched by an exit, oldest first. */
  lots: Lot[];
  /** Shares held now. */
  held: number;
  /** Shares now per share at the opening: the product of the splits since, 1 without any. */
  factor: number;
}

const opens = (side: Execution['side']): TradeDirection => (side === 'Buy' ? 'Long' : 'Short');

/** Shares now as shares of the trip's opening (bit for bit the same without a split). */
const asOpened = (open: OpenTrip, quantity: number): number =>
  open.factor === 1 ? quantity : roundHalfAway(quantity / open.factor, SPLIT_QUANTITY_DECIMALS);

/** A fee part's precision: at least the cent, or the fill's own when finer. */
const feePrecision = (fees: number): number =>
  Math.round(fees * 100) / 100 === fees ? 2 : Math.max(2, decimalsOf(fees));

/** Most trips meet no split: they share this empty map, and a split gives its trip a map of its own. */
const NO_SPLITS: ReadonlyMap<string, number> = new Map();

/**
 * A fill split at zero gives each part its share of the fees, to the fill's own precision (at
 * least the cent), and the second part the rest: the trades' fees add up to the fills' fees.
 */
function splitFees(fill: Execution, firstQuantity: number): [number, number] {
  if (firstQuantity <= ZERO_QUANTITY) return [0, fill.fees];
  if (fill.quantity - firstQuantity <= ZERO_QUANTITY) return [fill.fees, 0];
  const first = roundHalfAway((fill.fees * firstQuantity) / fill.quantity, feePrecision(fill.fees));
  return [first, fill.fees - first];
}

function addFees(trip: RoundTrip, fill: Execution, fees: number): void {
  trip.fees += fees;
  if (fees !== 0) trip.feeDecimals = Math.max(trip.feeDecimals, feePrecision(fill.fees));
}

function closeIfFlat(open: OpenTrip, at: string): void {
  if (open.held <= ZERO_QUANTITY) {
    open.held = 0;
    open.trip.openQuantity = 0;
    open.trip.closedAt = at;
  } else {
    open.trip.openQuantity = asOpened(open, open.held);
  }
}

/** Takes `quantity` off the lots, oldest first; answers the cost the lots held for each share taken. */
function takeFromLots(
  open: OpenTrip,
  quantity: number,
  onMatched: (matched: number, lot: Lot) => void,
): void {
  const { lots } = open;
  let unmatched = quantity;
  while (unmatched > ZERO_QUANTITY && lots.length > 0) {
    const lot = lots[0]!;
    const matched = Math.min(lot.quantity, unmatched);
    onMatched(matched, lot);
    lot.quantity -= matched;
    unmatched -= matched;
    if (lot.quantity <= ZERO_QUANTITY) lots.shift();
  }
}

function exit(open: OpenTrip, fill: Execution, quantity: number, fees: number, at: string): void {
  const { trip } = open;
  const sign = trip.direction === 'Long' ? 1 : -1;
  const multiplier = multiplierOf(fill.option);
  takeFromLots(open, quantity, (matched, lot) => {
    trip.grossPnl += sign * matched * (fill.price - lot.price) * multiplier;
  });
  trip.exitQuantity += asOpened(open, quantity);
  trip.exitValue += quantity * fill.price;
  addFees(trip, fill, fees);
  open.held -= quantity;
  trip.executionIds.push(fill.id);
  closeIfFlat(open, at);
  if (trip.closedAt !== null) trip.closedBy = closedByOf(fill);
}

/**
 * An option still open after its expiration (`now` past the close of that day) expired worthless:
 * what is held closes at 0 then, with no fill of its own. A broker's expiry or assignment row,
 * when one comes, closes it instead (as a fill, before this is asked).
 */
function expire(open: OpenTrip, last: Execution, now: Date | undefined): void {
  if (last.option === null || last.option === undefined || now === undefined) return;
  const at = expiresAt(last.option);
  if (now.getTime() < Date.parse(at)) return;
  const { trip } = open;
  const sign = trip.direction === 'Long' ? 1 : -1;
  const multiplier = multiplierOf(last.option);
  takeFromLots(open, open.held, (matched, lot) => {
    trip.grossPnl += sign * matched * -lot.price * multiplier;
  });
  trip.exitQuantity += asOpened(open, open.held);
  open.held = 0;
  closeIfFlat(open, at);
  trip.closedBy = 'Expired';
}

function enter(open: OpenTrip, fill: Execution, quantity: number, fees: number): void {
  const { trip } = open;
  open.lots.push({ quantity, price: fill.price });
  trip.entryQuantity += asOpened(open, quantity);
  trip.entryValue += quantity * fill.price;
  open.held += quantity;
  trip.openQuantity = asOpened(open, open.held);
  addFees(trip, fill, fees);
  trip.executionIds.push(fill.id);
}

function opened(direction: TradeDirection, at: string): OpenTrip {
  return {
    trip: {
      direction,
      openedAt: at,
      closedAt: null,
      entryQuantity: 0,
      entryValue: 0,
      exitQuantity: 0,
      exitValue: 0,
      grossPnl: 0,
      fees: 0,
      feeDecimals: 2,
      openQuantity: 0,
      executionIds: [],
      incomplete: false,
      entryUnknown: false,
      splitRatios: NO_SPLITS,
      closedBy: null,
    },
    lots: [],
    held: 0,
    factor: 1,
  };
}

/**
 * What a closing fill closes beyond the position we know of: its opening fills are older than
 * the history we hold, so there is an exit without an entry. The fill closed a position opposite
 * to its own side.
 */
function incompleteTrip(fill: Execution, quantity: number, fees: number, at: string): RoundTrip {
  return {
    direction: fill.side === 'Sell' ? 'Long' : 'Short',
    openedAt: at,
    closedAt: at,
    entryQuantity: quantity,
    entryValue: 0,
    exitQuantity: quantity,
    exitValue: quantity * fill.price,
    grossPnl: 0,
    fees,
    feeDecimals: feePrecision(fill.fees),
    openQuantity: 0,
    executionIds: [fill.id],
    incomplete: true,
    entryUnknown: true,
    splitRatios: NO_SPLITS,
    closedBy: closedByOf(fill),
  };
}

/** The shares held, signed: positive long, negative short. */
const position = (open: OpenTrip): number => (open.trip.direction === 'Long' ? open.held : -open.held);
/** An execution's change to the shares held: Buy adds, Sell takes away. */
const change = (execution: Execution): number =>
  execution.side === 'Buy' ? execution.quantity : -execution.quantity;

/**
 * A split or reverse split: the broker added or took away shares, the position's value unchanged.
 * The open lots are restated at the ratio (quantity × ratio, price ÷ ratio: the cost is kept), so
 * later exits match them in today's shares. One that does not fit the position we hold (it would
 * leave none, or there are shares from before our history) leaves the lots as they are and the
 * trade out of R. With no trade open, it has nothing to adjust.
 */
function split(open: OpenTrip, adjustment: Execution, at: string): void {
  const { trip } = open;
  const before = position(open);
  const after = before + change(adjustment);
  trip.executionIds.push(adjustment.id);
  const ratio = after / before;
  if (!(ratio > 0) || !Number.isFinite(ratio)) {
    trip.incomplete = true;
    return;
  }
  for (const lot of open.lots) {
    lot.quantity *= ratio;
    lot.price /= ratio;
  }
  open.held = Math.abs(after);
  open.factor *= ratio;
  trip.splitRatios = new Map([...trip.splitRatios, [adjustment.id, ratio]]);
  closeIfFlat(open, at);
}

/**
 * Shares transferred into or out of the account: not a trade, so no P&L. Into the position (or
 * into a flat account, which opens a trade) they are an entry at the cost per share the broker
 * reported; without one the trade's cost, and so its P&L, is unknown. Out of the position they
 * leave at their cost, oldest first, and the trade is left out of R (its outcome is elsewhere); it
 * closes when nothing is left. Shares transferred out of a flat account were never known here.
 */
function transfer(open: OpenTrip | null, adjustment: Execution, at: string): OpenTrip | null {
  const adds = open === null ? adjustment.side === 'Buy' : opens(adjustment.side) === open.trip.direction;
  if (adds) {
    const into = open ?? opened(opens(adjustment.side), at);
    enter(into, adjustment, adjustment.quantity, adjustment.fees);
    if (!(adjustment.price > 0)) {
      into.trip.entryUnknown = true;
      into.trip.incomplete = true;
    }
    return into;
  }
  if (open === null) return null;
  const moved = Math.min(adjustment.quantity, open.held);
  takeFromLots(open, moved, () => {});
  open.held -= moved;
  addFees(open.trip, adjustment, adjustment.fees);
  open.trip.executionIds.push(adjustment.id);
  open.trip.incomplete = true;
  closeIfFlat(open, at);
  return open;
}

/**
 * The round trips of one account's executions in one symbol, which the caller has put in time
 * order (executedAt, then the broker's sequence, then createdAt, then id). A trade opens when the
 * position leaves zero and closes when it returns; a fill crossing zero closes one trade and opens
 * the next with the remainder. Splits and transfers adjust the position (docs/product.md, "Trades").
 * An option's trade still open when `now` is past its expiration closes at 0 (none without `now`).
 */
export function matchFills(fills: readonly Execution[], now?: Date): RoundTrip[] {
  const trips: RoundTrip[] = [];
  let open: OpenTrip | null = null;
  const closed = () => {
    if (open !== null && open.trip.closedAt !== null) {
      trips.push(open.trip);
      open = null;
    }
  };
  for (const fill of fills) {
    const at = new Date(fill.executedAt).toISOString();
    const kind = kindOf(fill);
    if (kind === 'split') {
      if (open !== null) split(open, fill, at);
      closed();
      continue;
    }
    if (kind === 'transfer') {
      open = transfer(open, fill, at);
      closed();
      continue;
    }
    const exited: number =
      open !== null && opens(fill.side) !== open.trip.direction ? Math.min(fill.quantity, open.held) : 0;
    const [exitFees, restFees] = splitFees(fill, exited);
    if (open !== null && exited > 0) {
      exit(open, fill, exited, exitFees, at);
      closed();
    }
    const rest = fill.quantity - exited;
    if (rest <= ZERO_QUANTITY) continue;
    if (fill.positionEffect === 'Close') {
      trips.push(incompleteTrip(fill, rest, restFees, at));
      continue;
    }
    if (open === null) open = opened(opens(fill.side), at);
    enter(open, fill, rest, restFees);
  }
  if (open !== null) {
    expire(open, fills[fills.length - 1]!, now);
    trips.push((open as OpenTrip).trip);
  }
  return trips;
}
