import { describe, expect, it } from 'vitest';
import { niceStep, share, timeTicks, valueScale } from '../../../../src/client/ui/charts/chartScale.ts';

const line = (values: (number | null)[]) => [{ label: 'l', values, color: '--tt-blue' }];

describe('niceStep', () => {
  it.each([
    [30, 4, 10],
    [25, 4, 10],
    [8, 4, 2],
    [10, 4, 2.5],
    [3.2, 4, 1],
    [0.9, 4, 0.25],
    [1700, 4, 500],
  ])('cuts %d into about %d parts of %d', (span, count, step) => {
    expect(niceStep(span, count)).toBe(step);
  });
});

describe('valueScale', () => {
  it('widens the values to round ticks around them', () => {
    expect(valueScale(line([495, 520.5, 510]))).toEqual({
      min: 490,
      max: 530,
      ticks: [490, 500, 510, 520, 530],
    });
  });

  it('keeps the baseline in view, and skips gaps', () => {
    expect(valueScale(line([1, null, 2.5]), 0)).toEqual({ min: 0, max: 3, ticks: [0, 1, 2, 3] });
  });

  it('reads decimal ticks as written, not as floating-point sums', () => {
    expect(valueScale(line([0.1, 0.8])).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });

  it('gives a flat line a range around it, and no value at all 0 to 1', () => {
    const flat = valueScale(line([100, 100]));
    expect(flat.min).toBeLessThan(100);
    expect(flat.max).toBeGreaterThan(100);
    expect(valueScale(line([null]))).toEqual({ min: 0, max: 1, ticks: [0, 1] });
  });
});

describe('timeTicks and share', () => {
  it('spreads the ticks from the first time to the last', () => {
    expect(timeTicks([0, 10, 40, 90])).toEqual([0, 30, 60, 90]);
    expect(timeTicks([5])).toEqual([5]);
    expect(timeTicks([])).toEqual([]);
  });

  it('places a value between its bounds, and in the middle of an empty range', () => {
    expect(share(25, 0, 100)).toBe(0.25);
    expect(share(7, 7, 7)).toBe(0.5);
  });
});
