import { useId, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { computeStats, type StatsContext, type StatsGrouping } from '../../domain/stats.ts';
import type { Trade } from '../../domain/types.ts';
import { StatsTable } from './StatsTable.tsx';

type Breakdown = { grouping: Exclude<StatsGrouping, 'all'>; title: string; note?: string };

/** The groupings one at a time, beside the spec's tables (setup, edge, cycle), which stay shown. */
export const BREAKDOWNS: readonly Breakdown[] = [
  { grouping: 'account', title: 'By account' },
  { grouping: 'planned', title: 'Planned vs unplanned' },
  { grouping: 'symbol', title: 'By symbol' },
  { grouping: 'direction', title: 'By direction' },
  { grouping: 'weekday', title: 'By weekday of entry', note: 'The day the trade opened, in New York time.' },
  { grouping: 'hour', title: 'By hour of entry', note: 'The hour the trade opened in, in New York time.' },
  {
    grouping: 'holding',
    title: 'By holding period',
    note: "Intraday: opened and closed on the same New York day. Otherwise the calendar days from the entry's day to the exit's.",
  },
  {
    grouping: 'tag',
    title: 'By tag',
    note: 'A trade counts under each of its tags, so these groups add up to more than the total.',
  },
  { grouping: 'mistake', title: 'By mistake', note: 'A trade counts under each of its mistakes.' },
  {
    grouping: 'criteria',
    title: 'By criteria met',
    note: "How many of its setup's entry criteria the plan ticked: did following the setup pay?",
  },
];

/**
 * One more breakdown of the page's trades, chosen in a select and kept in the address (`?by=`,
 * docs/product.md "Review"): a phone shows one table instead of ten under one another.
 */
export function Breakdown({ trades, context }: { trades: readonly Trade[]; context: StatsContext }) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const id = useId();
  const asked = new URLSearchParams(search).get('by');
  const chosen = BREAKDOWNS.find((b) => b.grouping === asked) ?? BREAKDOWNS[0]!;
  const groups = useMemo(
    () => computeStats(trades, chosen.grouping, context),
    [trades, chosen.grouping, context],
  );
  const choose = (grouping: string) => {
    const kept = new URLSearchParams(search);
    if (grouping === BREAKDOWNS[0]!.grouping) kept.delete('by');
    else kept.set('by', grouping);
    const query = kept.toString();
    navigate(query ? `${path}?${query}` : path, { replace: true });
  };
  return (
    <>
      <div className="review-breakdown">
        <label htmlFor={id}>More breakdowns</label>
        <select id={id} value={chosen.grouping} onChange={(e) => choose(e.target.value)}>
          {BREAKDOWNS.map((b) => (
            <option key={b.grouping} value={b.grouping}>
              {b.title}
            </option>
          ))}
        </select>
      </div>
      <StatsTable title={chosen.title} groups={groups} note={chosen.note} />
    </>
  );
}
