// How the Review page, and the pages that borrow its figures, write a group's statistics.
import { formatR } from '../../domain/format.ts';
import { roundHalfAway } from '../../domain/rounding.ts';

const NONE = '—';

/** "55.0%", or "—" with no trade to count. */
export const formatWinRate = (rate: number | null): string =>
  rate === null ? NONE : `${roundHalfAway(rate, 1).toFixed(1)}%`;

/** "+0.45R", or "—" when there is nothing to average. */
export const formatOptionalR = (r: number | null): string => (r === null ? NONE : formatR(r));

/** Two decimals; "—" without a loss, where the ratio has no value. */
export const formatProfitFactor = (factor: number | null): string =>
  factor === null ? NONE : roundHalfAway(factor, 2).toFixed(2);

/** A fall, so written as one: "−2.10R" (the statistic itself is positive). */
export const formatDrawdown = (drawdown: number): string => formatR(-drawdown);

export const formatTradeCount = (n: number): string => `${n} ${n === 1 ? 'trade' : 'trades'}`;

/** Closed trades with no R (no stop, or no risk to it) are in no figure: the page says how many. */
export const withoutStopNote = (count: number): string =>
  count === 1
    ? '1 closed trade without a stop is not counted'
    : `${count} closed trades without a stop are not counted`;

/** The class that colours a figure by its sign as shown (2 decimals); nothing for zero or none. */
export function toneOf(value: number | null): string | undefined {
  const shown = value === null ? 0 : roundHalfAway(value, 2);
  return shown === 0 ? undefined : shown > 0 ? 'positive' : 'negative';
}
