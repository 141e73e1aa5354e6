import { formatAsOf, formatPrice } from '../../domain/format.ts';
import { distanceText, PLAN_PRICE_COLORS, planPrice, type Quote } from '../../domain/quotes.ts';
import type { TradePlan } from '../../domain/types.ts';
import { Badge } from '../ui/Badge.tsx';
import './quotes.css';

/**
 * A plan's last price, its state and its distance to the entry (docs/product.md, "Prices"); with
 * no price yet, nothing. The time says how old the price is, offline too.
 */
export function PlanPrice({
  plan,
  quote,
  nearEntryR,
}: {
  plan: Pick<TradePlan, 'entryPrice' | 'stopLossPrice' | 'targetPrice'> &
    Partial<Pick<TradePlan, 'direction'>>;
  quote: Quote | undefined;
  /** The trader's threshold for Near entry (useNearEntryR). */
  nearEntryR: number;
}) {
  if (quote === undefined) return null;
  const price = planPrice(plan, quote.last, nearEntryR);
  return (
    <span className="plan-price">
      <strong>{formatPrice(quote.last)}</strong>{' '}
      <Badge color={PLAN_PRICE_COLORS[price.state]}>{price.state}</Badge>
      <small className="muted plan-distance">
        {distanceText(price)}, as of {formatAsOf(quote.fetchedAt, new Date())}
      </small>
    </span>
  );
}
