// Fidelity's account history CSV (fidelity.com: Accounts & Trade → Activity & Orders → History →
// Download): blank lines, then "Run Date","Action","Symbol",…,"Settlement Date", newest first, then
// disclaimer lines. The column set varies by year ("Price ($)" or "Price", an "Account" column for
// several accounts, "Cash Balance ($)"), so columns are found by name. The Action says what the row
// is in words: "YOU BOUGHT APPLE INC (AAPL) (Cash)". Dates carry no time (noon Eastern).
import { hasColumns, headerAt, readAmount, spacedByDay } from './cells.ts';
import { dailyEntries, dailyFormat, otherActivity } from './dailyHistory.ts';
import { type Booking, readRows } from './rows.ts';
import type { ParsedStatement, StatementTable } from './statement.ts';

/** The blank and title lines an export may put before its header. */
const HEADER_WITHIN = 10;
const REQUIRED = ['rundate', 'action', 'symbol', 'quantity', 'price', 'amount', 'settlementdate'];

const COLUMNS = {
  date: ['Run Date'],
  accountNumber: ['Account Number'],
  /** The account's name, where the file has no number column. */
  account: ['Account'],
  action: ['Action'],
  symbol: ['Symbol'],
  quantity: ['Quantity'],
  price: ['Price ($)', 'Price'],
  commission: ['Commission ($)', 'Commission'],
  fees: ['Fees ($)', 'Fees'],
} as const;
type Columns = Record<keyof typeof COLUMNS, number>;

const OPTION = /\b(opening|closing) transaction\b|^(expired|assigned|exercised)\b/;
const DIVIDEND = /^(dividend received|non-qualified dividend|foreign tax paid|(long|short)-term cap gain)/;
/** Most specific first: a short sale is also "you sold". */
const TRADES: [RegExp, Booking][] = [
  [/^you sold short sale\b/, { side: 'Sell', positionEffect: 'Open' }],
  [/^you bought short cover\b/, { side: 'Buy', positionEffect: 'Close' }],
  [/^you bought\b/, { side: 'Buy', positionEffect: null }],
  [/^you sold\b/, { side: 'Sell', positionEffect: null }],
  [/^reinvestment\b/, { side: 'Buy', positionEffect: null }],
];
/** Shares a split (or a reverse split, negative) adds to a position: Fidelity's "DISTRIBUTION". */
const DISTRIBUTION = /^distribution\b/;

const headerRow = (table: StatementTable): number =>
  headerAt(table, HEADER_WITHIN, (row) => hasColumns(row, REQUIRED));

/** The ticker the Action names when the Symbol cell is blank: "… APPLE INC (AAPL) (Cash)". */
const tickerOf = (action: string): string | undefined =>
  /\(([A-Z.]{1,6})\)\s*\((cash|margin|short)\)\s*$/i.exec(action)?.[1];

function parseFidelity(table: StatementTable, at: number, column: Columns): ParsedStatement {
  const accountAt = column.accountNumber >= 0 ? column.accountNumber : column.account;
  const entry = dailyEntries({ date: 'Run Date', fees: 'Commission or Fees' });
  const read = readRows(table, at + 1, (cells, line) => {
    // The disclaimer and "Date downloaded" lines after the table are one cell each.
    if (cells.filter((c) => c !== '').length < 2) return null;
    const cell = (c: number) => (c >= 0 ? cells[c] : undefined);
    const actionText = cell(column.action) ?? '';
    const action = actionText.toLowerCase().replace(/\s+/g, ' ');
    const symbol = cell(column.symbol) ?? '';
    if (OPTION.test(action) || /^-/.test(symbol)) return { line, reason: 'option', detail: symbol };
    if (DIVIDEND.test(action)) return { line, reason: 'dividend' };
    const trade = TRADES.find(([pattern]) => pattern.test(action))?.[1];
    const booking = trade ?? (DISTRIBUTION.test(action) ? 'split' : undefined);
    const quantity = cell(column.quantity);
    if (!booking)
      return otherActivity(line, (readAmount(quantity) ?? 0) !== 0, symbol, `Action "${actionText}"`);
    const shown = symbol === '' ? (tickerOf(actionText) ?? '') : symbol;
    const account = accountAt >= 0 ? (cells[accountAt] ?? null) : null;
    // A split's shares come at no price and no fees.
    const money = trade
      ? { price: cell(column.price), fees: [cell(column.commission), cell(column.fees)] }
      : { fees: [] };
    return entry({ line, booking, date: cell(column.date), symbol: shown, quantity, account, ...money });
  });
  return { fills: spacedByDay(read.fills), skipped: read.skipped };
}

export const fidelity = dailyFormat(
  { id: 'fidelity', name: 'Fidelity (account history CSV)' },
  headerRow,
  COLUMNS,
  parseFidelity,
);
