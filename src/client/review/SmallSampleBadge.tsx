import { isSmallSample } from '../../domain/stats.ts';
import { Badge } from '../ui/Badge.tsx';
import { formatTradeCount } from './statsFormat.ts';

/** Says in words, not only in colour, that a group's figures rest on too few trades to trust. */
export function SmallSampleBadge() {
  return (
    <>
      {' '}
      <Badge color="yellow">Small sample</Badge>
    </>
  );
}

/**
 * How many trades a figure beside it rests on (a setup's success score, an edge's expectancy):
 * "12 trades", or under the small-sample size "n = 3" marked Small sample, as Review marks its
 * groups.
 */
export function SampleSize({ n }: { n: number }) {
  if (!isSmallSample(n)) return formatTradeCount(n);
  return (
    <>
      n = {n}
      <SmallSampleBadge />
    </>
  );
}
