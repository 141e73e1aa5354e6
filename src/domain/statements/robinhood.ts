// Robinhood's activity report (docs/product.md, "Importing statements"): every activity of the
// account newest first, one Trans Code a row, dates without times, money as "$1,212.50" or
// "($1,212.50)" for a debit, and a disclaimer as the last line.
import { columnsOf, readAmount, readInstant, readStock } from './cells.ts';
import type {
  ParsedStatement,
  SkippedRow,
  StatementFill,
  StatementFormat,
  StatementTable,
} from './statement.ts';

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

function parseRow(
  cells: readonly string[],
  line: number,
  c: Columns,
  instant: Instant,
): StatementFill | SkippedRow | null {
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
  const base = { line, symbol, executedAt, positionEffect: null, brokerId: null, account: null };
  if (!trade) {
    // A split books the shares it added, or with an S the shares a reverse split took away.
    const side = read.out ? 'Sell' : 'Buy';
    return { ...base, kind: 'split', side, quantity: read.quantity, price: 0, fees: 0 };
  }
  const price = readAmount(cells[c.price]);
  if (price === null || price <= 0) return unreadable('Price is not a positive number');
  const amount = readAmount(cells[c.amount]);
  if (amount === null) return unreadable('Amount is not a number');
  // No fee column: a sale's Amount is net of its regulatory fees (SEC, TAF), so they are the gap
  // to quantity × price. A buy has none; its gap is the rounding of a dollar-based order.
  const side = code === 'BUY' ? 'Buy' : 'Sell';
  const fees = side === 'Sell' ? Math.max(0, cents(read.quantity * price - Math.abs(amount))) : 0;
  return { ...base, kind: 'fill', side, quantity: read.quantity, price, fees };
}

/**
 * A date is read as noon in New York, and the day's fills a second apart in the file's order
 * (oldest at the bottom), so a same-day buy and sell, or a short sale and its cover, keep their
 * order when the trades are built.
 */
function inDayOrder(fills: StatementFill[]): StatementFill[] {
  const seen = new Map<string, number>();
  const ordered = [...fills];
  for (let i = ordered.length - 1; i >= 0; i -= 1) {
    const fill = ordered[i] as StatementFill;
    const before = seen.get(fill.executedAt) ?? 0;
    seen.set(fill.executedAt, before + 1);
    if (before > 0) {
      ordered[i] = {
        ...fill,
        executedAt: new Date(Date.parse(fill.executedAt) + before * 1000).toISOString(),
      };
    }
  }
  return ordered;
}

export const robinhood: StatementFormat = {
  id: 'robinhood',
  name: 'Robinhood (activity report)',
  detect(table) {
    return Object.values(columnsIn(table)).every((index) => index >= 0);
  },
  parse(table): ParsedStatement {
    const c = columnsIn(table);
    const fills: StatementFill[] = [];
    const skipped: SkippedRow[] = [];
    // A day's rows share their date: each date is converted once (a large file has few).
    const days = new Map<string, string | null>();
    const instant: Instant = (date) => {
      if (!days.has(date)) days.set(date, readInstant(date));
      return days.get(date) ?? null;
    };
    for (let i = 1; i < table.rows.length; i += 1) {
      const row = parseRow(table.rows[i] ?? [], table.lines[i] ?? 0, c, instant);
      if (row === null) continue;
      if ('reason' in row) skipped.push(row);
      else fills.push(row);
    }
    return { fills: inDayOrder(fills), skipped };
  },
};
