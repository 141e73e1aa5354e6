// A trade (docs/product.md, "Trades"): a round trip built from fills, with what the trader
// attached to it. Trades are derived, never stored: tradeFigures.ts, tradeLinks.ts build them.
import type { OptionContract } from './optionContract.ts';
import type { Attached } from './tradeAnnotation.ts';

export type TradeDirection = 'Long' | 'Short';
/** How an option trade ended without a trade at a price (docs/product.md, "Options"). */
export type ClosedBy = 'Expired' | 'Assigned' | 'Exercised';

/**
 * What the fills alone decide of a round trip of one account and one symbol: from a position
 * leaving zero to its return. Its quantities and prices are in the shares of its opening, as it was
 * planned: a split while it is open (its fills list the split) leaves them, its stop and its risk as
 * they were.
 */
export interface TradeFigures {
  /** A name-based UUID (v5) of `key`: the same on the server and in an offline rebuild. */
  id: string;
  key: string;
  accountId: string;
  accountName: string;
  /** The stock, or an option's underlying. */
  symbol: string;
  /** The option contract traded (its amounts are per share, times its multiplier); a stock's trade has none. */
  option?: OptionContract;
  direction: TradeDirection;
  openedAt: string;
  /** null while open. */
  closedAt: string | null;
  /** An option's end without a trade at a price: expired, assigned or exercised; else none. */
  closedBy?: ClosedBy;
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
  executionIds: string[];
  /**
   * Part of the trade is not in the history held (a closing fill with no opening fill, shares
   * transferred in without a cost or out of the account): shown, but left out of R and of every
   * statistic.
   */
  incomplete: boolean;
}

/**
 * A trade: its figures, what the trader attached to it (its annotation's fields, as
 * tradeAnnotation.ts lists them) and what follows from them (`withAnnotation`).
 */
export interface Trade extends TradeFigures, Attached {
  planned: boolean;
  /** entryQuantity × |averageEntryPrice − initialStop|; null without a stop. */
  initialRisk: number | null;
  /** netPnl ÷ initialRisk for a closed trade with a positive initial risk; otherwise null. */
  rMultiple: number | null;
}

export const time = (iso: string): number => new Date(iso).getTime();

// By code unit, not locale: the order must be the same on every device. ISO times from
// toISOString sort as the instants they name.
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Open trades first, newest opened first; then closed ones, newest closed first; then by id. The
 * app sorts its cached rows with it too (a store hands them back by id).
 */
export function tradeListOrder(a: Trade, b: Trade): number {
  if ((a.closedAt === null) !== (b.closedAt === null)) return a.closedAt === null ? -1 : 1;
  const [at, bt] = a.closedAt === null ? [a.openedAt, b.openedAt] : [a.closedAt, b.closedAt!];
  return compareText(bt, at) || compareText(a.id, b.id);
}
