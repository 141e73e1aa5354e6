import { describe, expect, it } from 'vitest';
import {
  computeEmaSeries,
  computeMarketCycle,
  cycleTypeFromChange,
  emaDirection,
  isDowntrend,
  isMarketCycleStale,
  isUptrend,
  parseCycleType,
} from '../../src/domain/marketCycle.ts';

describe('computeEmaSeries', () => {
  it('seeds with the simple average and then applies 2/(n+1), checked by hand for n = 3', () => {
    // k = 0.5. Seed = (1+2+3)/3 = 2; then 4*0.5 + 2*0.5 = 3; then 8*0.5 + 3*0.5 = 5.5
    expect(computeEmaSeries([1, 2, 3, 4, 8], 3)).toEqual([2, 3, 5.5]);
  });

  it('uses period 21 by default: the seed is the mean of the first 21 closes', () => {
    const closes = Array.from({ length: 22 }, (_, i) => i + 1); // 1..22
    const [seed, next] = computeEmaSeries(closes);
    expect(seed).toBe(11); // mean of 1..21
    expect(next).toBeCloseTo(22 * (2 / 22) + 11 * (20 / 22), 12); // 12
  });

  it('refuses fewer closes than the period', () => {
    expect(() => computeEmaSeries([1, 2], 3)).toThrow(RangeError);
  });
});

describe('direction and cycle type (±0.1 band)', () => {
  it.each([
    [0.11, 'up', 'Uptrend'],
    [0.1, 'flat', 'Sideways'],
    [0, 'flat', 'Sideways'],
    [-0.1, 'flat', 'Sideways'],
    [-0.11, 'down', 'Downtrend'],
  ])('change %d%% is %s, %s', (change, direction, type) => {
    expect(emaDirection(change)).toBe(direction);
    expect(cycleTypeFromChange(change)).toBe(type);
  });

  it.each([
    ['Uptrend', 'Uptrend'],
    ['Downtrend', 'Downtrend'],
    ['Sideways', 'Sideways'],
    ['uptrend', 'Sideways'],
    ['Bull', 'Sideways'],
    [null, 'Sideways'],
    [42, 'Sideways'],
  ])('parses %s as %s', (value, expected) => {
    expect(parseCycleType(value)).toBe(expected);
  });
});

describe('computeMarketCycle', () => {
  const now = new Date('2026-11-20T15:00:00Z');
  const rising = Array.from({ length: 60 }, (_, i) => 100 * 1.005 ** i);
  const falling = Array.from({ length: 60 }, (_, i) => 100 * 0.995 ** i);
  const flat = Array.from({ length: 60 }, () => 100);

  it('reports current and previous EMA and the change between them', () => {
    const cycle = computeMarketCycle('SPY', rising, now);
    const series = computeEmaSeries(rising);
    expect(cycle.currentEma).toBe(series.at(-1));
    expect(cycle.previousEma).toBe(series.at(-2));
    expect(cycle.emaChangePercent).toBeCloseTo(
      ((cycle.currentEma - cycle.previousEma) / cycle.previousEma) * 100,
      12,
    );
    expect(cycle).toMatchObject({ symbol: 'SPY', cycleType: 'Uptrend', timestamp: now.toISOString() });
    expect(isUptrend(cycle)).toBe(true);
  });

  it('reads a falling market as a downtrend and a flat one as sideways', () => {
    const down = computeMarketCycle('SPY', falling, now);
    expect(down.cycleType).toBe('Downtrend');
    expect(isDowntrend(down)).toBe(true);
    expect(computeMarketCycle('SPY', flat, now)).toMatchObject({
      cycleType: 'Sideways',
      emaChangePercent: 0,
    });
  });

  it('needs at least 60 closes, all positive', () => {
    expect(() => computeMarketCycle('SPY', rising.slice(0, 59), now)).toThrow(/at least 60/);
    expect(() => computeMarketCycle('SPY', [...rising.slice(0, 59), Number.NaN], now)).toThrow(RangeError);
  });
});

describe('isMarketCycleStale (60 minutes)', () => {
  const at = (iso: string) => ({ timestamp: iso });
  const now = new Date('2026-11-20T15:00:00Z');
  it.each([
    ['2026-11-20T14:00:00.000Z', false],
    ['2026-11-20T13:59:59.999Z', true],
    ['2026-11-20T14:30:00.000Z', false],
    ['not a date', true],
  ])('computed at %s is stale: %s', (timestamp, stale) => {
    expect(isMarketCycleStale(at(timestamp), now)).toBe(stale);
  });
});
