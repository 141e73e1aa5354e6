// The US stock market's regular session, 9:30 to 16:00 New York time on weekdays (docs/product.md,
// "Prices"). Exchange holidays are not known here: on one, the broker keeps answering the last
// close, so a holiday only looks like a quiet session.

import { EASTERN, offsetAt } from './statements/wallTime.ts';

const OPEN_MINUTE = 9 * 60 + 30;
const CLOSE_MINUTE = 16 * 60;

export interface NewYorkTime {
  /** YYYY-MM-DD in New York. */
  date: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** Minutes since New York's midnight. */
  minute: number;
}

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;

/** New York's wall clock minus UTC, in ms, through the formatter (slow: tens of µs a call). */
const formattedOffset = (at: number): number => offsetAt(at, EASTERN);

// Review reads thousands of trades' times, and a formatter call each was its costliest function
// (docs/benchmarks.md, "2026-11-28"). New York's clock changes twice a year, months apart, on a
// whole UTC hour: a week with the same offset at both ends has it throughout (one formatter call
// a week of timestamps), and a week with a change has one offset per UTC hour.
const KEPT = 100_000;
const offsetByWeek = new Map<number, number | null>();
const offsetByHour = new Map<number, number>();

function kept<K, V>(map: Map<K, V>, key: K, compute: () => V): V {
  const known = map.get(key);
  if (known !== undefined) return known;
  const value = compute();
  if (map.size >= KEPT) map.clear();
  map.set(key, value);
  return value;
}

function newYorkOffset(ms: number): number {
  const weekStart = Math.floor(ms / WEEK_MS) * WEEK_MS;
  const week = kept(offsetByWeek, weekStart, () => {
    const offset = formattedOffset(weekStart);
    return formattedOffset(weekStart + WEEK_MS) === offset ? offset : null;
  });
  if (week !== null) return week;
  const hourStart = Math.floor(ms / HOUR_MS) * HOUR_MS;
  return kept(offsetByHour, hourStart, () => formattedOffset(hourStart));
}

export function newYorkTime(at: Date): NewYorkTime {
  const ms = at.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid time value');
  const wall = new Date(ms + newYorkOffset(ms));
  return {
    date: wall.toISOString().slice(0, 10),
    weekday: wall.getUTCDay(),
    minute: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
  };
}

const isWeekday = (weekday: number) => weekday >= 1 && weekday <= 5;

/**
 * Where `at` falls in New York's trading day: before the open or after the close of a weekday
 * (when pre-market and after-hours trades print), in the session, or a weekend.
 */
export type SessionPhase = 'pre-market' | 'session' | 'after hours' | 'weekend';

export function sessionPhase(at: Date): SessionPhase {
  const t = newYorkTime(at);
  if (!isWeekday(t.weekday)) return 'weekend';
  return t.minute < OPEN_MINUTE ? 'pre-market' : t.minute < CLOSE_MINUTE ? 'session' : 'after hours';
}

/** Whether the regular session is open at `at`. */
export function isMarketOpen(at: Date): boolean {
  const t = newYorkTime(at);
  return isWeekday(t.weekday) && t.minute >= OPEN_MINUTE && t.minute < CLOSE_MINUTE;
}

/** How far into today's session `at` is, 0 at the open to 1 at the close; null outside it. */
export function sessionFraction(at: Date): number | null {
  const t = newYorkTime(at);
  if (!isWeekday(t.weekday) || t.minute < OPEN_MINUTE || t.minute >= CLOSE_MINUTE) return null;
  const seconds = (t.minute - OPEN_MINUTE) * 60 + at.getUTCSeconds() + at.getUTCMilliseconds() / 1000;
  return seconds / ((CLOSE_MINUTE - OPEN_MINUTE) * 60);
}

/**
 * The New York date of the last session begun at or before `at` (before it opened, the previous
 * weekday's). Two moments outside the session with the same one saw no trading between them.
 */
export function lastSessionDate(at: Date): string {
  const t = newYorkTime(at);
  let day = new Date(`${t.date}T12:00:00Z`);
  let weekday = t.weekday;
  const begunToday = isWeekday(weekday) && t.minute >= OPEN_MINUTE;
  if (!begunToday) {
    do {
      day = new Date(day.getTime() - 86_400_000);
      weekday = (weekday + 6) % 7;
    } while (!isWeekday(weekday));
  }
  return day.toISOString().slice(0, 10);
}

/** Whether a price seen at `seenAt` still stands at `now` outside the session (no trading since). */
export function noTradingBetween(seenAt: Date, now: Date): boolean {
  return !isMarketOpen(seenAt) && !isMarketOpen(now) && lastSessionDate(seenAt) === lastSessionDate(now);
}
