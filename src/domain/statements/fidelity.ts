// Fidelity's account history CSV (fidelity.com: Accounts & Trade → Activity & Orders → History →
// Download): blank lines, then "Run Date","Action","Symbol",…,"Settlement Date", newest first, then
// disclaimer lines. The column set varies by year ("Price ($)" or "Price", an "Account" column for
// several accounts, "Cash Balance ($)"), so columns are found by name. The Action says what the row
// is in words: "YOU BOUGHT APPLE INC (AAPL) (Cash)". Dates carry no time (noon Eastern).
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

const OPTION = /\b(opening|closing) transaction\b|^(expired|assigned|exercised)\b/;
const DIVIDEND = /^(dividend received|non-qualified dividend|foreign tax paid|(long|short)-term cap gain)/;
type Trade = { side: 'Buy' | 'Sell'; positionEffect: 'Open' | 'Close' | null };
/** Most specific first: a short sale is also "you sold". */
const TRADES: [RegExp, Trade][] = [
  [/^you sold short sale\b/, { side: 'Sell', positionEffect: 'Open' }],
  [/^you bought short cover\b/, { side: 'Buy', positionEffect: 'Close' }],
  [/^you bought\b/, { side: 'Buy', positionEffect: null }],
  [/^you sold\b/, { side: 'Sell', positionEffect: null }],
  [/^reinvestment\b/, { side: 'Buy', positionEffect: null }],
];
/** Shares a split (or a reverse split, negative) adds to a position: Fidelity's "DISTRIBUTION". */
const DISTRIBUTION = /^distribution\b/;

const headerRow = (table: StatementTable): number =>
  table.rows.slice(0, HEADER_WITHIN).findIndex((row) => {
    const keys = row.map(headerKey);
    return REQUIRED.every((name) => keys.includes(name));
  });

/** The ticker the Action names when the Symbol cell is blank: "… APPLE INC (AAPL) (Cash)". */
const tickerOf = (action: string): string | undefined =>
  /\(([A-Z.]{1,6})\)\s*\((cash|margin|short)\)\s*$/i.exec(action)?.[1];

export const fidelity: StatementFormat = {
  id: 'fidelity',
  name: 'Fidelity (account history CSV)',
  detect: (table) => headerRow(table) >= 0,
  parse: parseFidelity,
};

function parseFidelity(table: StatementTable): ParsedStatement {
  const at = headerRow(table);
  const header = table.rows[at] ?? [];
  const column = columnsOf(header, COLUMNS);
  const fills: StatementFill[] = [];
  const skipped: SkippedRow[] = [];
  const readDay = dateReader();
  for (let i = at + 1; i < table.rows.length; i++) {
    const cells = table.rows[i] ?? [];
    const line = table.lines[i] ?? 0;
    // The disclaimer and "Date downloaded" lines after the table are one cell each.
    if (cells.filter((c) => c !== '').length < 2) continue;
    const cell = (c: number) => (c >= 0 ? cells[c] : undefined);
    const unreadable = (detail: string) => void skipped.push({ line, reason: 'unreadable', detail });
    const actionText = cell(column.action) ?? '';
    const action = actionText.toLowerCase().replace(/\s+/g, ' ');
    const rawSymbol = cell(column.symbol) ?? '';
    if (OPTION.test(action) || /^-/.test(rawSymbol)) {
      skipped.push({ line, reason: 'option', detail: rawSymbol });
      continue;
    }
    if (DIVIDEND.test(action)) {
      skipped.push({ line, reason: 'dividend' });
      continue;
    }
    const trade = TRADES.find(([pattern]) => pattern.test(action))?.[1];
    const split = DISTRIBUTION.test(action);
    const signed = readAmount(cell(column.quantity));
    if (!trade && !split) {
      if (signed === null || signed === 0) skipped.push({ line, reason: 'cash' });
      else if (!isStockSymbol(rawSymbol)) skipped.push({ line, reason: 'instrument', detail: rawSymbol });
      else unreadable(`Action "${actionText}" is not imported`);
      continue;
    }
    const executedAt = readDay(cell(column.date));
    if (executedAt === null) {
      unreadable('Run Date cannot be read');
      continue;
    }
    const shown = rawSymbol === '' ? (tickerOf(actionText) ?? '') : rawSymbol;
    const symbol = readStock(shown);
    if (symbol === null || isFundSymbol(symbol)) {
      skipped.push({ line, reason: 'instrument', detail: shown });
      continue;
    }
    if (signed === null || signed === 0) {
      unreadable('Quantity is not a number');
      continue;
    }
    const accountAt = column.accountNumber >= 0 ? column.accountNumber : column.account;
    const account = accountAt >= 0 ? (cells[accountAt] ?? null) : null;
    const base = { line, symbol, quantity: Math.abs(signed), executedAt, brokerId: null, account };
    if (split) {
      const side = signed > 0 ? 'Buy' : 'Sell';
      fills.push({ ...base, kind: 'split', side, price: 0, fees: 0, positionEffect: null });
      continue;
    }
    const price = readAmount(cell(column.price));
    if (price === null || price <= 0) {
      unreadable('Price is not a positive number');
      continue;
    }
    const fees = sumFees([cell(column.commission), cell(column.fees)]);
    if (fees === null) {
      unreadable('Commission or Fees is not a number');
      continue;
    }
    if (trade) fills.push({ ...base, kind: 'fill', ...trade, price, fees });
  }
  return { fills: spacedByDay(fills), skipped };
}
