import type { LineChartProps } from './chartTypes.ts';
import { LinePlot } from './LinePlot.tsx';
import './charts.css';

interface LineChartFigureProps extends LineChartProps {
  /** The chart in words, for screen readers. */
  summary: string;
  /** Sets the plot's height in ui/charts/charts.css. */
  className: string;
}

/** A line chart with its text alternative: the plot and its legend are hidden from screen readers, the caption is not. */
export function LineChart({ summary, className, ...chart }: LineChartFigureProps) {
  const { series } = chart;
  return (
    <figure className={`chart ${className}`}>
      <div className="chart-plot">
        <LinePlot {...chart} />
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
