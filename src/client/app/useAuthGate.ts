import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { cacheOwner, db, metaKeys } from '../db/db.ts';
import {
  clearSessionFlag,
  endServerSession,
  forgetPendingLogout,
  goToBrokerSignIn,
  hasSessionFlag,
  isLogoutPending,
  onSignedOut,
  rememberReturnAddress,
  rememberTabTrader,
  setSessionFlag,
  signInCallbackStatus,
  tabTrader,
  takeAuthStatus,
  takeSignInCallbackStatus,
} from '../serverData/session.ts';
import { isNetworkError, isOffline, onConnectivityChange } from '../sync/connectivity.ts';
import { claimCacheFor, onUnauthorized, syncNow } from '../sync/sync.ts';
import { useOffline } from '../ui/useOffline.ts';

/**
 * 'cached': a reload of a signed-in tab; its own trader's cache is shown while the server confirms
 * the session (a reload does not wait on the network to show what this device already has).
 * 'offline': the API cannot be reached; the last signed-in trader's cache is shown.
 * 'signedOut': the trader logged out (in this tab or another) or the app opened offline with no
 * cached trader: an in-app screen, since the broker's page cannot be reached from here.
 */
export type AuthState = 'checking' | 'cached' | 'authenticated' | 'offline' | 'unauthenticated' | 'signedOut';

/** Whether the app's pages are shown (the cache, checked or not), rather than a spinner or sign-in. */
export const showsApp = (state: AuthState): boolean =>
  state === 'authenticated' || state === 'offline' || state === 'cached';

/** The cache is the trader this tab signed in as and last checked: never another trader's. */
async function ownCache(): Promise<boolean> {
  const trader = tabTrader();
  return trader !== undefined && (await cacheOwner()) === trader;
}

/** 'loggedOut': a logout (in this tab or another) came while the check was in flight, and wins. */
type Check = 'ok' | 'unauthorized' | 'unreachable' | 'loggedOut';

/**
 * The broker's new fills, in the background (docs/product.md, "Trades"): when the app opens and
 * when it regains focus, online; the server imports at most once per trader every few minutes.
 * The import's code loads then: nothing waits on it.
 */
const importFills = () => void import('../serverData/importTrades.ts').then((m) => m.importInBackground());

/**
 * Asks the server who is signed in. Only a check that passes for this tab (`claim`) claims the
 * cache for that trader and fills it, and imports the broker's new fills: a tab without the
 * session flag caches nothing.
 */
async function checkSession(claim: boolean): Promise<Check> {
  try {
    const status = await takeAuthStatus();
    // Claiming now would refill the cache the logout just wiped (tests/browser/offline.test.ts).
    if (claim && !hasSessionFlag()) return 'loggedOut';
    if (claim) {
      await claimCacheFor(status.user.id, db, [
        { key: metaKeys.brokerSessionExpiresAt, value: status.brokerSessionExpiresAt ?? '' },
        { key: metaKeys.fillsImportedAt, value: status.fillsImportedAt ?? '' },
      ]);
      rememberTabTrader(status.user.id);
      void syncNow();
      importFills();
    }
    return 'ok';
  } catch (error) {
    return isNetworkError(error) ? 'unreachable' : 'unauthorized';
  }
}

/**
 * The sign-in flow of docs/product.md, "Sign-in and sessions", to the letter, plus its offline rule: when the API
 * cannot be reached the app never bounces to the broker, it opens the cached app instead.
 */
export function useAuthGate(): AuthState {
  // Before the location is read: a sign-in callback's address is replaced by the page it lands on.
  const [state, setState] = useState<AuthState>(() =>
    signInCallbackStatus() === 'success' ? 'authenticated' : 'checking',
  );
  const [location, navigate] = useLocation();
  const offline = useOffline();

  useEffect(() => {
    let cancelled = false;
    const settle = (next: AuthState) => {
      if (!cancelled) setState(next);
    };
    const resolve = async (check: Check, flagged: boolean) => {
      // The logout already showed the signed-out screen (onSignedOut below).
      if (check === 'loggedOut') return;
      if (check === 'ok') {
        if (flagged) settle('authenticated');
        else settle('unauthenticated');
      } else if (check === 'unreachable') {
        settle((await cacheOwner()) !== undefined ? 'offline' : 'signedOut');
      } else {
        clearSessionFlag();
        settle('unauthenticated');
      }
    };
    const status = takeSignInCallbackStatus();
    if (status === 'success') {
      forgetPendingLogout();
      setSessionFlag();
      settle('authenticated');
      void checkSession(true).then((check) => {
        if (check === 'unauthorized') void resolve(check, true);
      });
    } else if (status === 'error') {
      settle('unauthenticated');
    } else {
      // Without the tab flag the trader must sign in again; the check only tells whether the
      // broker can be reached at all, or whether to open the cached app offline.
      const flagged = hasSessionFlag();
      void (async () => {
        // A logout that could not reach the server: end that session before anything else.
        if (isLogoutPending() && (await endServerSession()) === 'unreachable') return settle('signedOut');
        // Shown, not synced: the sync waits for the check, which claims the cache as before.
        if (flagged && (await ownCache())) settle('cached');
        await resolve(await checkSession(flagged), flagged);
      })();
    }
    onUnauthorized(() => {
      clearSessionFlag();
      settle('unauthenticated');
    });
    const stopListening = onSignedOut(() => settle('signedOut'));
    return () => {
      cancelled = true;
      stopListening();
    };
  }, []);

  // Signed out while offline: the server's session ends as soon as it can be reached.
  useEffect(() => {
    if (state === 'signedOut' && !offline && isLogoutPending()) void endServerSession();
  }, [state, offline]);

  // Back online after an offline start: a valid session counts as this tab's sign-in check.
  useEffect(() => {
    if (state !== 'offline' || offline) return;
    void checkSession(true).then((check) => {
      if (check === 'ok') {
        setSessionFlag();
        setState('authenticated');
      } else if (check === 'unauthorized') {
        clearSessionFlag();
        setState('unauthenticated');
      }
    });
  }, [state, offline]);

  useEffect(() => {
    if (state === 'unauthenticated' && location !== '/error') {
      // A link opened in a new tab lands where it pointed once the (silent) sign-in is back.
      rememberReturnAddress();
      goToBrokerSignIn();
    }
    if (showsApp(state) && location === '/') navigate('/dashboard', { replace: true });
  }, [state, location, navigate]);

  useEffect(() => {
    if (state !== 'authenticated') return;
    // Keep the cache fresh, and the broker's fills, when the trader comes back to the app or the
    // network returns.
    const refresh = () => {
      void syncNow();
      importFills();
    };
    const onVisible = () => document.visibilityState === 'visible' && refresh();
    window.addEventListener('focus', refresh);
    window.addEventListener('online', refresh);
    document.addEventListener('visibilitychange', onVisible);
    // The API answering again, with or without an `online` event (sync/connectivity.ts).
    const stopHearing = onConnectivityChange(() => !isOffline() && refresh());
    // Prices and alerts are not needed for the first paint: their code loads after it.
    const stops: (() => void)[] = [];
    let ended = false;
    void Promise.all([import('../serverData/quotes.ts'), import('../alerts/alertNotices.ts')]).then(
      ([{ startQuotePolling }, { listenForAlerts }]) => {
        if (!ended) stops.push(startQuotePolling(), listenForAlerts());
      },
    );
    return () => {
      ended = true;
      for (const stop of stops) stop();
      window.removeEventListener('focus', refresh);
      window.removeEventListener('online', refresh);
      document.removeEventListener('visibilitychange', onVisible);
      stopHearing();
    };
  }, [state]);

  return state;
}
