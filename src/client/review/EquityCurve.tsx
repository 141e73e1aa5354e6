import { formatR } from '../../domain/format.ts';
import type { EquityPoint } from '../../domain/stats.ts';
import { type ChartSpec, LineChart } from '../ui/charts/LineChart.tsx';
import { formatTradeCount } from './statsFormat.ts';

const day = (at: string) =>
  new Date(at).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * The curve in words: how many trades, over which dates, where it ended and how high and low it
 * went. The curve starts at 0R before the first trade, so that counts as a high or a low too.
 */
export function equitySummary(points: readonly EquityPoint[]): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 'Equity curve: no trades yet.';
  const rs = points.map((p) => p.cumulativeR);
  const dates =
    first === last ? `on ${day(first.closedAt)}` : `from ${day(first.closedAt)} to ${day(last.closedAt)}`;
  return (
    `Equity curve: ${formatTradeCount(points.length)} closed ${dates}, from 0.00R to ${formatR(last.cumulativeR)}, ` +
    `highest ${formatR(Math.max(0, ...rs))}, lowest ${formatR(Math.min(0, ...rs))}.`
  );
}

const EQUITY_CHART: ChartSpec<EquityPoint> = {
  className: 'equity-chart',
  at: (p) => Date.parse(p.closedAt) / 1000,
  lines: [{ label: 'Cumulative R', value: (p) => p.cumulativeR, color: '--pico-primary' }],
  formatY: formatR,
  baseline: 0,
};

/** Cumulative R by close date, with a dashed line at 0R. */
export function EquityCurve({ points }: { points: readonly EquityPoint[] }) {
  return <LineChart spec={EQUITY_CHART} points={points} summary={equitySummary(points)} />;
}
