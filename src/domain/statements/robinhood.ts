// Robinhood's activity report (docs/product.md, "Importing statements"): every activity of the
// account newest first, one Trans Code a row, dates without times, money as "$1,212.50" or
// "($1,212.50)" for a debit, and a disclaimer as the last line.
import { columnsOf, dateReader, hasColumns, readAmount, readStock, spacedByDay } from './cells.ts';
import { type RowRead, readRows, sharesChanged, statementFill } from './rows.ts';
import type { SkippedRow, StatementFormat, StatementTable } from './statement.ts';

const COLUMNS = {
  activityDate: ['Activity Date'],
  processDate: ['Process Date'],
  settleDate: ['Settle Date'],
  instrument: ['Instrument'],
  description: ['Description'],
  code: ['Trans Code'],
  quantity: ['Quantity'],
  price: ['Price'],
  amount: ['Amount'],
} as const;
type Columns = Record<keyof typeof COLUMNS, number>;

/** Option trades, expirations, assignments, exercises and option corporate actions. */
const OPTION_CODES = new Set(['BTO', 'STC', 'STO', 'BTC', 'OEXP', 'OASGN', 'OEXCS', 'OCA']);
/** Cash and manufactured dividends, stock dividends, and the tax withheld from them. */
const DIVIDEND_CODES = new Set(['CDIV', 'MDIV', 'SDIV', 'DTAX', 'NRAT']);

const columnsIn = (table: StatementTable): Columns => columnsOf(table.rows[0] ?? [], COLUMNS);

/** Robinhood's quantity: "2.5", or "90S" where shares left the account (an expiry, a merger). */
function readQuantity(cell: string | undefined): { quantity: number; out: boolean } | null {
  const text = (cell ?? '').trim();
  const out = /S$/i.test(text);
  const quantity = readAmount(out ? text.slice(0, -1) : text);
  return quantity === null || quantity <= 0 ? null : { quantity, out };
}

/** The cents between two amounts, as the statement would round them. */
const cents = (value: number): number => Math.round(value * 100) / 100;

type Instant = (date: string) => string | null;

function parseRow(cells: readonly string[], line: number, c: Columns, instant: Instant): RowRead {
  const cell = (index: number) => (cells[index] ?? '').trim();
  const code = cell(c.code).toUpperCase();
  // The disclaimer at the end fills one cell beyond the columns: it is no activity at all.
  if (code === '' && cell(c.activityDate) === '' && cell(c.instrument) === '') return null;
  const unreadable = (detail: string): SkippedRow => ({ line, reason: 'unreadable', detail });
  if (OPTION_CODES.has(code)) return { line, reason: 'option' };
  if (DIVIDEND_CODES.has(code)) return { line, reason: 'dividend' };
  const trade = code === 'BUY' || code === 'SELL';
  if (!trade && code !== 'SPL') {
    // Deposits, interest, Gold and other fees, stock lending: money only. A code that moves
    // shares (a transfer, a merger) is not one the journal reads.
    if (cell(c.quantity) === '') return { line, reason: 'cash' };
    return unreadable(`Trans Code ${code || '(empty)'} is not a trade the journal reads`);
  }
  const executedAt = instant(cell(c.activityDate));
  if (executedAt === null) return unreadable('Activity Date cannot be read');
  const instrument = cell(c.instrument);
  if (instrument === '') return unreadable('Instrument is empty');
  const symbol = readStock(instrument);
  if (symbol === null) return { line, reason: 'instrument', detail: instrument };
  const read = readQuantity(cells[c.quantity]);
  if (read === null) return unreadable('Quantity is not a positive number');
  // A split books the shares it added, or with an S the shares a reverse split took away.
  if (!trade) return sharesChanged({ line, symbol, executedAt }, read.out ? -read.quantity : read.quantity);
  const price = readAmount(cells[c.price]);
  if (price === null || price <= 0) return unreadable('Price is not a positive number');
  const amount = readAmount(cells[c.amount]);
  if (amount === null) return unreadable('Amount is not a number');
  // No fee column: a sale's Amount is net of its regulatory fees (SEC, TAF), so they are the gap
  // to quantity × price. A buy has none; its gap is the rounding of a dollar-based order.
  const side = code === 'BUY' ? 'Buy' : 'Sell';
  const fees = side === 'Sell' ? Math.max(0, cents(read.quantity * price - Math.abs(amount))) : 0;
  return statementFill({ line, symbol, executedAt, side, quantity: read.quantity, price, fees });
}

export const robinhood: StatementFormat = {
  id: 'robinhood',
  name: 'Robinhood (activity report)',
  detect: (table) => hasColumns(table.rows[0] ?? [], Object.values(COLUMNS).flat()),
  parse(table) {
    const c = columnsIn(table);
    // A day's rows share their date: each date is converted once (a large file has few).
    const instant = dateReader();
    const read = readRows(table, 1, (cells, line) => parseRow(cells, line, c, instant));
    return { fills: spacedByDay(read.fills), skipped: read.skipped };
  },
};
