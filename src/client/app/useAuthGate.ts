import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import {
  clearSessionFlag,
  fetchAuthStatus,
  goToBrokerSignIn,
  hasSessionFlag,
  setSessionFlag,
} from '../auth/session.ts';
import { claimCacheFor, onUnauthorized, pullAll } from '../sync/sync.ts';

export type AuthState = 'checking' | 'authenticated' | 'unauthenticated';

/** Confirms the session with the server, then fills the cache for this trader. */
async function verifySession(): Promise<boolean> {
  try {
    const status = await fetchAuthStatus();
    await claimCacheFor(status.user.id);
    void pullAll();
    return true;
  } catch {
    clearSessionFlag();
    return false;
  }
}

/** SPEC §2 "Authentication flow", to the letter. */
export function useAuthGate(): AuthState {
  const [location, navigate] = useLocation();
  const [state, setState] = useState<AuthState>('checking');

  useEffect(() => {
    let cancelled = false;
    const settle = (next: AuthState) => {
      if (!cancelled) setState(next);
    };
    const status = new URLSearchParams(window.location.search).get('status');
    if (status === 'success') {
      window.history.replaceState(null, '', window.location.pathname);
      setSessionFlag();
      settle('authenticated');
      navigate('/dashboard', { replace: true });
      void verifySession().then((ok) => !ok && settle('unauthenticated'));
    } else if (status === 'error') {
      window.history.replaceState(null, '', window.location.pathname);
      settle('unauthenticated');
      navigate('/error', { replace: true });
    } else if (!hasSessionFlag()) {
      settle('unauthenticated');
    } else {
      void verifySession().then((ok) => settle(ok ? 'authenticated' : 'unauthenticated'));
    }
    onUnauthorized(() => {
      clearSessionFlag();
      settle('unauthenticated');
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);

  useEffect(() => {
    if (state === 'unauthenticated' && location !== '/error') goToBrokerSignIn();
    if (state === 'authenticated' && location === '/') navigate('/dashboard', { replace: true });
  }, [state, location, navigate]);

  useEffect(() => {
    if (state !== 'authenticated') return;
    // Keep the cache fresh when the trader comes back to the app or the network returns.
    const refresh = () => void pullAll();
    const onVisible = () => document.visibilityState === 'visible' && refresh();
    window.addEventListener('focus', refresh);
    window.addEventListener('online', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', refresh);
      window.removeEventListener('online', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [state]);

  return state;
}
