import { useEffect, useRef } from 'react';
import type { LineChartProps } from './chartTypes.ts';

let drawable: boolean | undefined;

/**
 * Whether a chart can be drawn here: it needs a 2D canvas and ResizeObserver (jsdom has
 * neither). Asked once; ResizeObserver first, so jsdom is never asked for a canvas it lacks.
 */
function canDrawCharts(): boolean {
  drawable ??=
    typeof ResizeObserver === 'function' && document.createElement('canvas').getContext('2d') !== null;
  return drawable;
}

interface LineChartFigureProps extends LineChartProps {
  /** The chart in words, for screen readers; shown instead of the chart where none can be drawn. */
  summary: string;
  /** Sets the plot's height in styles.css, reserved before the chart is drawn. */
  className: string;
}

/**
 * A line chart with its text alternative. The drawing (uPlot) loads after the page has painted,
 * into a box whose height is already taken; the canvas is hidden from screen readers, the
 * caption is not.
 */
export function LineChart({ summary, className, ...chart }: LineChartFigureProps) {
  const draw = canDrawCharts();
  const plot = useRef<HTMLDivElement>(null);
  const { x, series, formatY, baseline } = chart;

  useEffect(() => {
    const el = plot.current;
    if (!draw || !el) return;
    let cleanup: (() => void) | undefined;
    let gone = false;
    import('./drawLineChart.ts')
      .then(({ drawLineChart }) => {
        if (!gone) cleanup = drawLineChart(el, { x, series, formatY, baseline });
      })
      // Offline before the chunk was ever cached: the caption below still says it all.
      .catch(() => {});
    return () => {
      gone = true;
      cleanup?.();
    };
  }, [draw, x, series, formatY, baseline]);

  if (!draw) {
    return (
      <figure className={`chart ${className}`}>
        <figcaption className="chart-text">{summary}</figcaption>
      </figure>
    );
  }
  return (
    <figure className={`chart ${className}`}>
      <div ref={plot} className="chart-plot" aria-hidden="true" />
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
