// The date range Review, Trades and `GET /stats` filter by (docs/product.md, "Review" and
// "Trades"): presets that follow the clock, or a custom range of New York calendar days, each
// resolving to the instants [start, end) in New York. A trade counts on the New York day it
// closed; an open trade has no such day and is current, so every range keeps it (Review's figures
// count closed trades only). The caller passes `now`.

import { DATE_RANGE_PRESETS, type DateRangePreset } from './dateRangePresets.ts';
import { newYorkTime } from './marketHours.ts';
import { messages } from './messages.ts';

export { DATE_RANGE_PRESETS, type DateRangePreset };

export type DateRange =
  | { preset: DateRangePreset }
  /** New York calendar days, both included, written YYYY-MM-DD. */
  | { preset: 'custom'; from: string; to: string };

export const ALL_DATES: DateRange = { preset: 'all' };

/** What the range's select names each choice. */
export const DATE_RANGE_LABELS: Readonly<Record<DateRangePreset | 'custom', string>> = {
  week: 'This week',
  month: 'This month',
  last30: 'Last 30 days',
  year: 'This year',
  all: 'All dates',
  custom: 'Custom range',
};

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar day written YYYY-MM-DD, from 1970 on. */
export function isCalendarDate(text: string): boolean {
  const m = DATE_PATTERN.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1970) return false;
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** The calendar day `days` after `date` (YYYY-MM-DD; negative goes back). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: string): number => new Date(`${date}T12:00:00Z`).getUTCDay();

/** The New York calendar day of an instant. */
export const newYorkDate = (at: Date | string): string =>
  newYorkTime(typeof at === 'string' ? new Date(at) : at).date;

/**
 * The instant New York's `date` begins. Its midnight is 5 hours after UTC's (EST) or 4 (EDT):
 * clocks change at 2 a.m., so a midnight is never skipped nor repeated.
 */
export function newYorkMidnight(date: string): number {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  for (const hours of [5, 4]) {
    const at = utcMidnight + hours * HOUR_MS;
    const t = newYorkTime(new Date(at));
    if (t.date === date && t.minute === 0) return at;
  }
  return utcMidnight + 5 * HOUR_MS;
}

/** The New York days a range covers, both included; null at an end the range leaves open ("all"). */
export function dateRangeDays(range: DateRange, now: Date): { from: string | null; to: string | null } {
  const today = newYorkDate(now);
  switch (range.preset) {
    case 'custom':
      return { from: range.from, to: range.to };
    case 'all':
      return { from: null, to: null };
    case 'week': {
      // Monday to Sunday, as the P&L calendar's rows (pnlCalendar.ts).
      const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'month': {
      const first = `${today.slice(0, 7)}-01`;
      return { from: first, to: lastDayOfMonth(today.slice(0, 7)) };
    }
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  }
}

/** The last day of a month written YYYY-MM. */
export function lastDayOfMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
}

/** The instants a range covers, [start, end) in ms; null at an open end. */
export interface DateBounds {
  start: number | null;
  end: number | null;
}

export function dateRangeBounds(range: DateRange, now: Date): DateBounds {
  const { from, to } = dateRangeDays(range, now);
  return {
    start: from === null ? null : newYorkMidnight(from),
    end: to === null ? null : newYorkMidnight(addDays(to, 1)),
  };
}

/** Whether a trade closed at `closedAt` is in the range: its New York close day is in it. */
export function closedInRange(closedAt: string, bounds: DateBounds): boolean {
  const at = Date.parse(closedAt);
  return (bounds.start === null || at >= bounds.start) && (bounds.end === null || at < bounds.end);
}

/**
 * The trades a range shows: those closed on one of its New York days, and every open trade
 * (current whatever the range). "All" gives back the very array.
 */
export function tradesInRange<T extends { closedAt: string | null }>(
  trades: readonly T[],
  bounds: DateBounds,
): readonly T[] {
  if (bounds.start === null && bounds.end === null) return trades;
  return trades.filter((t) => t.closedAt === null || closedInRange(t.closedAt, bounds));
}

/** The address's parameters of a range, read by any of URLSearchParams, Hono's query or a record. */
export interface DateRangeQuery {
  range?: string | null | undefined;
  from?: string | null | undefined;
  to?: string | null | undefined;
}

export interface ParsedDateRange {
  range: DateRange;
  /** Why the address's range was refused; the range is then "all". */
  problem?: { field: 'range' | 'from' | 'to'; message: string };
}

const refused = (field: 'range' | 'from' | 'to', message: string): ParsedDateRange => ({
  range: ALL_DATES,
  problem: { field, message },
});

/**
 * The range the address asks for: `range=week|month|last30|year|all`, or `from` and `to`, both
 * New York days (YYYY-MM-DD), `from` not after `to`. Nothing asked is "all"; anything else is
 * refused with the reason, and the range falls back to "all".
 */
export function parseDateRange(query: DateRangeQuery): ParsedDateRange {
  const { range, from, to } = query;
  const hasFrom = from !== undefined && from !== null;
  const hasTo = to !== undefined && to !== null;
  const hasRange = range !== undefined && range !== null;
  if (hasFrom || hasTo || range === 'custom') {
    if (hasRange && range !== 'custom') return refused('range', messages.dateRangeBoth);
    if (!hasFrom || !hasTo) return refused(hasFrom ? 'to' : 'from', messages.dateRangeNeedsBoth);
    if (!isCalendarDate(from)) return refused('from', messages.dateRangeFromInvalid);
    if (!isCalendarDate(to)) return refused('to', messages.dateRangeToInvalid);
    if (from > to) return refused('from', messages.dateRangeOrder);
    return { range: { preset: 'custom', from, to } };
  }
  if (!hasRange) return { range: ALL_DATES };
  if (!(DATE_RANGE_PRESETS as readonly string[]).includes(range))
    return refused('range', messages.dateRangeInvalid);
  return { range: { preset: range as DateRangePreset } };
}

/** The address's parameters for a range: none for "all", so the plain page is every date. */
export function dateRangeQuery(range: DateRange): Record<string, string> {
  if (range.preset === 'custom') return { from: range.from, to: range.to };
  if (range.preset === 'all') return {};
  return { range: range.preset };
}

/** Whether two ranges are the same. */
export const sameDateRange = (a: DateRange, b: DateRange): boolean =>
  a.preset === b.preset &&
  (a.preset !== 'custom' || (b.preset === 'custom' && a.from === b.from && a.to === b.to));
