import { useMemo } from 'react';
import { share, timeTicks, valueScale } from './chartScale.ts';
import type { ChartSeries, LineChartProps } from './chartTypes.ts';

/** The plot's own units: the SVG is stretched to its box, its strokes keep their width. */
const SIZE = 1000;

/**
 * Where a share (0 to 1) of the plot's span falls in a label column as tall or as wide as the
 * SVG: inside its inset (charts.css --plot-inset), as the SVG's own points are.
 */
const inPlot = (share: number) =>
  `calc(var(--plot-inset) + (100% - 2 * var(--plot-inset)) * ${share.toFixed(4)})`;

const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const dayYearLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

/** A series as SVG path data: one run of lines per stretch without a gap (null). */
function linePath(s: ChartSeries, px: (i: number) => number, py: (v: number) => number): string {
  let d = '';
  let drawing = false;
  s.values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) {
      drawing = false;
      return;
    }
    d += `${drawing ? 'L' : 'M'}${px(i).toFixed(1)} ${py(v).toFixed(1)}`;
    drawing = true;
  });
  return d;
}

/** Each point as a dot: a zero-length line with round caps stays round however the plot is stretched. */
function dotsPath(s: ChartSeries, px: (i: number) => number, py: (v: number) => number): string {
  return s.values
    .map((v, i) => (v === null || !Number.isFinite(v) ? '' : `M${px(i).toFixed(1)} ${py(v).toFixed(1)}h0`))
    .join('');
}

/**
 * Lines over time as SVG with HTML labels: drawn by React with the page, in the same slices, with
 * no library to load (the Dashboard's chart was a canvas library's first use: its module and first
 * draw were one task of 40-50 ms on a phone). Colours are CSS custom properties, so dark mode
 * follows the page. Hidden from screen readers: the figure's caption says it in words.
 */
export function LinePlot({ x, series, formatY, baseline }: LineChartProps) {
  const plot = useMemo(() => {
    const y = valueScale(series, baseline);
    const first = x[0] ?? 0;
    const last = x[x.length - 1] ?? first;
    const px = (i: number) => share(x[i] ?? first, first, last) * SIZE;
    const py = (v: number) => (1 - share(v, y.min, y.max)) * SIZE;
    const spansYears = new Date(first * 1000).getFullYear() !== new Date(last * 1000).getFullYear();
    return {
      y,
      py,
      lines: series.map((s) => ({
        s,
        d: linePath(s, px, py),
        dots: x.length <= 30 ? dotsPath(s, px, py) : '',
      })),
      xTicks: timeTicks(x).map((t) => ({
        at: share(t, first, last),
        label: (spansYears ? dayYearLabel : dayLabel).format(new Date(t * 1000)),
      })),
    };
  }, [x, series, baseline]);
  const yLabels = plot.y.ticks.map((t) => ({ t, label: formatY(t), at: plot.py(t) / SIZE }));
  const widest = yLabels.reduce((w, l) => (l.label.length > w.length ? l.label : w), '');

  return (
    <div className="line-plot" aria-hidden="true">
      <div className="line-plot-y">
        {/* Sizes the column to the widest label; the labels themselves sit at their values. */}
        <span className="line-plot-sizer">{widest}</span>
        {yLabels.map((l) => (
          <span key={l.t} style={{ top: inPlot(l.at) }}>
            {l.label}
          </span>
        ))}
      </div>
      <svg
        className="line-plot-area"
        aria-hidden="true"
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        preserveAspectRatio="none"
      >
        {yLabels.map((l) => (
          <line key={l.t} className="line-plot-grid" x1={0} x2={SIZE} y1={plot.py(l.t)} y2={plot.py(l.t)} />
        ))}
        {baseline !== undefined && (
          <line
            className="line-plot-baseline"
            x1={0}
            x2={SIZE}
            y1={plot.py(baseline)}
            y2={plot.py(baseline)}
          />
        )}
        {plot.lines.map(({ s, d, dots }) => (
          <g key={s.label} style={{ stroke: `var(${s.color})` }}>
            <path className="line-plot-line" d={d} strokeDasharray={s.dash?.join(' ')} />
            {dots && <path className="line-plot-dots" d={dots} />}
          </g>
        ))}
      </svg>
      <div className="line-plot-x">
        {plot.xTicks.map((t) => (
          <span key={t.at} style={{ left: inPlot(t.at) }}>
            {t.label}
          </span>
        ))}
      </div>
    </div>
  );
}
