import { useMemo } from 'react';
import type { MarketCyclePoint } from '../../domain/types.ts';
import { type ChartSpec, LineChart } from '../ui/charts/LineChart.tsx';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
// Axis labels drop the cents a round tick does not need ($510, $512.50).
const axisUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const formatAxis = (value: number) => axisUsd.format(value);

/** A trading day (YYYY-MM-DD) as local midnight, so the axis names the day it was. */
const dayStart = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1).getTime() / 1000;
};
const dayName = (date: string) =>
  new Date(dayStart(date) * 1000).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

/** The chart in words: where the symbol closed, its range, and where it stands to its EMA21. */
export function cycleChartSummary(symbol: string, series: readonly MarketCyclePoint[]): string {
  const first = series[0];
  const last = series[series.length - 1];
  if (!first || !last) return `${symbol}: no price history yet.`;
  const closes = series.map((p) => p.close);
  const side = last.close > last.ema ? 'above' : last.close < last.ema ? 'below' : 'at';
  return (
    `${symbol} over the last ${series.length} trading days: closed at ${usd.format(last.close)} on ${dayName(last.date)}, ` +
    `from ${usd.format(first.close)} on ${dayName(first.date)}; highest ${usd.format(Math.max(...closes))}, ` +
    `lowest ${usd.format(Math.min(...closes))}. EMA21 ${usd.format(last.ema)}, the close ${side} it.`
  );
}

/** The market-cycle symbol's daily closes with their EMA21 (dashed, so not told by colour alone). */
export function CycleChart({ symbol, series }: { symbol: string; series: readonly MarketCyclePoint[] }) {
  const spec = useMemo(
    (): ChartSpec<MarketCyclePoint> => ({
      className: 'cycle-chart',
      at: (p) => dayStart(p.date),
      lines: [
        { label: `${symbol} close`, value: (p) => p.close, color: '--tt-blue' },
        { label: 'EMA21', value: (p) => p.ema, color: '--tt-amber', dash: [6, 4] },
      ],
      formatY: formatAxis,
    }),
    [symbol],
  );
  return <LineChart spec={spec} points={series} summary={cycleChartSummary(symbol, series)} />;
}
