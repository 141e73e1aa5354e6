import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  type DateBounds,
  type DateRange,
  dateRangeBounds,
  dateRangeDays,
  dateRangeQuery,
  newYorkDate,
  parseDateRange,
} from '../../domain/dateRanges.ts';

export interface DateRangeState {
  range: DateRange;
  /** Why the address's range was not understood; the page then shows every date. */
  problem: string | undefined;
  /** The instants the range covers, [start, end), on today's clock. */
  bounds: DateBounds;
  /** Its New York days, both included; null at an open end. */
  days: { from: string | null; to: string | null };
  /** Today in New York, the day the presets were resolved on. */
  today: string;
  /** Writes the range into the address, replacing the history entry (Back leaves the page). */
  setRange: (range: DateRange) => void;
}

const RANGE_PARAMS = ['range', 'from', 'to'] as const;

/**
 * The date range of Review and Trades (docs/product.md, "Review"), kept in the address: a reload,
 * a bookmark and the app offline all show the same range. Presets are resolved on today's New
 * York date, so "This week" moves on when the week does.
 */
export function useDateRange(): DateRangeState {
  // useSearch and useLocation, which the app's first download holds already (not useSearchParams).
  const search = useSearch();
  const [path, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const [range, from, to] = RANGE_PARAMS.map((p) => params.get(p));
  const today = newYorkDate(new Date());
  const parsed = useMemo(() => parseDateRange({ range, from, to }), [range, from, to]);
  const resolved = useMemo(() => {
    // Resolved at noon of today in New York: the same bounds all day, re-resolved the next.
    const now = new Date(`${today}T17:00:00Z`);
    return { bounds: dateRangeBounds(parsed.range, now), days: dateRangeDays(parsed.range, now) };
  }, [parsed, today]);
  return {
    range: parsed.range,
    problem: parsed.problem?.message,
    ...resolved,
    today,
    setRange: (next) => {
      const kept = new URLSearchParams(search);
      for (const p of RANGE_PARAMS) kept.delete(p);
      for (const [key, value] of Object.entries(dateRangeQuery(next))) kept.set(key, value);
      const query = kept.toString();
      navigate(query ? `${path}?${query}` : path, { replace: true });
    },
  };
}
