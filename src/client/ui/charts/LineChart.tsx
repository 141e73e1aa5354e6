import { useMemo } from 'react';
import type { ChartSeries, LineChartProps } from './chartTypes.ts';
import { LinePlot } from './LinePlot.tsx';
import './charts.css';

/** One line of a chart: its series but for the values, which it reads off each point (null leaves a gap). */
export interface ChartLine<P> extends Omit<ChartSeries, 'values'> {
  value: (point: P) => number | null;
}

/** What a chart draws of its points: keep one per chart (a module constant or memoised), as a new one redraws. */
export interface ChartSpec<P> extends Omit<LineChartProps, 'x' | 'series'> {
  /** Sets the plot's height in ui/charts/charts.css. */
  className: string;
  /** A point's x: seconds since the epoch, ascending over the points. */
  at: (point: P) => number;
  lines: readonly ChartLine<P>[];
}

interface LineChartFigureProps<P> {
  spec: ChartSpec<P>;
  /** Pass a memoised array: a new one recomputes the plot. */
  points: readonly P[];
  /** The chart in words, for screen readers. */
  summary: string;
}

/** A line chart with its text alternative: the plot and its legend are hidden from screen readers, the caption is not. */
export function LineChart<P>({ spec, points, summary }: LineChartFigureProps<P>) {
  const { className, at, lines, ...axes } = spec;
  const series = useMemo(
    () => lines.map(({ value, ...line }): ChartSeries => ({ ...line, values: points.map(value) })),
    [lines, points],
  );
  const x = useMemo(() => points.map(at), [at, points]);
  return (
    <figure className={`chart ${className}`}>
      <div className="chart-plot">
        <LinePlot {...axes} x={x} series={series} />
      </div>
      {series.length > 1 && (
        <ul className="chart-legend" aria-hidden="true">
          {series.map((s) => (
            <li key={s.label} className="chart-key">
              <span
                className={s.dash ? 'chart-swatch dashed' : 'chart-swatch'}
                style={{ borderColor: `var(${s.color})` }}
              />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      <figcaption className="visually-hidden">{summary}</figcaption>
    </figure>
  );
}
