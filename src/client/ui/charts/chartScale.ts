import type { ChartSeries } from './chartTypes.ts';

/** A value range and the round values to mark on it. */
export interface AxisScale {
  min: number;
  max: number;
  ticks: number[];
}

/** The round step (1, 2, 2.5 or 5 × 10ⁿ) that cuts `span` into about `count` parts. */
export function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / magnitude;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * magnitude;
}

/**
 * The y range of every series' values (and `baseline`, kept in view), widened to round ticks:
 * about `count` of them, the lowest at or under the lowest value, the highest at or over the highest.
 * A flat or single value gets a range around it; no value at all, 0 to 1.
 */
export function valueScale(series: readonly ChartSeries[], baseline?: number, count = 4): AxisScale {
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null && Number.isFinite(v)));
  if (baseline !== undefined) values.push(baseline);
  if (values.length === 0) return { min: 0, max: 1, ticks: [0, 1] };
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (low === high) {
    const pad = Math.abs(low) > 0 ? Math.abs(low) * 0.1 : 1;
    low -= pad;
    high += pad;
  }
  const step = niceStep(high - low, count);
  const min = Math.floor(low / step) * step;
  const max = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  // Rounded to the step's own decimals: 0.1 + 0.2 must read 0.3.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  for (let v = min; v <= max + step / 2; v += step) ticks.push(Number(v.toFixed(decimals)));
  return { min, max, ticks };
}

/** `count` times spread evenly from the first x to the last (one, for a single x). */
export function timeTicks(x: readonly number[], count = 4): number[] {
  const first = x[0];
  const last = x[x.length - 1];
  if (first === undefined || last === undefined) return [];
  if (first === last) return [first];
  return Array.from({ length: count }, (_, i) => first + ((last - first) * i) / (count - 1));
}

/** Where `value` falls from `min` (0) to `max` (1); the middle when the range is empty. */
export const share = (value: number, min: number, max: number): number =>
  max === min ? 0.5 : (value - min) / (max - min);
