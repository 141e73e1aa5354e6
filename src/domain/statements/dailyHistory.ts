// The brokers whose history lists the account's activities newest first, each dated without a
// time (Schwab, Fidelity, E*TRADE): each format says what its rows are in its own words; a trade's
// or a share movement's cells are then read the same way, at noon New York (cells.ts, dateReader)
// and a day's fills a second apart (cells.ts, spacedByDay).
import { columnsOf, dateReader, isFundSymbol, isStockSymbol, readAmount, readStock } from './cells.ts';
import { sumFees } from './mapping.ts';
import { type Booking, type RowRead, sharesChanged, statementFill } from './rows.ts';
import type { ParsedStatement, SkippedRow, StatementFormat, StatementTable } from './statement.ts';

/** A row its format has found to book a trade, or shares moved without one, with its cells. */
export interface DailyEntry {
  line: number;
  /** The trade; or a split or transfer, whose side is the quantity's sign. */
  booking: Booking | 'split' | 'transfer';
  date: string | undefined;
  /** The symbol as the row shows it: the detail of a row skipped as another instrument. */
  symbol: string;
  /** False where the format knows the row is no stock whatever its symbol (a security type). */
  stock?: boolean;
  quantity: string | undefined;
  /** Left out where shares moved at no price (Fidelity's DISTRIBUTION). */
  price?: string;
  fees: readonly (string | undefined)[];
  account: string | null;
}

/** The format's names for the date and fee columns, as the skipped rows' details give them. */
export interface DailyNames {
  date: string;
  fees: string;
}

/** A reader of one file's entries (its dates converted once each, cells.ts dateReader). */
export function dailyEntries(names: DailyNames): (entry: DailyEntry) => RowRead {
  const readDay = dateReader();
  return (entry) => {
    const { line, booking } = entry;
    const unreadable = (detail: string): SkippedRow => ({ line, reason: 'unreadable', detail });
    const executedAt = readDay(entry.date);
    if (executedAt === null) return unreadable(`${names.date} cannot be read`);
    const symbol = readStock(entry.symbol);
    if (symbol === null || isFundSymbol(symbol) || entry.stock === false)
      return { line, reason: 'instrument', detail: entry.symbol };
    const signed = readAmount(entry.quantity);
    if (signed === null || signed === 0) return unreadable('Quantity is not a number');
    // Shares moved without a trade may have no price; a trade's is above 0.
    const price = readAmount(entry.price) ?? (typeof booking === 'string' ? 0 : null);
    if (price === null || price < 0 || (typeof booking !== 'string' && price === 0))
      return unreadable('Price is not a positive number');
    const fees = sumFees(entry.fees);
    if (fees === null) return unreadable(`${names.fees} is not a number`);
    const at = { line, symbol, executedAt, account: entry.account };
    if (booking === 'split') return sharesChanged(at, signed);
    if (booking === 'transfer') return sharesChanged({ ...at, kind: 'transfer', price }, signed);
    return statementFill({ ...at, ...booking, quantity: Math.abs(signed), price, fees });
  };
}

/**
 * A row that is neither a trade nor shares moved: cash when it moves no shares, another
 * instrument's activity, or else an activity the journal does not read ("Action … is not imported").
 */
export function otherActivity(line: number, movesShares: boolean, symbol: string, named: string): SkippedRow {
  if (!movesShares) return { line, reason: 'cash' };
  if (!isStockSymbol(symbol)) return { line, reason: 'instrument', detail: symbol };
  return { line, reason: 'unreadable', detail: `${named} is not imported` };
}

/** A date-only broker's format: found by its header among the first rows, read after it. */
export function dailyFormat<K extends string>(
  format: Pick<StatementFormat, 'id' | 'name'>,
  headerRow: (table: StatementTable) => number,
  columns: Record<K, readonly string[]>,
  parse: (table: StatementTable, at: number, column: Record<K, number>) => ParsedStatement,
): StatementFormat {
  return {
    ...format,
    detect: (table) => headerRow(table) >= 0,
    parse(table) {
      const at = headerRow(table);
      return parse(table, at, columnsOf(table.rows[at] ?? [], columns));
    },
  };
}
