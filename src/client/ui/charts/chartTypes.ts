export interface ChartSeries {
  label: string;
  /** One per x; null leaves a gap. */
  values: readonly (number | null)[];
  /** A CSS custom property holding the colour ('--tt-blue'), so dark mode follows the page. */
  color: string;
  /** Dash pattern (user units), for a second line that must not rely on colour alone. */
  dash?: number[];
}

/** Pass memoised arrays: a new one recomputes the plot. */
export interface LineChartProps {
  /** Seconds since the epoch, ascending. */
  x: readonly number[];
  series: readonly ChartSeries[];
  formatY: (value: number) => string;
  /** A dashed reference line kept in view (0R on the equity curve). */
  baseline?: number;
}
