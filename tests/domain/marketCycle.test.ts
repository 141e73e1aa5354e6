import { describe, expect, it } from 'vitest';
import {
  computeMarketCycle,
  emaDirection,
  isDowntrend,
  isMarketCycleStale,
  isUptrend,
  marketCycleSeries,
  parseCycleType,
} from '../../src/domain/marketCycle.ts';

describe('EMA 21 (docs/product.md, "Market cycle")', () => {
  it('seeds with the mean of the first 21 closes and then applies 2/(21+1), checked by hand', () => {
    // Seed = (20 × 100 + 121) / 21 = 101; the 38 closes of 101 keep it at 101; then k = 2/22 = 1/11:
    // 112 × 1/11 + 101 × 10/11 = 102. An EMA seeded with the first close (100) would not give 101.
    const closes = [...Array(20).fill(100), 121, ...Array(38).fill(101), 112];
    const cycle = computeMarketCycle('SPY', closes, new Date('2026-11-20T15:00:00Z'));
    expect(cycle.previousEma).toBeCloseTo(101, 9);
    expect(cycle.currentEma).toBeCloseTo(102, 9);
    expect(cycle.emaChangePercent).toBeCloseTo(100 / 101, 9);
  });
});

describe('direction and cycle type (±0.1 band)', () => {
  it.each([
    [0.11, 'up'],
    [0.1, 'flat'],
    [0, 'flat'],
    [-0.1, 'flat'],
    [-0.11, 'down'],
  ])('change %d%% is %s', (change, direction) => {
    expect(emaDirection(change)).toBe(direction);
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
    expect(cycle.currentEma).toBeGreaterThan(cycle.previousEma);
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

describe('marketCycleSeries (the Dashboard chart)', () => {
  const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
  const candlesOf = (closes: number[]) => closes.map((close, i) => ({ date: day(i), close }));

  it('gives the last 60 closes with the EMA at each, checked by hand, the last one the current EMA', () => {
    // The hand-checked EMA of the first describe: 101 from the 21st close on, 102 at the 80th.
    const closes = [...Array(20).fill(100), 121, ...Array(58).fill(101), 112];
    const series = marketCycleSeries(candlesOf(closes));
    expect(series).toHaveLength(60);
    expect(series[0]).toEqual({ date: day(20), close: 121, ema: 101 });
    expect(series[58]).toEqual({ date: day(78), close: 101, ema: 101 });
    expect(series[59]?.date).toBe(day(79));
    expect(series[59]?.close).toBe(112);
    expect(series[59]?.ema).toBeCloseTo(102, 9);
    const cycle = computeMarketCycle('SPY', closes, new Date('2026-11-20T15:00:00Z'));
    expect(series[59]?.ema).toBe(cycle.currentEma);
    expect(series[58]?.ema).toBe(cycle.previousEma);
  });

  it('gives fewer points when fewer closes have an EMA: none before the 21st close', () => {
    const closes = Array.from({ length: 60 }, (_, i) => 100 + i);
    const series = marketCycleSeries(candlesOf(closes));
    expect(series).toHaveLength(40);
    expect(series[0]?.date).toBe(day(20));
    expect(series[0]?.ema).toBe(closes.slice(0, 21).reduce((a, b) => a + b, 0) / 21);
    expect(marketCycleSeries(candlesOf(closes), 5).map((p) => p.date)).toEqual([55, 56, 57, 58, 59].map(day));
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
