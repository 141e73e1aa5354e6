import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { SignedOutPage } from '../auth/SignedOutPage.tsx';
import { ErrorPage } from '../error/ErrorPage.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { Layout } from './Layout.tsx';
import { showsApp, useAuthGate } from './useAuthGate.ts';

type PageModule = { default: React.ComponentType };

/**
 * A page loaded on demand, whose download can also be started ahead of its first render. Once
 * its module is in, the page renders directly: React.lazy suspends on its first render even
 * then, and React holds a suspended boundary's content back for up to 300 ms after its fallback
 * shows (measured: the first row of Trade Plans came ~300 ms after its rows were rendered).
 */
function page(load: () => Promise<PageModule>) {
  let loading: Promise<PageModule> | undefined;
  let loaded: PageModule | undefined;
  const start = () => {
    loading ??= load().then((module) => {
      loaded = module;
      return module;
    });
    return loading;
  };
  const Lazy = lazy(start);
  function Page() {
    return loaded ? <loaded.default /> : <Lazy />;
  }
  return { Component: Page, preload: start };
}

// Pages load on demand: the first paint carries only the shell, the cache and the router.
const pages = {
  '/dashboard': page(() => import('../dashboard/DashboardPage.tsx')),
  '/trade-setups': page(() => import('../setups/TradeSetupsPage.tsx')),
  '/trade-plans': page(() => import('../plans/TradePlansPage.tsx')),
  '/edge-definition': page(() => import('../edges/EdgeDefinitionPage.tsx')),
  '/trades': page(() => import('../trades/TradesPage.tsx')),
  '/review': page(() => import('../review/ReviewPage.tsx')),
  '/backup': page(() => import('../backup/BackupPage.tsx')),
};
// The page the app opens on downloads alongside the app, not after the first render.
const landing = window.location.pathname === '/' ? '/dashboard' : window.location.pathname;
if (landing in pages) void pages[landing as keyof typeof pages].preload();
const DashboardPage = pages['/dashboard'].Component;
const TradeSetupsPage = pages['/trade-setups'].Component;
const TradePlansPage = pages['/trade-plans'].Component;
const EdgeDefinitionPage = pages['/edge-definition'].Component;
const TradesPage = pages['/trades'].Component;
const ReviewPage = pages['/review'].Component;
const BackupPage = pages['/backup'].Component;

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
const Trades = inLayout(TradesPage);
const Review = inLayout(ReviewPage);
const Backup = inLayout(BackupPage);

export function App() {
  const auth = useAuthGate();
  return (
    <Switch>
      <Route path="/error" component={ErrorPage} />
      {auth === 'signedOut' && <Route component={SignedOutPage} />}
      {!showsApp(auth) ? (
        <Route component={Spinner} />
      ) : (
        <Switch>
          <Route path="/dashboard" component={Dashboard} />
          <Route path="/trade-setups" component={TradeSetups} />
          <Route path="/trade-plans" component={TradePlans} />
          <Route path="/edge-definition" component={EdgeDefinition} />
          <Route path="/trades" component={Trades} />
          <Route path="/review" component={Review} />
          <Route path="/backup" component={Backup} />
          <Route component={Spinner} />
        </Switch>
      )}
    </Switch>
  );
}
