// ISO 8601 date-times as an API body may carry them, read by hand: engines differ on what
// `Date.parse` accepts (V8 takes 30 February and rolls it into March; older Safari refuses more
// than 3 decimals), and a time must mean the same instant on the phone and on the server.

// A zone (Z or an offset) is required: without one, the phone would read its local time and the
// server its own, and the same fill would land at two different instants.
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/;

const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The instant (ms since the epoch) an ISO 8601 date-time with a zone names, or null when the text
 * is not one or names a day or time that does not exist (30 February, 24:00, a 61st second).
 */
export function parseIsoDateTime(text: string): number | null {
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [
    m[1],
    m[2],
    m[3],
    m[4],
    m[5],
    m[6] ?? '0',
    m[10] ?? '0',
    m[11] ?? '0',
  ].map(Number) as [number, number, number, number, number, number, number, number];
  const daysInMonth = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
  if (daysInMonth === undefined || day < 1 || day > daysInMonth) return null;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null;
  const millisecond = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  const offset = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  // Date.UTC reads years 0–99 as 1900–1999; setUTCFullYear takes the year as written.
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, second, millisecond);
  return at.getTime() - offset * 60_000;
}
