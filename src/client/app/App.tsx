import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ErrorPage } from '../error/ErrorPage.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { Layout } from './Layout.tsx';
import { useAuthGate } from './useAuthGate.ts';

// Pages load on demand: the first paint carries only the shell, the cache and the router.
const DashboardPage = lazy(() => import('../dashboard/DashboardPage.tsx'));
const TradeSetupsPage = lazy(() => import('../setups/TradeSetupsPage.tsx'));
const TradePlansPage = lazy(() => import('../plans/TradePlansPage.tsx'));
const EdgeDefinitionPage = lazy(() => import('../edges/EdgeDefinitionPage.tsx'));

// Wrapped once, here: a wrapper made during render would remount its page on every render.
const inLayout = (Page: React.ComponentType) =>
  function PageInLayout() {
    return (
      <Layout>
        <Suspense fallback={<Skeleton rows={4} />}>
          <Page />
        </Suspense>
      </Layout>
    );
  };
const Dashboard = inLayout(DashboardPage);
const TradeSetups = inLayout(TradeSetupsPage);
const TradePlans = inLayout(TradePlansPage);
const EdgeDefinition = inLayout(EdgeDefinitionPage);

export function App() {
  const auth = useAuthGate();
  return (
    <Switch>
      <Route path="/error" component={ErrorPage} />
      {auth !== 'authenticated' && auth !== 'offline' ? (
        <Route component={Spinner} />
      ) : (
        <Switch>
          <Route path="/dashboard" component={Dashboard} />
          <Route path="/trade-setups" component={TradeSetups} />
          <Route path="/trade-plans" component={TradePlans} />
          <Route path="/edge-definition" component={EdgeDefinition} />
          <Route component={Spinner} />
        </Switch>
      )}
    </Switch>
  );
}
