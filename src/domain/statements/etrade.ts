// E*TRADE's transactions CSV (etrade.com: Accounts → Transactions → Download → CSV), in both of
// its layouts: the classic DownloadTxnHistory.csv ("For Account:,####1234", then
// TransactionDate,TransactionType,SecurityType,Symbol,Quantity,Amount,Price,Commission,
// Description) and the 2025 activity export (title lines, then "Activity/Trade Date",
// "Transaction Date","Settlement Date","Activity Type",…,"Quantity #","Price $","Amount $",
// "Commission"). Dates carry no time (noon Eastern); quantities are negative on sales.
import { hasColumns, headerAt, readAmount, spacedByDay } from './cells.ts';
import { dailyEntries, dailyFormat, otherActivity } from './dailyHistory.ts';
import { type Booking, readRows } from './rows.ts';
import type { ParsedStatement, StatementTable } from './statement.ts';

/** The account and title lines before the header. */
const HEADER_WITHIN = 8;
const LAYOUTS = [
  [
    'transactiondate',
    'transactiontype',
    'securitytype',
    'symbol',
    'quantity',
    'amount',
    'price',
    'commission',
  ],
  ['activitytradedate', 'settlementdate', 'activitytype', 'symbol', 'cusip', 'quantity', 'price', 'amount'],
];

const COLUMNS = {
  tradeDate: ['Activity/Trade Date'],
  transactionDate: ['TransactionDate'],
  type: ['Activity Type', 'TransactionType'],
  security: ['SecurityType'],
  symbol: ['Symbol'],
  quantity: ['Quantity #', 'Quantity'],
  price: ['Price $', 'Price'],
  commission: ['Commission'],
  fees: ['Fees'],
  description: ['Description'],
} as const;
type Columns = Record<keyof typeof COLUMNS, number>;

const TRADES: Record<string, Booking> = {
  bought: { side: 'Buy', positionEffect: null },
  sold: { side: 'Sell', positionEffect: null },
  'sold short': { side: 'Sell', positionEffect: 'Open' },
  'bought to cover': { side: 'Buy', positionEffect: 'Close' },
  'dividend reinvestment': { side: 'Buy', positionEffect: null },
};
const OPTION_TYPES =
  /^(bought to open|sold to open|bought to close|sold to close|(option )?(expired|assigned|exercised))$/;
/** An option's row: "PUT  IWM    02/27/26   260.000" (the Symbol is then its underlying). */
const OPTION_DESCRIPTION = /^(put|call)\s/i;
const STOCK_SECURITY = /^(eq|etf)?$/i;

const headerRow = (table: StatementTable): number =>
  headerAt(table, HEADER_WITHIN, (row) => LAYOUTS.some((layout) => hasColumns(row, layout)));

/** "For Account:,####1234" or "Account Activity for Individual -1234 from Prior Year". */
function accountOf(table: StatementTable, before: number): string | null {
  for (const row of table.rows.slice(0, before)) {
    if (/^for account:?$/i.test(row[0] ?? '') && row[1]) return row[1];
    const named = /^account activity for\s+(.+?)\s+from\b/i.exec(row[0] ?? '');
    if (named?.[1]) return named[1];
  }
  return null;
}

function parseEtrade(table: StatementTable, at: number, column: Columns): ParsedStatement {
  const dateColumn = column.tradeDate >= 0 ? column.tradeDate : column.transactionDate;
  const account = accountOf(table, at);
  const entry = dailyEntries({ date: 'Date', fees: 'Commission' });
  const read = readRows(table, at + 1, (cells, line) => {
    // The disclaimer after the table is one cell a line.
    if (cells.filter((c) => c !== '').length < 2) return null;
    const cell = (c: number) => (c >= 0 ? (cells[c] ?? '') : '');
    const typeText = cell(column.type);
    const type = typeText.toLowerCase().replace(/\s+/g, ' ');
    const symbol = cell(column.symbol);
    const security = cell(column.security);
    const description = cell(column.description);
    if (OPTION_TYPES.test(type) || OPTION_DESCRIPTION.test(description) || /^opt/i.test(security))
      return { line, reason: 'option', detail: description || symbol };
    const booking = TRADES[type];
    if (/dividend/.test(type) && !booking) return { line, reason: 'dividend' };
    const quantity = cell(column.quantity);
    if (!booking)
      return otherActivity(line, (readAmount(quantity) ?? 0) !== 0, symbol, `Activity "${typeText}"`);
    const fees = [cell(column.commission), cell(column.fees)];
    const stock = STOCK_SECURITY.test(security);
    return entry({
      line,
      booking,
      date: cell(dateColumn),
      symbol,
      stock,
      quantity,
      price: cell(column.price),
      fees,
      account,
    });
  });
  return { fills: spacedByDay(read.fills), skipped: read.skipped };
}

export const etrade = dailyFormat(
  { id: 'etrade', name: 'E*TRADE (transactions CSV)' },
  headerRow,
  COLUMNS,
  parseEtrade,
);
