import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { hasSessionFlag, signInCallbackStatus } from '../serverData/session.ts';
import { PageSkeleton } from '../ui/PageSkeleton.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { Layout } from './Layout.tsx';
import { useReplayNotices } from './replayNotices.ts';
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
  return { Lazy: lazy(start), loaded: () => loaded, preload: start };
}
type OnDemandPage = ReturnType<typeof page>;

function OnDemand({ page }: { page: OnDemandPage }) {
  const module = page.loaded();
  return module ? <module.default /> : <page.Lazy />;
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
// Screens few visits show (a failed sign-in, signed out while offline): on demand too, and in the
// service worker's precache like every chunk, so the offline one opens offline.
const ErrorPage = lazy(() => import('../error/ErrorPage.tsx').then((m) => ({ default: m.ErrorPage })));
const SignedOutPage = lazy(() =>
  import('../auth/SignedOutPage.tsx').then((m) => ({ default: m.SignedOutPage })),
);

// The page the app opens on downloads alongside the app, not after the first render; a tab
// without the session flag is on its way to the authorization flow, which reloads the app, so
// it downloads none (an offline start loads it once the cache is opened).
const landing = window.location.pathname === '/' ? '/dashboard' : window.location.pathname;
const staying = hasSessionFlag() || signInCallbackStatus() === 'success';
if (landing in pages && staying) void pages[landing as keyof typeof pages].preload();

/**
 * A page in the app's frame; its module may still be on its way (its heading and placeholder bars meanwhile). Keyed
 * by its path where it is used: another page is a new frame, as when each had its own component.
 */
function PageInLayout({ page }: { page: OnDemandPage }) {
  return (
    <Layout>
      <Suspense fallback={<PageSkeleton />}>
        <OnDemand page={page} />
      </Suspense>
    </Layout>
  );
}

// Nothing from the cache in it: safe to show before the server has said who is signed in.
function Checking() {
  return (
    <Layout checking>
      <PageSkeleton />
    </Layout>
  );
}

export function App() {
  // Before the auth gate: its sign-in check starts the first replay.
  useReplayNotices();
  const auth = useAuthGate();
  return (
    <Suspense fallback={<Spinner />}>
      <Switch>
        <Route path="/error" component={ErrorPage} />
        {auth === 'signedOut' && <Route component={SignedOutPage} />}
        {!showsApp(auth) ? (
          // While the sign-in is checked: the frame and the page's heading, as index.html painted them.
          <Route component={auth === 'checking' ? Checking : Spinner} />
        ) : (
          <Switch>
            {Object.entries(pages).map(([path, onDemand]) => (
              <Route key={path} path={path}>
                <PageInLayout key={path} page={onDemand} />
              </Route>
            ))}
            <Route component={Spinner} />
          </Switch>
        )}
      </Switch>
    </Suspense>
  );
}
