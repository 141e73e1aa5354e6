// The P&L calendar on Review (docs/product.md, "Review"): a month of New York days, each with what
// the trades closed that day made. Weeks run Monday to Sunday: a trading week is Monday to Friday,
// so it stays on one row with its weekend after it (and "This week" is the same week,
// dateRanges.ts). A trade counts on the New York day it closed, whatever UTC's date is.

import { addDays, lastDayOfMonth, newYorkMidnight, weekdayOf } from './dateRanges.ts';
import { roundTo4 } from './rounding.ts';
import { isCountedTrade, isReviewedTrade } from './stats.ts';
import type { Trade } from './types.ts';

export interface CalendarFigures {
  /** Closed, complete trades (their money is known): the day's count. */
  trades: number;
  /** Σ net P&L of those trades, in dollars to the cent (summed in cents, as stats.ts). */
  netPnl: number;
  /** Σ R of those with an R, 4 decimals; null when none has one. */
  r: number | null;
  /** How many of them have an R. */
  withR: number;
}

export interface CalendarDay extends CalendarFigures {
  /** YYYY-MM-DD in New York. */
  date: string;
  /** false for the days of the months before and after that fill the first and last week. */
  inMonth: boolean;
  /**
   * How large the day's P&L is against the month's largest, 1 (small) to 4 (the largest); 0
   * without trades or at $0. The sign is the P&L's.
   */
  level: 0 | 1 | 2 | 3 | 4;
}

export interface CalendarWeek extends CalendarFigures {
  /** Monday to Sunday. The figures are those of the week's days in the month. */
  days: CalendarDay[];
}

export interface PnlCalendar extends CalendarFigures {
  /** YYYY-MM. */
  month: string;
  weeks: CalendarWeek[];
}

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const isCalendarMonth = (month: string): boolean => MONTH_PATTERN.test(month);

/** The month `months` after `month` (YYYY-MM; negative goes back). */
export function shiftMonth(month: string, months: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1 + months, 1)).toISOString().slice(0, 7);
}

interface Sum {
  trades: number;
  cents: number;
  r: number;
  withR: number;
}

const emptySum = (): Sum => ({ trades: 0, cents: 0, r: 0, withR: 0 });

const figuresOf = (sum: Sum): CalendarFigures => ({
  trades: sum.trades,
  netPnl: sum.cents / 100,
  r: sum.withR === 0 ? null : roundTo4(sum.r),
  withR: sum.withR,
});

function add(into: Sum, from: Sum) {
  into.trades += from.trades;
  into.cents += from.cents;
  into.r += from.r;
  into.withR += from.withR;
}

/** The index of the day whose [start, next start) holds `at`, -1 outside them all. */
function dayIndex(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  if (at < starts[0]! || at >= starts[starts.length - 1]!) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The month's grid of New York days (whole weeks, Monday first) with each day's figures from the
 * closed, complete trades closed on it; the weeks' and the month's totals count the month's days
 * only. Open and incomplete trades are in none.
 */
export function pnlCalendar(trades: readonly Trade[], month: string): PnlCalendar {
  const first = `${month}-01`;
  const last = lastDayOfMonth(month);
  const gridStart = addDays(first, -((weekdayOf(first) + 6) % 7));
  const gridEnd = addDays(last, 6 - ((weekdayOf(last) + 6) % 7));
  const dates: string[] = [];
  for (let d = gridStart; d <= gridEnd; d = addDays(d, 1)) dates.push(d);
  // Each day's first instant, and the one after the grid: a trade's day is found by its close
  // instant, so a day of 23 or 25 hours (a clock change) is as long as it is.
  const starts = [...dates.map(newYorkMidnight), newYorkMidnight(addDays(gridEnd, 1))];
  const sums = dates.map(emptySum);
  for (const trade of trades) {
    if (!isReviewedTrade(trade)) continue;
    const i = dayIndex(starts, Date.parse(trade.closedAt!));
    const sum = i < 0 ? undefined : sums[i];
    if (!sum) continue;
    sum.trades += 1;
    sum.cents += Math.round((trade.netPnl ?? 0) * 100);
    if (isCountedTrade(trade)) {
      sum.r += trade.rMultiple!;
      sum.withR += 1;
    }
  }
  const inMonth = (date: string) => date >= first && date <= last;
  const largest = Math.max(0, ...sums.map((s, i) => (inMonth(dates[i]!) ? Math.abs(s.cents) : 0)));
  const total = emptySum();
  const weeks: CalendarWeek[] = [];
  for (let w = 0; w < dates.length / 7; w++) {
    const weekSum = emptySum();
    const days: CalendarDay[] = [];
    for (let d = w * 7; d < w * 7 + 7; d++) {
      const date = dates[d]!;
      const within = inMonth(date);
      const sum = within ? sums[d]! : emptySum();
      add(weekSum, sum);
      const level =
        largest === 0 || sum.cents === 0
          ? 0
          : (Math.ceil((4 * Math.abs(sum.cents)) / largest) as 1 | 2 | 3 | 4);
      days.push({ date, inMonth: within, level, ...figuresOf(sum) });
    }
    add(total, weekSum);
    weeks.push({ days, ...figuresOf(weekSum) });
  }
  return { month, weeks, ...figuresOf(total) };
}

/** The closed, complete trades closed on New York's `date`, by close time. */
export function tradesClosedOn<T extends Trade>(trades: readonly T[], date: string): T[] {
  const start = newYorkMidnight(date);
  const end = newYorkMidnight(addDays(date, 1));
  return trades
    .filter((t) => {
      if (!isReviewedTrade(t)) return false;
      const at = Date.parse(t.closedAt!);
      return at >= start && at < end;
    })
    .sort((a, b) => Date.parse(a.closedAt!) - Date.parse(b.closedAt!) || (a.id < b.id ? -1 : 1));
}
