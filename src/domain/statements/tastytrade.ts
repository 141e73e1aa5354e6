// tastytrade's transactions CSV (docs/product.md, "Importing statements"): one row per fill or
// money movement, newest first, each time with its offset. The current header has "Sub Type",
// "Root Symbol", "Order #" and "Currency" (some exports "Total" too); the tastyworks header before
// it has none of them, and its Description names what a money movement is. The tastyworks desktop
// history before both ("Date/Time", "Transaction Code", …) is rewritten into the current columns.
import { columnsOf, hasColumns, readAmount, readDateTime, readSide, readStock } from './cells.ts';
import { sumFees } from './mapping.ts';
import { collected, type RowRead, sharesChanged, statementFill } from './rows.ts';
import type { ParsedStatement, SkippedRow, StatementFormat, StatementTable } from './statement.ts';

const COLUMNS = {
  date: ['Date'],
  type: ['Type'],
  subType: ['Sub Type'],
  action: ['Action'],
  symbol: ['Symbol'],
  instrument: ['Instrument Type'],
  description: ['Description'],
  value: ['Value'],
  quantity: ['Quantity'],
  price: ['Average Price'],
  commissions: ['Commissions'],
  fees: ['Fees'],
} as const;
type Columns = Record<keyof typeof COLUMNS, number>;

// Both headers have these, and Multiplier, Commissions and Fees: together in no other broker's file.
const REQUIRED = ['Date', 'Type', 'Action', 'Symbol', 'Instrument Type', 'Value', 'Average Price'];

const OPTIONS = new Set(['equity option', 'future option']);

interface Row {
  cells: readonly string[];
  line: number;
}

/** A position change a Receive Deliver row books: its sub type, or the description's words. */
const whatOf = (row: Row, c: Columns) =>
  (c.subType >= 0 ? row.cells[c.subType] : '') || (row.cells[c.description] ?? '');

function readFill(row: Row, c: Columns): RowRead {
  const { cells, line } = row;
  const cell = (index: number) => (index >= 0 ? (cells[index] ?? '') : '');
  const unreadable = (detail: string): SkippedRow => ({ line, reason: 'unreadable', detail });
  const executedAt = readDateTime(cell(c.date));
  if (executedAt === null) return unreadable('Date cannot be read');
  const symbol = readStock(cell(c.symbol));
  if (symbol === null) return { line, reason: 'instrument', detail: cell(c.symbol) };
  const side = readSide(cell(c.action));
  if (side === null) return unreadable('Action is neither a buy nor a sell');
  const quantity = readAmount(cell(c.quantity));
  if (quantity === null || quantity === 0) return unreadable('Quantity is not a number');
  // Average Price is signed like Value (negative for a buy): the price is its size.
  const price = readAmount(cell(c.price));
  if (price === null || price === 0) return unreadable('Average Price is not a number');
  const fees = sumFees([cell(c.commissions), cell(c.fees)]);
  if (fees === null) return unreadable('Commissions or Fees is not a number');
  const action = cell(c.action).toUpperCase();
  const positionEffect = /OPEN/.test(action) ? 'Open' : /CLOSE/.test(action) ? 'Close' : null;
  const fill = { line, symbol, side, quantity: Math.abs(quantity), price: Math.abs(price), executedAt };
  // No broker id: "Order #" is the order's, shared by its partial fills; the row's fields identify a fill.
  return statementFill({ ...fill, fees, positionEffect });
}

/**
 * A split's rows (the old shares taken away, the new ones delivered, at one time) as one
 * adjustment: the shares it added (Buy) or took away (Sell).
 */
function readSplit(rows: readonly Row[], c: Columns): RowRead {
  const first = rows[0] as Row;
  let change = 0;
  for (const { cells } of rows) {
    const side = readSide(cells[c.action]);
    const quantity = readAmount(cells[c.quantity]);
    if (side === null || quantity === null)
      return { line: first.line, reason: 'unreadable', detail: 'Split cannot be read' };
    change += side === 'Buy' ? Math.abs(quantity) : -Math.abs(quantity);
  }
  const symbol = readStock(first.cells[c.symbol]);
  const executedAt = readDateTime(first.cells[c.date]);
  if (symbol === null || executedAt === null || change === 0)
    return { line: first.line, reason: 'unreadable', detail: 'Split cannot be read' };
  return sharesChanged({ line: first.line, symbol, executedAt }, change);
}

function parse(table: StatementTable): ParsedStatement {
  const [header = [], ...rest] = table.rows;
  const c = columnsOf(header, COLUMNS);
  const splits = new Map<string, Row[]>();
  const reads = rest.map((cells, i): RowRead => {
    const row = { cells, line: table.lines[i + 1] ?? 0 };
    const { line } = row;
    const type = (cells[c.type] ?? '').toLowerCase();
    const instrument = (cells[c.instrument] ?? '').toLowerCase();
    const what = whatOf(row, c);
    if (type === 'money movement')
      return { line, reason: /dividend|withholding/i.test(what) ? 'dividend' : 'cash', detail: what };
    if (OPTIONS.has(instrument)) return { line, reason: 'option', detail: cells[c.symbol] ?? '' };
    if (instrument !== 'equity') return { line, reason: 'instrument', detail: cells[c.symbol] ?? '' };
    if (type === 'trade') return readFill(row, c);
    if (type === 'receive deliver' && /split/i.test(what)) {
      // Read once all its rows are seen: the file lists them in either order.
      const key = `${cells[c.symbol]}|${cells[c.date]}`;
      splits.set(key, [...(splits.get(key) ?? []), row]);
      return null;
    }
    // Shares bought or sold at the strike when an option is assigned or exercised: a fill.
    if (type === 'receive deliver' && /assignment|exercise/i.test(what)) return readFill(row, c);
    return { line, reason: 'unreadable', detail: `${cells[c.type] ?? ''} ${what}`.trim() };
  });
  const { fills, skipped } = collected([...reads, ...[...splits.values()].map((rows) => readSplit(rows, c))]);
  fills.sort((a, b) => a.line - b.line);
  skipped.sort((a, b) => a.line - b.line);
  return { fills, skipped };
}

// The tastyworks desktop history: its own names, no offset (its times are read as US Eastern).
const LEGACY = {
  date: ['Date/Time'],
  type: ['Transaction Code'],
  subType: ['Transaction Subcode'],
  symbol: ['Symbol'],
  side: ['Buy/Sell'],
  effect: ['Open/Close'],
  quantity: ['Quantity'],
  strike: ['Strike'],
  callPut: ['Call/Put'],
  price: ['Price'],
  fees: ['Fees'],
  amount: ['Amount'],
  description: ['Description'],
  account: ['Account Reference'],
} as const;

const isLegacy = (header: readonly string[]) => hasColumns(header, Object.values(LEGACY).flat());

/** A desktop history as the current layout: the same rules then read it. */
function fromLegacy(table: StatementTable): StatementTable {
  const [header = [], ...rest] = table.rows;
  const l = columnsOf(header, LEGACY);
  const current = [
    'Date',
    'Type',
    'Sub Type',
    'Action',
    'Symbol',
    'Instrument Type',
    'Description',
    'Value',
    'Quantity',
    'Average Price',
    'Commissions',
    'Fees',
  ];
  const rows = rest.map((cells) => {
    const symbol = cells[l.symbol] ?? '';
    const option = (cells[l.callPut] ?? '') !== '' || (cells[l.strike] ?? '') !== '';
    const instrument = option ? 'Equity Option' : symbol.startsWith('/') ? 'Future' : 'Equity';
    const action = [cells[l.side], cells[l.effect]].filter(Boolean).join(' to ');
    return [
      cells[l.date] ?? '',
      cells[l.type] ?? '',
      cells[l.subType] ?? '',
      action,
      symbol,
      symbol === '' ? '' : instrument,
      cells[l.description] ?? '',
      cells[l.amount] ?? '',
      cells[l.quantity] ?? '',
      cells[l.price] ?? '',
      '',
      cells[l.fees] ?? '',
    ];
  });
  return { rows: [current, ...rows], lines: table.lines };
}

export const tastytrade: StatementFormat = {
  id: 'tastytrade',
  name: 'tastytrade',
  detect(table) {
    const header = table.rows[0] ?? [];
    return hasColumns(header, [...REQUIRED, 'Multiplier', 'Commissions', 'Fees']) || isLegacy(header);
  },
  parse: (table) => parse(isLegacy(table.rows[0] ?? []) ? fromLegacy(table) : table),
};
