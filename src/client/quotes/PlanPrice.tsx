import { formatPrice } from '../../domain/format.ts';
import {
  distanceText,
  PLAN_PRICE_COLORS,
  planPrice,
  priceTimeLabel,
  type Quote,
} from '../../domain/quotes.ts';
import type { TradePlan } from '../../domain/types.ts';
import { Badge } from '../ui/Badge.tsx';
import './quotes.css';

/**
 * A plan's last price, its state and its distance to the entry (docs/product.md, "Prices"); with
 * no price yet, nothing. Its label says what the price is ("as of 10:42 ET", "Fri close"), offline too.
 */
export function PlanPrice({
  plan,
  quote,
  nearEntryR,
}: {
  plan: Pick<TradePlan, 'entryPrice' | 'stopLossPrice' | 'targetPrice'> &
    Partial<Pick<TradePlan, 'direction'>>;
  quote: Quote | undefined;
  /** The trader's threshold for Near entry (settings/useTraderSettings.ts). */
  nearEntryR: number;
}) {
  if (quote === undefined) return null;
  const price = planPrice(plan, quote.last, nearEntryR);
  return (
    <span className="plan-price">
      <strong>{formatPrice(quote.last)}</strong>{' '}
      <Badge color={PLAN_PRICE_COLORS[price.state]}>{price.state}</Badge>
      <small className="muted plan-distance">
        {distanceText(price)}, {priceTimeLabel(quote, new Date())}
      </small>
    </span>
  );
}
