import { SESSION_FLAG_KEY } from '../../domain/constants.ts';
import type { AuthStatus } from '../../domain/types.ts';
import { api, authorizeUrl, statusOf } from '../api/http.ts';
import { isNetworkError, isOffline } from '../sync/connectivity.ts';
import { wipeCache } from '../sync/sync.ts';

export const hasSessionFlag = (): boolean => sessionStorage.getItem(SESSION_FLAG_KEY) === 'true';
export const setSessionFlag = (): void => sessionStorage.setItem(SESSION_FLAG_KEY, 'true');
export const clearSessionFlag = (): void => {
  sessionStorage.removeItem(SESSION_FLAG_KEY);
  sessionStorage.removeItem(TAB_TRADER_KEY);
};

/**
 * The trader this tab's last passed sign-in check named (this tab only, like the flag): a reload
 * shows the cache at once only when it is that trader's (useAuthGate).
 */
const TAB_TRADER_KEY = 'tradeTracker.tabTrader';
export const tabTrader = (): string | undefined => sessionStorage.getItem(TAB_TRADER_KEY) ?? undefined;
export const rememberTabTrader = (userId: string): void => sessionStorage.setItem(TAB_TRADER_KEY, userId);

/**
 * Set from the moment the trader logs out until the server has ended the session: a logout
 * made offline (or whose call failed) ends the server's session at the next contact.
 */
const LOGOUT_PENDING_KEY = 'tradeTracker.logoutPending';
export const isLogoutPending = (): boolean => localStorage.getItem(LOGOUT_PENDING_KEY) === 'true';
/** A new sign-in replaced the session cookie: there is no old session left to end from here. */
export const forgetPendingLogout = (): void => localStorage.removeItem(LOGOUT_PENDING_KEY);

export const fetchAuthStatus = () => api<AuthStatus>('/auth/status');

type SignInCallback = 'success' | 'error' | null;
let signInCallback: SignInCallback | undefined;

/**
 * The address a tab asked for before its sign-in went to the broker (this tab only): a link opened
 * in a new tab, a relaunch, a tapped notification land there once signed in, not on the Dashboard.
 */
const RETURN_TO_KEY = 'tradeTracker.returnTo';

/** An address of the app's own pages: a path of this origin, never `/`, `/error` or the API's. */
const isAppPage = (address: string): boolean => {
  const path = address.split(/[?#]/)[0] as string;
  return (
    address.startsWith('/') &&
    !address.startsWith('//') &&
    !address.includes('\\') &&
    path !== '/' &&
    path !== '/error' &&
    !path.startsWith('/api/')
  );
};

/** Keeps the address this tab is at for after the sign-in, when it is one of the app's pages. */
export function rememberReturnAddress(): void {
  const here = location.pathname + location.search + location.hash;
  if (isAppPage(here)) sessionStorage.setItem(RETURN_TO_KEY, here);
}

/**
 * The broker sign-in's answer, on the redirect to `/?status=success|error`. Read once, before the
 * app's first render, and taken out of the address at once (to the page the tab asked for before
 * it went to the broker, else the Dashboard; or the error page): the first render is then the page
 * the trader lands on, not a spinner for `/` and a second render.
 */
export function signInCallbackStatus(): SignInCallback {
  if (signInCallback === undefined) {
    const status = new URLSearchParams(window.location.search).get('status');
    signInCallback = status === 'success' || status === 'error' ? status : null;
    if (signInCallback) {
      // The address kept for after the sign-in, taken once; the Dashboard when none was (the spec's rule).
      const back = sessionStorage.getItem(RETURN_TO_KEY);
      sessionStorage.removeItem(RETURN_TO_KEY);
      history.replaceState(
        null,
        '',
        signInCallback === 'error' ? '/error' : back && isAppPage(back) ? back : '/dashboard',
      );
    }
  }
  return signInCallback;
}

/** The callback's answer for the one sign-in check that acts on it; later checks see none. */
export function takeSignInCallbackStatus(): SignInCallback {
  const status = signInCallbackStatus();
  signInCallback = undefined;
  return status;
}

let earlyStatus: Promise<AuthStatus> | undefined;

/**
 * Asks who is signed in as the app starts, before React's first render: the answer decides the
 * first screen and starts the sync, so it should not wait for the render to finish.
 */
export function prefetchAuthStatus(): void {
  earlyStatus = fetchAuthStatus();
  earlyStatus.catch(() => {}); // handled by whoever takes it
}

/** The prefetched answer the first time it is asked for, a fresh request after that. */
export function takeAuthStatus(): Promise<AuthStatus> {
  const status = earlyStatus ?? fetchAuthStatus();
  earlyStatus = undefined;
  return status;
}

/**
 * The authorization flow (docs/product.md, "Sign-in and sessions"). While the server's session
 * and the broker's grant are valid it comes straight back signed in, without the broker's page;
 * `askBroker` (after a logout) always shows it.
 */
export function goToBrokerSignIn(askBroker = false): void {
  window.location.assign(askBroker ? `${authorizeUrl}?prompt=login` : authorizeUrl);
}

/** Asks the server to end the session; 'unreachable' keeps the logout pending for next time. */
export async function endServerSession(): Promise<'ended' | 'failed' | 'unreachable'> {
  localStorage.setItem(LOGOUT_PENDING_KEY, 'true');
  try {
    await api('/auth/logout', { method: 'POST' });
  } catch (error) {
    if (isNetworkError(error)) return 'unreachable';
    if (statusOf(error) !== 401) {
      console.warn('Logout call failed; the session ends at the next contact', error);
      return 'failed';
    }
  }
  forgetPendingLogout();
  return 'ended';
}

// Every tab of the app hears of a logout in any of them, and shows the signed-out screen.
const signedOutListeners = new Set<() => void>();
const channel =
  typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('trade-tracker-session');
const announceLocally = () => {
  for (const listener of signedOutListeners) listener();
};
channel?.addEventListener('message', (event) => {
  if (event.data !== 'signed-out') return;
  clearSessionFlag();
  announceLocally();
});

/** Called when this tab or another one logs out; returns the unsubscribe function. */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/**
 * Logs out (docs/product.md, "Sign-in and sessions"). This browser keeps nothing (cache, queued
 * changes, the service worker's market cycle) and every tab shows the signed-out screen at once.
 * Then the server's session ends and the browser goes to the authorize endpoint, also when the
 * call fails. Offline, the trader stays on the signed-out screen (the broker's page cannot load)
 * and the server's session ends at the next contact.
 */
export async function logout(): Promise<void> {
  try {
    localStorage.setItem(LOGOUT_PENDING_KEY, 'true');
    clearSessionFlag();
    announceLocally();
    channel?.postMessage('signed-out');
    await wipeCache();
    // A signed-out device gets no more of this trader's alerts (docs/product.md, "Alerts").
    await import('./pushSubscription.ts')
      .then(({ forgetDeviceAtLogout }) => forgetDeviceAtLogout(!isOffline()))
      .catch(() => undefined);
    const ended = isOffline() ? 'unreachable' : await endServerSession();
    // Last: an answer still in flight through the service worker may have refilled its cache.
    if ('caches' in window) await caches.delete('market-cycle');
    // A session the server could not end (a 5xx) must not sign the trader straight back in.
    if (ended !== 'unreachable') goToBrokerSignIn(true);
  } catch {
    window.location.assign('/');
  }
}

/** The signed-out screen's "Sign in": ends a session left over from an offline logout first. */
export async function signInAgain(): Promise<void> {
  if (isLogoutPending() && (await endServerSession()) === 'unreachable') return;
  goToBrokerSignIn();
}
