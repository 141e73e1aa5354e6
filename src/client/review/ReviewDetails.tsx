import { useMemo } from 'react';
import {
  computeStats,
  SMALL_SAMPLE_TRADES,
  type StatsContext,
  type StatsGrouping,
} from '../../domain/stats.ts';
import type { Trade } from '../../domain/types.ts';
import type { DateRangeState } from '../ui/useDateRange.ts';
import { Breakdown } from './Breakdown.tsx';
import { ExcursionFigures } from './ExcursionFigures.tsx';
import { MistakeCosts } from './MistakeCosts.tsx';
import { PlannedVsActual } from './PlannedVsActual.tsx';
import { PnlCalendarSection } from './PnlCalendarSection.tsx';
import { StatsTable } from './StatsTable.tsx';

/** The spec's results by setup, edge and regime: always shown; the rest one at a time (Breakdown). */
const TABLES: readonly { grouping: Exclude<StatsGrouping, 'all'>; title: string; note?: string }[] = [
  { grouping: 'setup', title: 'By setup' },
  {
    grouping: 'edge',
    title: 'By edge',
    note: 'A trade counts under every edge of its plan, so these groups add up to more than the total.',
  },
  {
    grouping: 'cycle',
    title: 'By market cycle',
    note: 'The market cycle when the plan was made. Plans made before it was recorded show as Unknown.',
  },
];

/**
 * Everything on Review under the first figures: a lazy chunk of its own (ReviewPage.tsx), so a
 * full load paints the figures before this code has even arrived, and its tables are computed
 * in a render of their own.
 */
export default function ReviewDetails({
  trades,
  context,
  dateRange,
}: {
  trades: readonly Trade[];
  context: StatsContext;
  dateRange: DateRangeState;
}) {
  return (
    <>
      <PnlCalendarSection trades={trades} dateRange={dateRange} />
      <p className="muted review-note">
        Groups of fewer than {SMALL_SAMPLE_TRADES} trades are marked Small sample: their figures say little
        yet.
      </p>
      {TABLES.map((t) => (
        <GroupingTable key={t.grouping} table={t} trades={trades} context={context} />
      ))}
      <Breakdown trades={trades} context={context} />
      <MistakeCosts trades={trades} />
      <PlannedVsActual trades={trades} />
      <ExcursionFigures trades={trades} />
    </>
  );
}

/**
 * One grouping's table, computed in its own component: a render may yield between components,
 * not inside one, so three groupings computed together made one task three times as long.
 */
function GroupingTable({
  table,
  trades,
  context,
}: {
  table: (typeof TABLES)[number];
  trades: readonly Trade[];
  context: StatsContext;
}) {
  const groups = useMemo(() => computeStats(trades, table.grouping, context), [trades, table, context]);
  return <StatsTable title={table.title} groups={groups} note={table.note} />;
}
