import { Link } from 'wouter';
import { isMarketOpen } from '../../domain/marketHours.ts';
import { byDistanceToEntry, planPrice } from '../../domain/quotes.ts';
import { useQuotes } from '../serverData/useQuotes.ts';
import { useTraderSettings } from '../settings/useTraderSettings.ts';
import { useReadyPlans } from '../ui/cacheReads.ts';
import { PlanPrice } from './PlanPrice.tsx';

/**
 * The Ready plans the Watch shows: the nearest entry, on a phone's screen or two. With a thousand
 * Ready plans the list was 55,000 px and 3,000 elements long; the rest are on Trade Plans, sorted
 * by distance to entry.
 */
export const WATCH_ROWS = 10;

/**
 * The Dashboard's Watch (docs/product.md, "Prices"): the Ready plans nearest their entry first,
 * those past it leading, each one tap from its details. Nothing while no plan is Ready. The
 * Dashboard places it twice: first during the session, after the cards outside it.
 */
export default function WatchList({ place }: { place: 'inSession' | 'outOfSession' }) {
  // Only the place that shows it reads the cache.
  return isMarketOpen(new Date()) === (place === 'inSession') ? <Watch /> : null;
}

function Watch() {
  const plans = useReadyPlans();
  const quotes = useQuotes();
  const { nearEntryR } = useTraderSettings();
  if (!plans || plans.length === 0 || !quotes) return null;
  const watched = byDistanceToEntry(
    plans.map((plan) => {
      const quote = quotes.get(plan.stock);
      return { plan, quote, price: quote ? planPrice(plan, quote.last) : null };
    }),
  );
  const more = watched.length - WATCH_ROWS;
  return (
    <section className="watch" aria-labelledby="watch-title">
      <h2 id="watch-title">Watch</h2>
      <ul className="watch-list">
        {watched.slice(0, WATCH_ROWS).map(({ plan, quote }) => (
          <li key={plan.id}>
            <Link href={`/trade-plans?plan=${plan.id}`} className="watch-stock">
              {plan.stock}
            </Link>
            {quote ? (
              <PlanPrice plan={plan} quote={quote} nearEntryR={nearEntryR} />
            ) : (
              <small className="muted">No price yet</small>
            )}
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="watch-more">
          <Link href="/trade-plans">
            {more} more Ready {more === 1 ? 'plan' : 'plans'} on Trade Plans
          </Link>
        </p>
      )}
    </section>
  );
}
