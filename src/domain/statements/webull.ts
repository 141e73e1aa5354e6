// Webull's orders records (docs/product.md, "Importing statements"): one row an order, newest
// first, with what filled of it at its average price and the time it filled, written with the
// zone's abbreviation ("03/16/2026 09:31:05 EDT"). The export has no fees and no order id.
import { columnsOf, hasColumns, readAmount, readDate, readInstant, readStock, readTime } from './cells.ts';
import { type Booking, readRows, statementFill } from './rows.ts';
import type { SkippedRow, StatementFill, StatementFormat } from './statement.ts';
import { wallTimeToIso } from './wallTime.ts';

const COLUMNS = {
  name: ['Name'],
  symbol: ['Symbol'],
  side: ['Side'],
  status: ['Status'],
  filled: ['Filled'],
  totalQuantity: ['Total Qty'],
  averagePrice: ['Avg Price'],
  placedTime: ['Placed Time'],
  filledTime: ['Filled Time'],
} as const;
type Columns = Record<keyof typeof COLUMNS, number>;

/** An option as the OCC names it ("SPY260417C00600000"), as Webull writes an option's symbol. */
const OCC = /^[A-Z][A-Z0-9.]{0,5}\d{6}[CP]\d{8}$/;
/** A multi-leg order's own row: a strategy's name and no symbol (its legs follow). */
const STRATEGY =
  /\b(call|put|vertical|spread|straddle|strangle|condor|butterfly|calendar|diagonal|collar)s?\b/i;

/** Hours from UTC of the US zones' abbreviations, read as written whatever the date. */
const ZONE_OFFSETS: Record<string, number> = {
  EST: -5,
  EDT: -4,
  CST: -6,
  CDT: -5,
  MST: -7,
  MDT: -6,
  PST: -8,
  PDT: -7,
  AKST: -9,
  AKDT: -8,
  HST: -10,
  UTC: 0,
  GMT: 0,
};

/** "03/16/2026 09:31:05 EDT" as ISO UTC; without a zone, US Eastern; a message when unreadable. */
function readFilledTime(cell: string): string | { error: string } {
  const zoned = /^(.*\d)\s+([A-Za-z]{2,4})$/.exec(cell);
  if (!zoned) return readInstant(cell) ?? { error: 'Filled Time cannot be read' };
  const [, wall = '', zone = ''] = zoned;
  const offset = ZONE_OFFSETS[zone.toUpperCase()];
  if (offset === undefined) return { error: `Filled Time's zone ${zone} is not known` };
  const date = readDate(wall);
  const time = readTime(wall.replace(/^\S+\s*/, ''));
  const asUtc = date && time ? wallTimeToIso(date, time, 'UTC') : null;
  if (asUtc === null) return { error: 'Filled Time cannot be read' };
  return new Date(Date.parse(asUtc) - offset * 3_600_000).toISOString();
}

/** Webull's sides: Buy, Sell, Short (a short sale opens), and a cover where written as one. */
function readWebullSide(cell: string): Booking | null {
  const text = cell.toLowerCase().replace(/\s+/g, ' ');
  if (text === 'buy') return { side: 'Buy', positionEffect: null };
  if (text === 'sell') return { side: 'Sell', positionEffect: null };
  if (text === 'short' || text === 'sell short') return { side: 'Sell', positionEffect: 'Open' };
  if (text === 'buy to cover' || text === 'cover') return { side: 'Buy', positionEffect: 'Close' };
  return null;
}

function parseRow(cells: readonly string[], line: number, c: Columns): StatementFill | SkippedRow {
  const cell = (index: number) => (cells[index] ?? '').trim();
  const unreadable = (detail: string): SkippedRow => ({ line, reason: 'unreadable', detail });
  const rawSymbol = cell(c.symbol).toUpperCase();
  if (rawSymbol === '') {
    if (STRATEGY.test(cell(c.name))) return { line, reason: 'option' };
    return unreadable('Symbol is empty');
  }
  if (OCC.test(rawSymbol)) return { line, reason: 'option' };
  const filledCell = cell(c.filled);
  const filled = readAmount(filledCell);
  if (filled === null && filledCell !== '') return unreadable('Filled is not a number');
  // Cancelled, failed or still working with nothing filled; what did fill of an order is a fill.
  if (filled === null || filled <= 0) return { line, reason: 'notFilled' };
  const symbol = readStock(rawSymbol);
  if (symbol === null) return { line, reason: 'instrument', detail: cell(c.symbol) };
  const side = readWebullSide(cell(c.side));
  if (side === null) return unreadable('Side is neither a buy, a sell nor a short sale');
  const price = readAmount(cells[c.averagePrice]);
  if (price === null || price <= 0) return unreadable('Avg Price is not a positive number');
  const executedAt = readFilledTime(cell(c.filledTime));
  if (typeof executedAt !== 'string') return unreadable(executedAt.error);
  return statementFill({ line, symbol, ...side, quantity: filled, price, fees: 0, executedAt });
}

export const webull: StatementFormat = {
  id: 'webull',
  name: 'Webull (orders records)',
  detect: (table) => hasColumns(table.rows[0] ?? [], Object.values(COLUMNS).flat()),
  parse(table) {
    const c = columnsOf(table.rows[0] ?? [], COLUMNS);
    return readRows(table, 1, (cells, line) => parseRow(cells, line, c));
  },
};
