// Charles Schwab's transactions CSV (schwab.com: Accounts → History → Transactions → Export, CSV):
// "Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount", newest first.
// Older exports open with a "Transactions for account …" title and end with a "Transactions Total"
// row. Dates carry no time (noon Eastern); a late booking reads "03/16/2026 as of 03/13/2026",
// and the "as of" date is the day of the trade.
import {
  columnsOf,
  dateReader,
  headerKey,
  isFundSymbol,
  isStockSymbol,
  readAmount,
  readFee,
  readInstant,
  readStock,
  spacedByDay,
} from './cells.ts';
import type {
  ParsedStatement,
  SkippedRow,
  StatementFill,
  StatementFormat,
  StatementTable,
} from './statement.ts';

const HEADER = ['Date', 'Action', 'Symbol', 'Description', 'Quantity', 'Price', 'Fees & Comm', 'Amount'];
const HEADER_KEYS = HEADER.map(headerKey).join('|');
/** The title and blank rows an older export puts before its header. */
const HEADER_WITHIN = 3;

const COLUMNS = {
  date: ['Date'],
  action: ['Action'],
  symbol: ['Symbol'],
  quantity: ['Quantity'],
  price: ['Price'],
  fees: ['Fees & Comm'],
} as const;

type Trade = { side: 'Buy' | 'Sell'; positionEffect: 'Open' | 'Close' | null };
const TRADES: Record<string, Trade> = {
  buy: { side: 'Buy', positionEffect: null },
  sell: { side: 'Sell', positionEffect: null },
  'sell short': { side: 'Sell', positionEffect: 'Open' },
  'buy to cover': { side: 'Buy', positionEffect: 'Close' },
  'reinvest shares': { side: 'Buy', positionEffect: null },
};
const OPTION_ACTIONS = new Set([
  'buy to open',
  'sell to open',
  'buy to close',
  'sell to close',
  'expired',
  'assigned',
  'exercised',
]);
/** Shares moved into or out of the account without a trade. */
const TRANSFERS = new Set(['journaled shares', 'security transfer']);
// "Cash Dividend", "Qualified Dividend", "Non-Qualified Div", "Qual Div Reinvest", "Pr Yr Cash Div",
// "Long Term Cap Gain Reinvest", and the tax withheld from them.
const DIVIDEND = /\bdiv(idend)?\b|cap gain|foreign tax|nra tax/;

const headerRow = (table: StatementTable): number =>
  table.rows.slice(0, HEADER_WITHIN).findIndex(
    (row) =>
      row
        .map(headerKey)
        .filter((k) => k !== '')
        .join('|') === HEADER_KEYS,
  );

/** The trade date of "03/16/2026" or "03/16/2026 as of 03/13/2026". */
const tradeDate = (cell: string | undefined): string | undefined =>
  /\bas of\s+(\S+)/i.exec(cell ?? '')?.[1] ?? cell;

export const schwab: StatementFormat = {
  id: 'schwab',
  name: 'Charles Schwab (transactions CSV)',
  detect: (table) => headerRow(table) >= 0,
  parse: parseSchwab,
};

function parseSchwab(table: StatementTable): ParsedStatement {
  const at = headerRow(table);
  const header = table.rows[at] ?? [];
  const column = columnsOf(header, COLUMNS);
  // "Transactions  for account XXXX-1234 as of 03/16/2026 10:45 PM ET"
  const title = at > 0 ? (table.rows[0]?.[0] ?? '') : '';
  const account = /for account\s+(.+?)\s+as of/i.exec(title)?.[1] ?? null;
  const fills: StatementFill[] = [];
  const skipped: SkippedRow[] = [];
  const readDay = dateReader();
  const reverseSplits: { line: number; cells: string[] }[] = [];
  for (let i = at + 1; i < table.rows.length; i++) {
    const cells = table.rows[i] ?? [];
    const line = table.lines[i] ?? 0;
    const cell = (c: number) => (c >= 0 ? cells[c] : undefined);
    const action = (cell(column.action) ?? '').toLowerCase().replace(/\s+/g, ' ');
    if (/^transactions total$/i.test(cell(column.date) ?? '')) continue;
    const unreadable = (detail: string) => void skipped.push({ line, reason: 'unreadable', detail });
    const rawSymbol = cell(column.symbol) ?? '';
    if (OPTION_ACTIONS.has(action) || /\s/.test(rawSymbol)) {
      skipped.push({ line, reason: 'option', detail: rawSymbol });
      continue;
    }
    if (DIVIDEND.test(action)) {
      skipped.push({ line, reason: 'dividend' });
      continue;
    }
    if (action === 'reverse split') {
      reverseSplits.push({ line, cells });
      continue;
    }
    const trade = TRADES[action];
    const moved = action === 'stock split' || TRANSFERS.has(action);
    const quantityCell = cell(column.quantity) ?? '';
    if (!trade && !moved) {
      if (quantityCell === '') skipped.push({ line, reason: 'cash' });
      else if (!isStockSymbol(rawSymbol)) skipped.push({ line, reason: 'instrument', detail: rawSymbol });
      else unreadable(`Action "${cell(column.action) ?? ''}" is not imported`);
      continue;
    }
    const executedAt = readDay(tradeDate(cell(column.date)));
    if (executedAt === null) {
      unreadable('Date cannot be read');
      continue;
    }
    const symbol = readStock(rawSymbol);
    if (symbol === null || isFundSymbol(symbol)) {
      skipped.push({ line, reason: 'instrument', detail: rawSymbol });
      continue;
    }
    const signed = readAmount(quantityCell);
    if (signed === null || signed === 0) {
      unreadable('Quantity is not a number');
      continue;
    }
    const price = readAmount(cell(column.price)) ?? (moved ? 0 : null);
    if (price === null || price < 0 || (trade && price === 0)) {
      unreadable('Price is not a positive number');
      continue;
    }
    const fees = readFee(cell(column.fees));
    if (fees === null) {
      unreadable('Fees & Comm is not a number');
      continue;
    }
    const base = { line, symbol, quantity: Math.abs(signed), executedAt, brokerId: null, account };
    if (trade) {
      fills.push({ ...base, kind: 'fill', ...trade, price, fees: Math.abs(fees) });
      continue;
    }
    // A split books the shares it added (a 10-for-1 split of 10 shares: 90), moving no money.
    const split = action === 'stock split';
    fills.push({
      ...base,
      kind: split ? 'split' : 'transfer',
      side: signed > 0 ? 'Buy' : 'Sell',
      price: split ? 0 : price,
      fees: 0,
      positionEffect: null,
    });
  }
  const paired = pairReverseSplits(reverseSplits, column, account);
  fills.push(...paired.fills);
  skipped.push(...paired.skipped);
  fills.sort((a, b) => a.line - b.line);
  skipped.sort((a, b) => a.line - b.line);
  return { fills: spacedByDay(fills), skipped };
}

/**
 * A reverse split is two rows of one date: the new shares under the symbol, and the old ones taken
 * away under the old CUSIP. Together they are one split taking away the difference.
 */
function pairReverseSplits(
  rows: readonly { line: number; cells: string[] }[],
  column: Record<keyof typeof COLUMNS, number>,
  account: string | null,
): ParsedStatement {
  const fills: StatementFill[] = [];
  const skipped: SkippedRow[] = [];
  const used = new Set<number>();
  for (const added of rows) {
    const symbol = readStock(added.cells[column.symbol]);
    const quantity = readAmount(added.cells[column.quantity]);
    if (symbol === null || quantity === null || quantity <= 0) continue;
    const date = added.cells[column.date];
    const removed = rows.find(
      (r) =>
        !used.has(r.line) &&
        r.cells[column.date] === date &&
        readStock(r.cells[column.symbol]) === null &&
        (readAmount(r.cells[column.quantity]) ?? 0) < 0,
    );
    const executedAt = readInstant(tradeDate(date));
    if (!removed || executedAt === null) continue;
    used.add(added.line).add(removed.line);
    const change = quantity + (readAmount(removed.cells[column.quantity]) ?? 0);
    if (change === 0) continue;
    fills.push({
      line: added.line,
      kind: 'split',
      symbol,
      side: change > 0 ? 'Buy' : 'Sell',
      quantity: Math.abs(change),
      price: 0,
      fees: 0,
      executedAt,
      positionEffect: null,
      brokerId: null,
      account,
    });
  }
  for (const row of rows) {
    if (!used.has(row.line))
      skipped.push({ line: row.line, reason: 'unreadable', detail: 'Reverse split without its other row' });
  }
  return { fills, skipped };
}
