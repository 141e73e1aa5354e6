import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'wouter';
import { tradesInRange } from '../../domain/dateRanges.ts';
import { PAGE_HEADINGS } from '../../domain/pages.ts';
import { computeStats, equityCurve } from '../../domain/stats.ts';
import { useLinkedPlans } from '../plans/useLinkedPlans.ts';
import { setCollectionState } from '../sync/syncState.ts';
import { useEdges, useSetups, useTradeCollection } from '../ui/cacheReads.ts';
import { DateRangeBar } from '../ui/DateRangeFilter.tsx';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useDateRange } from '../ui/useDateRange.ts';
import { EquityCurve } from './EquityCurve.tsx';
import { OverallFigures } from './OverallFigures.tsx';
import { withoutStopNote } from './statsFormat.ts';
import './review.css';

const heading = PAGE_HEADINGS['/review'];

// The sections under the first figures load after them (a full load shows the figures sooner).
const ReviewDetails = lazy(() => import('./ReviewDetails.tsx'));

/**
 * Results in R, computed here from the cache with the same function the server answers
 * GET /stats with: the page works offline and shows the server's figures.
 */
export default function ReviewPage() {
  const trades = useTradeCollection();
  const plans = useLinkedPlans()?.plans;
  const setups = useSetups();
  const edges = useEdges();
  const dateRange = useDateRange();
  // The trades of the date range in the address (and the open ones, in no figure): every section
  // below computes from these, never from trades.rows.
  const rangeTrades = useMemo(
    () => tradesInRange(trades.rows, dateRange.bounds),
    [trades.rows, dateRange.bounds],
  );

  const review = useMemo(() => {
    // Until the plans are read every trade would group as unplanned for a moment: wait for them.
    if (trades.loading || !plans || !setups || !edges) return undefined;
    const context = { plans, setups, edges };
    return {
      context,
      overall: computeStats(rangeTrades, 'all', context)[0],
      curve: equityCurve(rangeTrades),
    };
  }, [trades.loading, rangeTrades, plans, setups, edges]);
  return (
    <section className="review">
      <PageHeading {...heading} />
      <DateRangeBar dateRange={dateRange} />
      {trades.error && (
        <ErrorBanner
          message={trades.error}
          onDismiss={() => setCollectionState('trades', { error: undefined })}
        />
      )}
      {!review ? (
        <Skeleton rows={6} />
      ) : !review.overall || review.overall.n === 0 ? (
        <EmptyReview
          withoutStop={review.overall?.withoutStop ?? 0}
          inRange={dateRange.range.preset !== 'all' && trades.rows.length > 0}
        />
      ) : (
        <>
          <OverallFigures stats={review.overall} />
          <section className="review-group" aria-labelledby="equity-curve-title">
            <h2 id="equity-curve-title">Equity curve</h2>
            <EquityCurve points={review.curve} />
          </section>
          <Suspense fallback={null}>
            <ReviewDetails trades={rangeTrades} context={review.context} dateRange={dateRange} />
          </Suspense>
        </>
      )}
    </section>
  );
}

/** No trade has an R yet: what the trader does to get one. */
function EmptyReview({ withoutStop, inRange }: { withoutStop: number; inRange: boolean }) {
  if (inRange) {
    return (
      <div className="empty-state">
        <p>No closed trades with an R in this date range</p>
        <small>Choose a longer range, or All dates.</small>
        {withoutStop > 0 && <small className="review-empty-count">{withoutStopNote(withoutStop)}.</small>}
      </div>
    );
  }
  return (
    <div className="empty-state">
      <p>No closed trades with an R yet</p>
      <small>
        A trade's R is its result divided by the risk to its initial stop. Record your fills (or sync them
        from your broker), link each trade to its plan, and set its initial stop on the{' '}
        <Link href="/trades">Trades</Link> page.
      </small>
      {withoutStop > 0 && <small className="review-empty-count">{withoutStopNote(withoutStop)}.</small>}
    </div>
  );
}
