// The FIFO engine of docs/product.md, "Trades": the fills of one account and one symbol, in time
// order, become round trips. Plans, annotations and rounding are trades.ts's business.
import { roundCents } from './rounding.ts';
import type { Execution, TradeDirection } from './types.ts';

/**
 * Quantities at or below this are zero: fractional shares summed in binary leave crumbs
 * (0.1 + 0.2 − 0.3 = 5.6e-17) that must not keep a trade open.
 */
const ZERO_QUANTITY = 1e-9;

/** A round trip as the fills alone describe it, before rounding and before any plan link. */
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
  openQuantity: number;
  executionIds: string[];
  incomplete: boolean;
}

interface Lot {
  quantity: number;
  price: number;
}

interface OpenTrip {
  trip: RoundTrip;
  /** Entry lots not yet matched by an exit, oldest first. */
  lots: Lot[];
}

const opens = (side: Execution['side']): TradeDirection => (side === 'Buy' ? 'Long' : 'Short');

/**
 * A fill split at zero gives each part its share of the fees, to the cent, and the second part
 * the rest: the trades' fees add up to the fills' fees exactly.
 */
function splitFees(fill: Execution, firstQuantity: number): [number, number] {
  if (firstQuantity <= ZERO_QUANTITY) return [0, fill.fees];
  if (fill.quantity - firstQuantity <= ZERO_QUANTITY) return [fill.fees, 0];
  const first = roundCents((fill.fees * firstQuantity) / fill.quantity);
  return [first, fill.fees - first];
}

function exit(open: OpenTrip, fill: Execution, quantity: number, fees: number, at: string): void {
  const { trip, lots } = open;
  const sign = trip.direction === 'Long' ? 1 : -1;
  let unmatched = quantity;
  while (unmatched > ZERO_QUANTITY && lots.length > 0) {
    const lot = lots[0]!;
    const matched = Math.min(lot.quantity, unmatched);
    trip.grossPnl += sign * matched * (fill.price - lot.price);
    lot.quantity -= matched;
    unmatched -= matched;
    if (lot.quantity <= ZERO_QUANTITY) lots.shift();
  }
  trip.exitQuantity += quantity;
  trip.exitValue += quantity * fill.price;
  trip.fees += fees;
  trip.openQuantity -= quantity;
  trip.executionIds.push(fill.id);
  if (trip.openQuantity <= ZERO_QUANTITY) {
    trip.openQuantity = 0;
    trip.closedAt = at;
  }
}

function enter(open: OpenTrip, fill: Execution, quantity: number, fees: number): void {
  const { trip } = open;
  open.lots.push({ quantity, price: fill.price });
  trip.entryQuantity += quantity;
  trip.entryValue += quantity * fill.price;
  trip.openQuantity += quantity;
  trip.fees += fees;
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
      openQuantity: 0,
      executionIds: [],
      incomplete: false,
    },
    lots: [],
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
    openQuantity: 0,
    executionIds: [fill.id],
    incomplete: true,
  };
}

/**
 * The round trips of one account's fills in one symbol, which the caller has put in time order
 * (executedAt, then createdAt, then id). A trade opens when the position leaves zero and closes when it returns;
 * a fill crossing zero closes one trade and opens the next with the remainder.
 */
export function matchFills(fills: readonly Execution[]): RoundTrip[] {
  const trips: RoundTrip[] = [];
  let open: OpenTrip | null = null;
  for (const fill of fills) {
    const at = new Date(fill.executedAt).toISOString();
    const exited: number =
      open !== null && opens(fill.side) !== open.trip.direction
        ? Math.min(fill.quantity, open.trip.openQuantity)
        : 0;
    const [exitFees, restFees] = splitFees(fill, exited);
    if (open !== null && exited > 0) {
      exit(open, fill, exited, exitFees, at);
      if (open.trip.closedAt !== null) {
        trips.push(open.trip);
        open = null;
      }
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
  if (open !== null) trips.push(open.trip);
  return trips;
}
