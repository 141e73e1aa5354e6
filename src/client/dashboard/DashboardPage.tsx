import { lazy, Suspense } from 'react';
import { formatTimestamp } from '../../domain/format.ts';
import { PAGE_HEADINGS } from '../../domain/pages.ts';
import { useLastSyncAt } from '../ui/cacheReads.ts';
import { PageHeading } from '../ui/PageHeading.tsx';
import { AccountSummary } from './AccountSummary.tsx';
import { BrokerSignInNotice } from './BrokerSignInNotice.tsx';
import { GettingStarted } from './GettingStarted.tsx';
import { MarketCycleCard } from './MarketCycleCard.tsx';
import { OpenRisk } from './OpenRisk.tsx';
import { PerformanceCards } from './PerformanceCards.tsx';
import { RiskGuardNotice } from './RiskGuardNotice.tsx';
import './dashboard.css';

const heading = PAGE_HEADINGS['/dashboard'];
// Prices are not part of the first paint: the Watch list's code loads after it.
const WatchList = lazy(() => import('../quotes/WatchList.tsx'));
/** During the session the Watch list comes first below the heading, else after the cards. */
const watch = (place: 'inSession' | 'outOfSession') => (
  <Suspense fallback={null}>
    <WatchList place={place} />
  </Suspense>
);

export default function DashboardPage() {
  const lastSync = useLastSyncAt();
  // The market cycle comes first: on a phone it is the chip at the top; on a wide screen
  // dashboard/dashboard.css shows it after the account summary and the cards, where it always was.
  return (
    <section className="dashboard">
      <PageHeading {...heading}>
        <small className="muted last-updated">
          Last updated: {lastSync ? formatTimestamp(lastSync) : '—'}
        </small>
      </PageHeading>
      <BrokerSignInNotice />
      <RiskGuardNotice />
      <GettingStarted />
      {watch('inSession')}
      <MarketCycleCard />
      <section aria-labelledby="account-summary-title">
        <h2 id="account-summary-title">Account Summary</h2>
        <AccountSummary />
      </section>
      <OpenRisk />
      <PerformanceCards />
      {watch('outOfSession')}
    </section>
  );
}
