// thinkorswim's account statement (Monitor → Account Statement → Export to File): one CSV of
// sections, each a title row, a header and its rows ("Cash Balance", "Account Order History",
// "Account Trade History", "Equities", …). The fills are the Account Trade History; their fees
// are only in the Cash Balance, whose TRD rows ("SOLD -60 AAPL @215.25") are matched to them.
// Times are the platform's wall clock, read as US Eastern.
import { columnsOf, headerKey, readAmount, readDate, readInstant, readStock, readTime } from './cells.ts';
import { sumFees } from './mapping.ts';
import { type RowRead, readRows, statementFill } from './rows.ts';
import type { ParsedStatement, SkippedRow, StatementFormat, StatementTable } from './statement.ts';

const TRADE_TITLE = 'accounttradehistory';
const TRADE_COLUMNS = {
  time: ['Exec Time'],
  spread: ['Spread'],
  side: ['Side'],
  quantity: ['Qty'],
  effect: ['Pos Effect'],
  symbol: ['Symbol'],
  type: ['Type'],
  price: ['Price'],
} as const;
const CASH_COLUMNS = {
  date: ['DATE'],
  time: ['TIME'],
  type: ['TYPE'],
  description: ['DESCRIPTION'],
  misc: ['Misc Fees'],
  commissions: ['Commissions & Fees'],
} as const;
const ORDER_COLUMNS = { status: ['Status'] } as const;
/** Orders that ended without a fill (a partly filled one's fills are in the trade history). */
const NOT_FILLED = /^(canceled|cancelled|rejected|expired)$/i;

interface Section {
  /** Index of the header row; the section's rows follow it up to `end` (exclusive). */
  header: number;
  end: number;
}

/** Only the first cell written: a section's title, or a line like "Total Cash $1,000.00". */
const isBreak = (row: readonly string[]): boolean =>
  (row[0] ?? '') !== '' && row.slice(1).every((c) => c === '');

/** The sections by title key: a title is followed by a header of several cells. */
function sectionsOf(table: StatementTable): Map<string, Section> {
  const sections = new Map<string, Section>();
  let open: Section | null = null;
  for (let i = 0; i < table.rows.length; i++) {
    const row = table.rows[i] ?? [];
    if (!isBreak(row)) continue;
    if (open) open.end = i;
    open = null;
    if ((table.rows[i + 1] ?? []).filter((c) => c !== '').length > 1) {
      open = { header: i + 1, end: table.rows.length };
      const key = headerKey(row[0] ?? '');
      if (!sections.has(key)) sections.set(key, open);
    }
  }
  return sections;
}

function tradeSection(table: StatementTable): Section | undefined {
  const section = sectionsOf(table).get(TRADE_TITLE);
  if (!section) return undefined;
  const keys = (table.rows[section.header] ?? []).map(headerKey);
  const needed = ['exectime', 'spread', 'side', 'qty', 'poseffect', 'symbol', 'price', 'netprice'];
  return needed.every((k) => keys.includes(k)) ? section : undefined;
}

export const thinkorswim: StatementFormat = {
  id: 'thinkorswim',
  name: 'thinkorswim (account statement)',
  detect: (table) => tradeSection(table) !== undefined,
  parse: parseThinkorswim,
};

/** A Cash Balance trade row's time and fees, to be claimed by one fill. */
interface CashTrade {
  seconds: number;
  fees: number;
  used: boolean;
}

const dayKey = (d: { year: number; month: number; day: number }) => `${d.year}-${d.month}-${d.day}`;
/** What a Cash Balance trade row and its fill have in common, to find it without a scan. */
const cashKey = (day: string, side: string, quantity: number, symbol: string, price: number) =>
  `${day}|${side}|${quantity}|${symbol}|${price}`;

function parseThinkorswim(table: StatementTable): ParsedStatement {
  const sections = sectionsOf(table);
  const skipped: SkippedRow[] = [];
  const cash = readCash(table, sections.get('cashbalance'), skipped);
  readOrders(table, sections.get('accountorderhistory'), skipped);
  // "Account Statement for 123456789 (Individual) since 3/6/26 through 3/17/26"
  const title = table.rows.slice(0, 5).find((r) => /^account statement for /i.test(r[0] ?? ''))?.[0] ?? '';
  const account = /^account statement for\s+(\S+)/i.exec(title)?.[1] ?? null;
  const section = tradeSection(table);
  if (!section) return { fills: [], skipped };
  const column = columnsOf(table.rows[section.header] ?? [], TRADE_COLUMNS);
  // A spread's further legs leave the time blank: they share the first leg's.
  let lastTime = '';
  const trades = { rows: table.rows.slice(0, section.end), lines: table.lines };
  const read = readRows(trades, section.header + 1, (cells, line): RowRead => {
    const cell = (c: number) => (c >= 0 ? (cells[c] ?? '') : '');
    const unreadable = (detail: string): SkippedRow => ({ line, reason: 'unreadable', detail });
    const time = cell(column.time) || lastTime;
    lastTime = time;
    const type = cell(column.type).toUpperCase();
    const rawSymbol = cell(column.symbol);
    if (type === 'CALL' || type === 'PUT') return { line, reason: 'option', detail: rawSymbol };
    const symbol = readStock(rawSymbol);
    const isStock = type === 'STOCK' || type === 'ETF' || (type === '' && cell(column.spread) === 'STOCK');
    if (!isStock || symbol === null) return { line, reason: 'instrument', detail: rawSymbol };
    const executedAt = readInstant(time);
    const date = readDate(time);
    const clock = readTime(time.replace(/^\S+\s*/, ''));
    if (executedAt === null || date === null || clock === null) return unreadable('Exec Time cannot be read');
    const side = /^buy$/i.test(cell(column.side)) ? 'Buy' : /^sell$/i.test(cell(column.side)) ? 'Sell' : null;
    if (side === null) return unreadable('Side is neither BUY nor SELL');
    const signed = readAmount(cell(column.quantity));
    if (signed === null || signed === 0) return unreadable('Qty is not a number');
    const price = readAmount(cell(column.price));
    if (price === null || price <= 0) return unreadable('Price is not a positive number');
    const effect = cell(column.effect).toUpperCase();
    const quantity = Math.abs(signed);
    const seconds = clock.hour * 3600 + clock.minute * 60 + clock.second;
    // The Cash Balance may book the fill up to a second later than the trade history.
    const match = cash
      .get(cashKey(dayKey(date), side, quantity, symbol, price))
      ?.find((c) => !c.used && c.seconds - seconds >= 0 && c.seconds - seconds <= 1);
    if (match) match.used = true;
    const positionEffect = /OPEN/.test(effect) ? 'Open' : /CLOSE|CLOSING/.test(effect) ? 'Close' : null;
    const fill = { line, symbol, side, quantity, price, fees: match?.fees ?? 0, executedAt } as const;
    return statementFill({ ...fill, positionEffect, account });
  });
  return { fills: read.fills, skipped: [...skipped, ...read.skipped].sort((a, b) => a.line - b.line) };
}

/** The Cash Balance's trades (for their fees); its dividends and cash movements are skipped. */
function readCash(
  table: StatementTable,
  section: Section | undefined,
  skipped: SkippedRow[],
): Map<string, CashTrade[]> {
  const trades = new Map<string, CashTrade[]>();
  if (!section) return trades;
  const column = columnsOf(table.rows[section.header] ?? [], CASH_COLUMNS);
  for (let i = section.header + 1; i < section.end; i++) {
    const cells = table.rows[i] ?? [];
    const line = table.lines[i] ?? 0;
    const type = (cells[column.type] ?? '').toUpperCase();
    const description = cells[column.description] ?? '';
    // The opening balance and the TOTAL line are not entries.
    if (type === 'BAL' || type === '') continue;
    if (type !== 'TRD') {
      skipped.push({ line, reason: /DIVIDEND/i.test(description) ? 'dividend' : 'cash' });
      continue;
    }
    const m = /^(BOT|SOLD)\s+[+-]?([\d,.]+)\s+(\S+)\s+@\s*([\d,.]+)$/i.exec(description);
    const date = readDate(cells[column.date]);
    const clock = readTime(cells[column.time]);
    const fees = sumFees([cells[column.misc], cells[column.commissions]]);
    const symbol = readStock(m?.[3]);
    if (!m || !date || !clock || fees === null || symbol === null) continue;
    const side = m[1]?.toUpperCase() === 'BOT' ? 'Buy' : 'Sell';
    const key = cashKey(dayKey(date), side, readAmount(m[2]) ?? 0, symbol, readAmount(m[4]) ?? 0);
    const seconds = clock.hour * 3600 + clock.minute * 60 + clock.second;
    const same = trades.get(key) ?? [];
    same.push({ seconds, fees, used: false });
    trades.set(key, same);
  }
  return trades;
}

/** Orders that did not fill, from the Account Order History. */
function readOrders(table: StatementTable, section: Section | undefined, skipped: SkippedRow[]): void {
  if (!section) return;
  const column = columnsOf(table.rows[section.header] ?? [], ORDER_COLUMNS);
  if (column.status < 0) return;
  for (let i = section.header + 1; i < section.end; i++) {
    if (NOT_FILLED.test(table.rows[i]?.[column.status] ?? ''))
      skipped.push({ line: table.lines[i] ?? 0, reason: 'notFilled' });
  }
}
