import {
  EMA_FLAT_BAND_PERCENT,
  EMA_PERIOD,
  MARKET_CYCLE_MIN_CLOSES,
  MARKET_CYCLE_SERIES_DAYS,
  MARKET_CYCLE_STALE_MINUTES,
} from './constants.ts';
import { CYCLE_TYPES, type CycleType, type MarketCycle, type MarketCyclePoint } from './types.ts';

/**
 * Exponential moving average (docs/product.md, "Market cycle"): seeded with the simple average of the
 * first `period` closes, then multiplier 2 / (period + 1). One value per close from index
 * `period - 1` on.
 */
function computeEmaSeries(closes: readonly number[], period: number = EMA_PERIOD): number[] {
  if (!Number.isInteger(period) || period < 1) throw new RangeError('EMA period must be a positive integer');
  if (closes.length < period) throw new RangeError(`EMA(${period}) needs at least ${period} closes`);
  const k = 2 / (period + 1);
  let ema = closes.slice(0, period).reduce((sum, c) => sum + c, 0) / period;
  const series = [ema];
  for (let i = period; i < closes.length; i++) {
    ema = (closes[i] as number) * k + ema * (1 - k);
    series.push(ema);
  }
  return series;
}

type EmaDirection = 'up' | 'down' | 'flat';

export function emaDirection(changePercent: number): EmaDirection {
  if (changePercent > EMA_FLAT_BAND_PERCENT) return 'up';
  if (changePercent < -EMA_FLAT_BAND_PERCENT) return 'down';
  return 'flat';
}

const CYCLE_BY_DIRECTION: Readonly<Record<EmaDirection, CycleType>> = {
  up: 'Uptrend',
  down: 'Downtrend',
  flat: 'Sideways',
};

const cycleTypeFromChange = (changePercent: number): CycleType =>
  CYCLE_BY_DIRECTION[emaDirection(changePercent)];

/** Whatever the wire says, the app shows one of the three cycles: anything else is Sideways. */
export const parseCycleType = (value: unknown): CycleType =>
  (CYCLE_TYPES as readonly unknown[]).includes(value) ? (value as CycleType) : 'Sideways';

export function computeMarketCycle(symbol: string, closes: readonly number[], now: Date): MarketCycle {
  if (closes.length < MARKET_CYCLE_MIN_CLOSES) {
    throw new RangeError(
      `Market cycle needs at least ${MARKET_CYCLE_MIN_CLOSES} daily closes, got ${closes.length}`,
    );
  }
  if (!closes.every((c) => Number.isFinite(c) && c > 0))
    throw new RangeError('Closes must be positive numbers');
  const series = computeEmaSeries(closes);
  const currentEma = series[series.length - 1] as number;
  const previousEma = series[series.length - 2] as number;
  const emaChangePercent = ((currentEma - previousEma) / previousEma) * 100;
  return {
    cycleType: cycleTypeFromChange(emaChangePercent),
    symbol,
    currentEma,
    previousEma,
    emaChangePercent,
    timestamp: now.toISOString(),
  };
}

/**
 * The chart beside the cycle: the last `days` closes, oldest first, each with the EMA at it (the
 * same EMA as computeMarketCycle, so the last point's `ema` is `currentEma`). Fewer points when
 * fewer closes have an EMA (the first EMA_PERIOD − 1 have none).
 */
export function marketCycleSeries(
  candles: readonly { date: string; close: number }[],
  days: number = MARKET_CYCLE_SERIES_DAYS,
): MarketCyclePoint[] {
  const emas = computeEmaSeries(candles.map((c) => c.close));
  const count = Math.min(days, emas.length);
  const first = candles.length - count;
  return emas.slice(emas.length - count).map((ema, i) => {
    const { date, close } = candles[first + i] as { date: string; close: number };
    return { date, close, ema };
  });
}

/** Older than an hour is stale: still shown, but worth a warning (docs/product.md, "Market cycle"). */
export function isMarketCycleStale(cycle: Pick<MarketCycle, 'timestamp'>, now: Date): boolean {
  const at = Date.parse(cycle.timestamp);
  if (Number.isNaN(at)) return true;
  return now.getTime() - at > MARKET_CYCLE_STALE_MINUTES * 60_000;
}

export const isUptrend = (c: Pick<MarketCycle, 'cycleType'>): boolean =>
  parseCycleType(c.cycleType) === 'Uptrend';
export const isDowntrend = (c: Pick<MarketCycle, 'cycleType'>): boolean =>
  parseCycleType(c.cycleType) === 'Downtrend';
