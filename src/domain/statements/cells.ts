// Reading the cells brokers write: amounts with $ and thousands separators or in parentheses,
// dates in US or ISO order, times with or without seconds and AM/PM, sides in many words.
import type { ExecutionSide } from '../types.ts';
import { isStock, normalizeStock } from '../validation.ts';
import type { StatementTable } from './statement.ts';
import { EASTERN, wallTimeToIso } from './wallTime.ts';

/** A number as a statement writes it ("$1,234.50", "(12.00)", "-3", "1.5e2"), or null. */
export function readAmount(cell: string | undefined): number | null {
  if (cell === undefined) return null;
  let text = cell.trim().replace(/[$,\s]/g, '');
  if (text === '' || text === '-' || text === '--') return null;
  let sign = 1;
  if (/^\(.*\)$/.test(text)) {
    sign = -1;
    text = text.slice(1, -1);
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  const value = sign * Number(text);
  return Number.isFinite(value) ? value : null;
}

/** An amount, or 0 for an empty cell: fees and commissions left blank are none. */
export const readFee = (cell: string | undefined): number | null =>
  cell === undefined || /^\s*(-|--)?\s*$/.test(cell) ? 0 : readAmount(cell);

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}
export interface ClockTime {
  hour: number;
  minute: number;
  second: number;
}

/** "03/15/2026", "3/15/26", "2026-03-15", "20260315" (the first of a cell's words), or null. */
export function readDate(cell: string | undefined): CalendarDate | null {
  const text = cell?.trim().split(/[\s,;T]/)[0] ?? '';
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  if (m) {
    const year = Number(m[3]) + (m[3]?.length === 2 ? 2000 : 0);
    return { year, month: Number(m[1]), day: Number(m[2]) };
  }
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (m) return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return null;
}

/** "09:31", "9:31:05", "09:31:05 AM", "093105" (after a date's first word, if any), or null. */
export function readTime(cell: string | undefined): ClockTime | null {
  const text = (cell ?? '').trim();
  const m = /(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([AaPp][Mm])?/.exec(text) ?? compactTime(text);
  if (!m) return null;
  let hour = Number(m[1]);
  const meridiem = m[4]?.toUpperCase();
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'PM' ? 12 : 0);
  }
  return { hour, minute: Number(m[2]), second: Number(m[3] ?? 0) };
}
// IBKR's Flex writes "20260315;093105" or "20260315 093105".
const compactTime = (text: string) => /^\d{8}[;\s](\d{2})(\d{2})(\d{2})$/.exec(text);

/**
 * A date and an optional time, in a zone (US Eastern unless told), as ISO UTC; a date alone is
 * read as noon so that it stays on its day in every US zone. Null when either cannot be read.
 */
export function readInstant(
  dateCell: string | undefined,
  timeCell?: string,
  timeZone: string = EASTERN,
): string | null {
  const date = readDate(dateCell);
  if (!date) return null;
  const timeText = timeCell ?? dateCell?.trim().replace(/^\S+[\s,;T]+/, '') ?? '';
  const hasTime = timeText !== '' && timeText !== dateCell?.trim();
  const time = hasTime ? readTime(timeText) : { hour: 12, minute: 0, second: 0 };
  if (!time) return null;
  return wallTimeToIso(date, time, timeZone);
}

const BUY =
  /^(b|buy|bought|bot|buy to open|buy to cover|buy to close|btc|bto|cover|buy cover|buy_to_open|buy_to_close)$/;
const SELL =
  /^(s|sell|sold|sld|sell short|short|ss|sell to open|sell to close|sto|stc|sell_to_open|sell_to_close|short sell)$/;

/** Buy or Sell from the words brokers use, or null. */
export function readSide(cell: string | undefined): ExecutionSide | null {
  const text = (cell ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  if (BUY.test(text)) return 'Buy';
  if (SELL.test(text)) return 'Sell';
  return null;
}

/** A stock symbol as the journal holds it, or null for what is not one (an option, a CUSIP). */
export function readStock(cell: string | undefined): string | null {
  const text = normalizeStock(cell ?? '').replace('/', '.');
  // A space is an option's symbol ("AAPL 250117C00150000"); a CUSIP is nine characters with digits.
  if (/\s/.test(text) || /^(?=.*\d)[0-9A-Z]{9}$/.test(text)) return null;
  return isStock(text) ? text : null;
}

/** The header cells in lower case without spaces or punctuation: what detectors compare. */
export const headerKey = (cell: string): string => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Index of each named column in a header row (by headerKey), or -1. */
export function columnsOf<K extends string>(
  header: readonly string[],
  names: Record<K, readonly string[]>,
): Record<K, number> {
  const keys = header.map(headerKey);
  const out = {} as Record<K, number>;
  for (const [field, candidates] of Object.entries(names) as [K, readonly string[]][]) {
    out[field] = keys.findIndex((key) => candidates.some((c) => headerKey(c) === key));
  }
  return out;
}

/** Whether a header has every one of the names (compared by headerKey): what detectors ask. */
export function hasColumns(header: readonly string[], names: readonly string[]): boolean {
  const keys = new Set(header.map(headerKey));
  return names.every((name) => keys.has(headerKey(name)));
}

/** The first of a file's first rows that is its header (after title and blank lines), or -1. */
export const headerAt = (
  table: StatementTable,
  within: number,
  isHeader: (row: string[]) => boolean,
): number => table.rows.slice(0, within).findIndex(isHeader);

/**
 * A date and time in one cell ("2026-03-16T09:31:05-0400", "20260316;093105", "2026-03-16,
 * 09:31:05 -05:00"), as ISO UTC: by its offset when one is written ("Z" too), else as wall time in
 * the zone. Null when the date or the time cannot be read.
 */
export function readDateTime(cell: string | undefined, timeZone: string = EASTERN): string | null {
  const text = (cell ?? '').trim();
  const m = /^(.*\d)\s*(Z|[+-]\d{2}:?\d{2})$/i.exec(text);
  const wallText = m?.[1] ?? text;
  const date = readDate(wallText);
  // The date's digits hold no colon: readTime finds the time after them, or IBKR's compact one.
  const time = readTime(wallText.replace(/^\S+?[\s,;T]+/, '')) ?? readTime(wallText);
  if (!date || !time) return null;
  if (!m?.[2]) return wallTimeToIso(date, time, timeZone);
  // With its offset the instant is plain arithmetic: no zone to look up (Intl is the slow part).
  const wall = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute, time.second);
  const back = new Date(wall);
  if (back.getUTCDate() !== date.day || back.getUTCMonth() !== date.month - 1) return null;
  if (time.hour > 23 || time.minute > 59 || time.second > 59) return null;
  if (m[2].toUpperCase() === 'Z') return back.toISOString();
  const sign = m[2].startsWith('-') ? -1 : 1;
  const digits = m[2].slice(1).replace(':', '');
  const minutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  return new Date(wall - minutes * 60_000).toISOString();
}

/**
 * A US mutual or money-market fund's symbol: five letters ending in X ("SWVXX", "FXAIX"), which
 * Nasdaq keeps for funds. Funds are not traded on the exchange, so the journal skips them.
 */
export const isFundSymbol = (symbol: string): boolean => /^[A-Z]{4}X$/.test(symbol);

/** A symbol the journal holds: a stock or ETF, not a fund, a CUSIP or an option. */
export const isStockSymbol = (cell: string | undefined): boolean => {
  const symbol = readStock(cell);
  return symbol !== null && !isFundSymbol(symbol);
};

/**
 * The fills of a file that lists the newest first and writes dates without times, each read at
 * noon in New York: the day's further fills are put a second apart upward from the bottom one (the
 * day's first), so a same-day buy and sell, or a short sale and its cover, keep their order when
 * the trades are built. The fills are given in the file's order.
 */
export function spacedByDay<F extends { executedAt: string }>(fills: readonly F[]): F[] {
  const seen = new Map<string, number>();
  const spaced = [...fills];
  for (let i = spaced.length - 1; i >= 0; i -= 1) {
    const fill = spaced[i] as F;
    const before = seen.get(fill.executedAt) ?? 0;
    seen.set(fill.executedAt, before + 1);
    if (before > 0)
      spaced[i] = {
        ...fill,
        executedAt: new Date(Date.parse(fill.executedAt) + before * 1000).toISOString(),
      };
  }
  return spaced;
}

/**
 * readInstant for a file of dates without times, each date converted once: a large file has few
 * days, and the zone's conversion is the costly part of reading a row. One reader per file.
 */
export function dateReader(): (cell: string | undefined) => string | null {
  const days = new Map<string, string | null>();
  return (cell) => {
    const key = cell ?? '';
    let at = days.get(key);
    if (at === undefined) {
      at = readInstant(cell);
      days.set(key, at);
    }
    return at;
  };
}
