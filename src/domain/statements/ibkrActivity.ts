// Interactive Brokers' Activity Statement as CSV (docs/product.md, "Importing statements"): every
// row names its section and its kind ("Trades","Header",… / "Trades","Data",…), and a section may
// declare its header again (another asset category). The Trades section's Data rows are the
// fills; the dividend and cash sections' rows are counted as skipped, the others passed over.
import { columnsOf, readAmount, readDateTime, readStock } from './cells.ts';
import { sumFees } from './mapping.ts';
import { collected, type RowRead, statementFill } from './rows.ts';
import type { ParsedStatement, SkippedRow, StatementFormat, StatementTable } from './statement.ts';
import { EASTERN } from './wallTime.ts';

const COLUMNS = {
  discriminator: ['DataDiscriminator'],
  category: ['Asset Category'],
  currency: ['Currency'],
  account: ['Account'],
  symbol: ['Symbol'],
  dateTime: ['Date/Time'],
  quantity: ['Quantity'],
  price: ['T. Price'],
  fees: ['Comm/Fee'],
  code: ['Code'],
  tradeId: ['TradeID'],
} as const;
type Columns = Record<keyof typeof COLUMNS, number>;

// The sections whose rows are money, not fills: each Data row is one skipped row.
const SKIPPED_SECTIONS: Record<string, SkippedRow['reason']> = {
  Dividends: 'dividend',
  'Withholding Tax': 'dividend',
  'Payment In Lieu Of Dividends': 'dividend',
  'Deposits & Withdrawals': 'cash',
  Interest: 'cash',
  Fees: 'cash',
};

const OPTION_CATEGORIES = /option/i;

interface TradeRow {
  cells: readonly string[];
  line: number;
  columns: Columns;
}

function readTrade({ cells, line, columns: c }: TradeRow): RowRead {
  const cell = (index: number) => (index >= 0 ? (cells[index] ?? '') : '');
  const unreadable = (detail: string): SkippedRow => ({ line, reason: 'unreadable', detail });
  const category = cell(c.category);
  if (OPTION_CATEGORIES.test(category)) return { line, reason: 'option', detail: cell(c.symbol) };
  if (category !== 'Stocks') return { line, reason: 'instrument', detail: cell(c.symbol) };
  const codes = cell(c.code).split(';');
  // A cancelled trade ("Ca") undoes one: it is no fill.
  if (codes.includes('Ca')) return { line, reason: 'notFilled' };
  // IBKR writes a share class with a space ("BRK B"): the journal holds "BRK.B".
  const symbol = readStock(cell(c.symbol).replace(/^([A-Za-z]+) ([A-Za-z])$/, '$1.$2'));
  if (symbol === null) return { line, reason: 'instrument', detail: cell(c.symbol) };
  // The journal's prices are dollars: a stock traded in another currency is another instrument.
  const currency = cell(c.currency).toUpperCase();
  if (currency !== '' && currency !== 'USD')
    return { line, reason: 'instrument', detail: `${cell(c.symbol)} in ${currency}` };
  const executedAt = readDateTime(cell(c.dateTime), EASTERN);
  if (executedAt === null) return unreadable('Date/Time cannot be read');
  const signed = readAmount(cell(c.quantity));
  if (signed === null || signed === 0) return unreadable('Quantity is not a number');
  const price = readAmount(cell(c.price));
  if (price === null || price <= 0) return unreadable('T. Price is not a positive number');
  const fees = sumFees([cell(c.fees)]);
  if (fees === null) return unreadable('Comm/Fee is not a number');
  const opens = codes.includes('O');
  const closes = codes.includes('C');
  // "C;O" closes a position and opens the other way in one fill: the file says neither alone.
  const positionEffect = opens && !closes ? 'Open' : closes && !opens ? 'Close' : null;
  const ids = { brokerId: cell(c.tradeId) || null, account: cell(c.account) || null };
  const fill = {
    line,
    symbol,
    side: signed < 0 ? 'Sell' : 'Buy',
    quantity: Math.abs(signed),
    executedAt,
  } as const;
  return statementFill({ ...fill, price, fees, positionEffect, ...ids });
}

function parse(table: StatementTable): ParsedStatement {
  const trades: TradeRow[] = [];
  const skipped: SkippedRow[] = [];
  let columns: Columns | null = null;
  for (const [i, row] of table.rows.entries()) {
    const [section = '', kind = ''] = row;
    const cells = row.slice(2);
    const line = table.lines[i] ?? 0;
    if (section === 'Trades' && kind === 'Header') columns = columnsOf(cells, COLUMNS);
    if (kind !== 'Data') continue;
    if (section === 'Trades' && columns !== null) trades.push({ cells, line, columns });
    const reason = SKIPPED_SECTIONS[section];
    // A section's totals are Data rows too ("Total", "Total in USD" in the first cell).
    if (reason !== undefined && !/^Total/.test(cells[0] ?? ''))
      skipped.push({ line, reason, detail: section });
  }
  // With executions listed, an Order row sums its executions; ClosedLot rows restate openings.
  const discriminator = (t: TradeRow) =>
    t.columns.discriminator >= 0 ? (t.cells[t.columns.discriminator] ?? '') : '';
  const executionsListed = trades.some((t) => discriminator(t) === 'Execution');
  const read = collected(
    trades.map((trade) => {
      const which = discriminator(trade);
      return which === 'ClosedLot' || (executionsListed && which !== 'Execution') ? null : readTrade(trade);
    }),
  );
  const all = [...skipped, ...read.skipped].sort((a, b) => a.line - b.line);
  return { fills: read.fills, skipped: all };
}

export const ibkrActivity: StatementFormat = {
  id: 'ibkr-activity',
  name: 'Interactive Brokers (Activity Statement)',
  detect(table) {
    return table.rows.some((row) => {
      if (row[0] !== 'Trades' || row[1] !== 'Header') return false;
      const c = columnsOf(row.slice(2), COLUMNS);
      return c.symbol >= 0 && c.dateTime >= 0 && c.quantity >= 0 && c.price >= 0 && c.category >= 0;
    });
  },
  parse,
};
