import { useId } from 'react';
import {
  DATE_RANGE_LABELS,
  DATE_RANGE_PRESETS,
  type DateRange,
  type DateRangePreset,
  isCalendarDate,
} from '../../domain/dateRanges.ts';
import type { DateRangeState } from './useDateRange.ts';
import './dateRange.css';

const dayFormat = new Intl.DateTimeFormat(undefined, {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
/** A New York day (YYYY-MM-DD) as "Nov 23, 2026". */
export const formatDay = (date: string): string => dayFormat.format(new Date(`${date}T12:00:00Z`));

/** The days a range covers, in words: "Nov 23, 2026 – Nov 29, 2026"; nothing for every date. */
export function rangeDaysText(days: DateRangeState['days']): string | undefined {
  if (days.from === null || days.to === null) return undefined;
  return days.from === days.to ? formatDay(days.from) : `${formatDay(days.from)} – ${formatDay(days.to)}`;
}

/**
 * The date range's controls: the preset select, and for a custom range its two days. Rendered as
 * siblings, so a list page's filter row lays them out with its other filters. A custom range
 * starts from the days the range showed, and moving one day past the other takes the other
 * along: the address never holds a range the trader did not mean.
 */
export function DateRangeFilter({ dateRange }: { dateRange: DateRangeState }) {
  const { range, days, today, setRange } = dateRange;
  const id = useId();
  const choose = (value: string) => {
    if (value !== 'custom') return setRange({ preset: value as DateRangePreset });
    // From the days shown; from "All dates", this month so far.
    setRange({ preset: 'custom', from: days.from ?? `${today.slice(0, 7)}-01`, to: days.to ?? today });
  };
  const setDay = (which: 'from' | 'to', value: string) => {
    if (range.preset !== 'custom' || !isCalendarDate(value)) return;
    const next: DateRange =
      which === 'from'
        ? { preset: 'custom', from: value, to: value > range.to ? value : range.to }
        : { preset: 'custom', from: value < range.from ? value : range.from, to: value };
    setRange(next);
  };
  return (
    <>
      <select
        aria-label="Date range"
        className="date-range-select"
        value={range.preset}
        onChange={(e) => choose(e.target.value)}
      >
        {[...DATE_RANGE_PRESETS, 'custom' as const].map((p) => (
          <option key={p} value={p}>
            {DATE_RANGE_LABELS[p]}
          </option>
        ))}
      </select>
      {range.preset === 'custom' &&
        (['from', 'to'] as const).map((which) => (
          <label key={which} className="date-range-day" htmlFor={`${id}-${which}`}>
            <span>{which === 'from' ? 'From' : 'To'}</span>
            <input
              id={`${id}-${which}`}
              type="date"
              min="1970-01-01"
              value={range[which]}
              onChange={(e) => setDay(which, e.target.value)}
            />
          </label>
        ))}
    </>
  );
}

/** The filter on its own row (Review), with the days it covers and a wrong address's reason. */
export function DateRangeBar({ dateRange }: { dateRange: DateRangeState }) {
  const daysText = rangeDaysText(dateRange.days);
  return (
    <div className="date-range-bar">
      <div className="filters date-range-filters">
        <DateRangeFilter dateRange={dateRange} />
      </div>
      {daysText && dateRange.range.preset !== 'custom' && <p className="muted date-range-days">{daysText}</p>}
      <DateRangeProblem dateRange={dateRange} />
    </div>
  );
}

/** Why the address's range was not understood, and what the page shows instead. */
export function DateRangeProblem({ dateRange }: { dateRange: DateRangeState }) {
  if (!dateRange.problem) return null;
  return (
    <p className="date-range-problem" role="alert">
      The date range in the address was not understood: {dateRange.problem}. Showing all dates.
    </p>
  );
}
