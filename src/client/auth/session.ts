import { SESSION_FLAG_KEY } from '../../domain/constants.ts';
import type { AuthStatus } from '../../domain/types.ts';
import { api, authorizeUrl } from '../api/http.ts';
import { wipeCache } from '../sync/sync.ts';

export const hasSessionFlag = (): boolean => sessionStorage.getItem(SESSION_FLAG_KEY) === 'true';
export const setSessionFlag = (): void => sessionStorage.setItem(SESSION_FLAG_KEY, 'true');
export const clearSessionFlag = (): void => sessionStorage.removeItem(SESSION_FLAG_KEY);

export const fetchAuthStatus = () => api<AuthStatus>('/auth/status');

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

export function goToBrokerSignIn(): void {
  window.location.assign(authorizeUrl);
}

/**
 * SPEC §7: the tab flag is cleared and the browser goes to the authorize endpoint, even when the
 * logout call fails; if the flow itself breaks, the trader lands on /.
 */
export async function logout(): Promise<void> {
  try {
    try {
      await api('/auth/logout', { method: 'POST' });
    } catch (error) {
      console.warn('Logout call failed; signing out locally', error);
    }
    clearSessionFlag();
    await wipeCache();
    // The service worker's copy of the market cycle is trading data too.
    if ('caches' in window) await caches.delete('market-cycle');
    goToBrokerSignIn();
  } catch {
    window.location.assign('/');
  }
}
