// E*TRADE's transactions CSV (etrade.com: Accounts → Transactions → Download → CSV), in both of
// its layouts: the classic DownloadTxnHistory.csv ("For Account:,####1234", then
// TransactionDate,TransactionType,SecurityType,Symbol,Quantity,Amount,Price,Commission,
// Description) and the 2025 activity export (title lines, then "Activity/Trade Date",
// "Transaction Date","Settlement Date","Activity Type",…,"Quantity #","Price $","Amount $",
// "Commission"). Dates carry no time (noon Eastern); quantities are negative on sales.
import {
  columnsOf,
  dateReader,
  headerKey,
  isFundSymbol,
  isStockSymbol,
  readAmount,
  readStock,
  spacedByDay,
} from './cells.ts';
import { sumFees } from './mapping.ts';
import type {
  ParsedStatement,
  SkippedRow,
  StatementFill,
  StatementFormat,
  StatementTable,
} from './statement.ts';

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

type Trade = { side: 'Buy' | 'Sell'; positionEffect: 'Open' | 'Close' | null };
const TRADES: Record<string, Trade> = {
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
  table.rows.slice(0, HEADER_WITHIN).findIndex((row) => {
    const keys = row.map(headerKey);
    return LAYOUTS.some((layout) => layout.every((name) => keys.includes(name)));
  });

/** "For Account:,####1234" or "Account Activity for Individual -1234 from Prior Year". */
function accountOf(table: StatementTable, before: number): string | null {
  for (const row of table.rows.slice(0, before)) {
    if (/^for account:?$/i.test(row[0] ?? '') && row[1]) return row[1];
    const named = /^account activity for\s+(.+?)\s+from\b/i.exec(row[0] ?? '');
    if (named?.[1]) return named[1];
  }
  return null;
}

export const etrade: StatementFormat = {
  id: 'etrade',
  name: 'E*TRADE (transactions CSV)',
  detect: (table) => headerRow(table) >= 0,
  parse: parseEtrade,
};

function parseEtrade(table: StatementTable): ParsedStatement {
  const at = headerRow(table);
  const column = columnsOf(table.rows[at] ?? [], COLUMNS);
  const dateColumn = column.tradeDate >= 0 ? column.tradeDate : column.transactionDate;
  const account = accountOf(table, at);
  const fills: StatementFill[] = [];
  const skipped: SkippedRow[] = [];
  const readDay = dateReader();
  for (let i = at + 1; i < table.rows.length; i++) {
    const cells = table.rows[i] ?? [];
    const line = table.lines[i] ?? 0;
    // The disclaimer after the table is one cell a line.
    if (cells.filter((c) => c !== '').length < 2) continue;
    const cell = (c: number) => (c >= 0 ? (cells[c] ?? '') : '');
    const unreadable = (detail: string) => void skipped.push({ line, reason: 'unreadable', detail });
    const typeText = cell(column.type);
    const type = typeText.toLowerCase().replace(/\s+/g, ' ');
    const rawSymbol = cell(column.symbol);
    const security = cell(column.security);
    if (
      OPTION_TYPES.test(type) ||
      OPTION_DESCRIPTION.test(cell(column.description)) ||
      /^opt/i.test(security)
    ) {
      skipped.push({ line, reason: 'option', detail: cell(column.description) || rawSymbol });
      continue;
    }
    if (/dividend/.test(type) && !TRADES[type]) {
      skipped.push({ line, reason: 'dividend' });
      continue;
    }
    const trade = TRADES[type];
    const signed = readAmount(cell(column.quantity));
    if (!trade) {
      if (signed === null || signed === 0) skipped.push({ line, reason: 'cash' });
      else if (!isStockSymbol(rawSymbol)) skipped.push({ line, reason: 'instrument', detail: rawSymbol });
      else unreadable(`Activity "${typeText}" is not imported`);
      continue;
    }
    const executedAt = readDay(cell(dateColumn));
    if (executedAt === null) {
      unreadable('Date cannot be read');
      continue;
    }
    const symbol = readStock(rawSymbol);
    if (symbol === null || isFundSymbol(symbol) || !STOCK_SECURITY.test(security)) {
      skipped.push({ line, reason: 'instrument', detail: rawSymbol });
      continue;
    }
    if (signed === null || signed === 0) {
      unreadable('Quantity is not a number');
      continue;
    }
    const price = readAmount(cell(column.price));
    if (price === null || price <= 0) {
      unreadable('Price is not a positive number');
      continue;
    }
    const fees = sumFees([cell(column.commission), cell(column.fees)]);
    if (fees === null) {
      unreadable('Commission is not a number');
      continue;
    }
    fills.push({
      line,
      kind: 'fill',
      symbol,
      ...trade,
      quantity: Math.abs(signed),
      price,
      fees,
      executedAt,
      brokerId: null,
      account,
    });
  }
  return { fills: spacedByDay(fills), skipped };
}
