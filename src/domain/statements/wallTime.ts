// Brokers write times as their own wall clock: US Eastern without an offset (Fidelity, Robinhood,
// Webull, Schwab), or with one (IBKR, tastytrade). The journal holds UTC.

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let known = formatters.get(timeZone);
  if (!known) {
    known = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, known);
  }
  return known;
}

/** The zone's wall clock minus UTC at an instant, in ms (to the second: offsets are whole minutes). */
export function offsetAt(at: number, timeZone: string): number {
  const part: Record<string, string> = {};
  for (const { type, value } of formatter(timeZone).formatToParts(new Date(at))) part[type] = value;
  const wall = Date.UTC(
    Number(part.year),
    Number(part.month) - 1,
    Number(part.day),
    Number(part.hour),
    Number(part.minute),
    Number(part.second),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

export const EASTERN = 'America/New_York';

/**
 * The instant (ISO, UTC) of a wall-clock time in a zone, or null for an impossible date. In the
 * hour a clock skips, the time is read with the offset before the change; in the hour it repeats,
 * the first one.
 */
export function wallTimeToIso(
  date: { year: number; month: number; day: number },
  time: { hour: number; minute: number; second?: number; millisecond?: number },
  timeZone: string = EASTERN,
): string | null {
  const { year, month, day } = date;
  const { hour, minute, second = 0, millisecond = 0 } = time;
  if (![year, month, day, hour, minute, second, millisecond].every(Number.isInteger)) return null;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  const asUtc = new Date(wall);
  if (asUtc.getUTCDate() !== day || asUtc.getUTCMonth() !== month - 1) return null;
  // Two passes find the offset in force at that wall time (the first guess may straddle a change).
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}
