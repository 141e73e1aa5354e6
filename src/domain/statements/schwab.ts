// Charles Schwab's transactions CSV (schwab.com: Accounts → History → Transactions → Export, CSV):
// "Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount", newest first.
// Older exports open with a "Transactions for account …" title and end with a "Transactions Total"
// row. Dates carry no time (noon Eastern); a late booking reads "03/16/2026 as of 03/13/2026",
// and the "as of" date is the day of the trade.
import { headerAt, headerKey, readAmount, readInstant, readStock, spacedByDay } from './cells.ts';
import { dailyEntries, dailyFormat, otherActivity } from './dailyHistory.ts';
import { type Booking, type RowRead, readRows, sharesChanged } from './rows.ts';
import type { ParsedStatement, SkippedRow, StatementFill, StatementTable } from './statement.ts';

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
type Columns = Record<keyof typeof COLUMNS, number>;

const TRADES: Record<string, Booking> = {
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
  headerAt(
    table,
    HEADER_WITHIN,
    (row) =>
      row
        .map(headerKey)
        .filter((k) => k !== '')
        .join('|') === HEADER_KEYS,
  );

/** The trade date of "03/16/2026" or "03/16/2026 as of 03/13/2026". */
const tradeDate = (cell: string | undefined): string | undefined =>
  /\bas of\s+(\S+)/i.exec(cell ?? '')?.[1] ?? cell;

function parseSchwab(table: StatementTable, at: number, column: Columns): ParsedStatement {
  // "Transactions  for account XXXX-1234 as of 03/16/2026 10:45 PM ET"
  const title = at > 0 ? (table.rows[0]?.[0] ?? '') : '';
  const account = /for account\s+(.+?)\s+as of/i.exec(title)?.[1] ?? null;
  const entry = dailyEntries({ date: 'Date', fees: 'Fees & Comm' });
  const reverseSplits: { line: number; cells: string[] }[] = [];
  const read = readRows(table, at + 1, (cells, line): RowRead => {
    const cell = (c: number) => (c >= 0 ? cells[c] : undefined);
    const action = (cell(column.action) ?? '').toLowerCase().replace(/\s+/g, ' ');
    if (/^transactions total$/i.test(cell(column.date) ?? '')) return null;
    const symbol = cell(column.symbol) ?? '';
    if (OPTION_ACTIONS.has(action) || /\s/.test(symbol)) return { line, reason: 'option', detail: symbol };
    if (DIVIDEND.test(action)) return { line, reason: 'dividend' };
    if (action === 'reverse split') {
      reverseSplits.push({ line, cells });
      return null;
    }
    const moved = action === 'stock split' ? 'split' : TRANSFERS.has(action) ? 'transfer' : undefined;
    const booking = TRADES[action] ?? moved;
    const quantity = cell(column.quantity) ?? '';
    if (!booking)
      return otherActivity(line, quantity !== '', symbol, `Action "${cell(column.action) ?? ''}"`);
    const date = tradeDate(cell(column.date));
    return entry({
      line,
      booking,
      date,
      symbol,
      quantity,
      price: cell(column.price),
      fees: [cell(column.fees)],
      account,
    });
  });
  const paired = pairReverseSplits(reverseSplits, column, account);
  const fills = [...read.fills, ...paired.fills].sort((a, b) => a.line - b.line);
  const skipped = [...read.skipped, ...paired.skipped].sort((a, b) => a.line - b.line);
  return { fills: spacedByDay(fills), skipped };
}

/**
 * A reverse split is two rows of one date: the new shares under the symbol, and the old ones taken
 * away under the old CUSIP. Together they are one split taking away the difference.
 */
function pairReverseSplits(
  rows: readonly { line: number; cells: string[] }[],
  column: Columns,
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
    if (change !== 0) fills.push(sharesChanged({ line: added.line, symbol, executedAt, account }, change));
  }
  for (const row of rows) {
    if (!used.has(row.line))
      skipped.push({ line: row.line, reason: 'unreadable', detail: 'Reverse split without its other row' });
  }
  return { fills, skipped };
}

export const schwab = dailyFormat(
  { id: 'schwab', name: 'Charles Schwab (transactions CSV)' },
  headerRow,
  COLUMNS,
  parseSchwab,
);
