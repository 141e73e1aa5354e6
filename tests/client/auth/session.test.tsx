import { render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as dbModule from '../../../src/client/db/db.ts';
import * as connectivity from '../../../src/client/sync/connectivity.ts';
import { withFakeApi } from '../fakeApi.ts';
import { accountFixture, fullSync, planFixture } from '../fixtures.ts';

const api = withFakeApi({ owner: null });
let session: typeof import('../../../src/client/serverData/session.ts');
let gate: typeof import('../../../src/client/app/useAuthGate.ts');
let LogoutButton: typeof import('../../../src/client/auth/LogoutButton.tsx').LogoutButton;

beforeAll(async () => {
  session = await import('../../../src/client/serverData/session.ts');
  gate = await import('../../../src/client/app/useAuthGate.ts');
  LogoutButton = (await import('../../../src/client/auth/LogoutButton.tsx')).LogoutButton;
});

const requests = () => api.received.map((r) => r.key);
const logoutAnswers = (status: number) => {
  api.routes['POST /api/v1/auth/logout'] = {
    status,
    ...(status === 204 ? {} : { body: { message: 'Server error' } }),
  };
};

beforeEach(async () => {
  api.routes = {
    'GET /api/v1/auth/status': {
      status: 200,
      body: { authenticated: true, user: { id: 'alex', displayName: 'Alex' } },
    },
    'GET /api/v1/sync': { status: 200, body: fullSync({ accounts: [accountFixture()] }) },
  };
  logoutAnswers(204);
  sessionStorage.clear();
  localStorage.clear();
});

/** A signed-in trader's cache with one change made offline and not yet sent. */
async function cacheWithQueuedChanges(count: number) {
  const { db, metaKeys } = dbModule;
  await db.meta.put({ key: metaKeys.userId, value: 'alex' });
  await db.tradePlans.put(planFixture());
  for (let i = 0; i < count; i++) {
    await db.outbox.add({
      collection: 'edges',
      method: 'POST',
      path: '/edges',
      body: {},
      label: `Create edge ${i}`,
      queuedAt: 'x',
    });
  }
}

const cachedRows = async () => {
  let n = 0;
  for (const t of dbModule.db.tables) n += await t.count();
  return n;
};

describe('the sign-in check', () => {
  it('caches nothing in a tab without the session flag, even when the cookie is still valid', async () => {
    const { result } = renderHook(() => gate.useAuthGate());
    await waitFor(() => expect(result.current).toBe('unauthenticated'));
    expect(requests()).toEqual(['GET /api/v1/auth/status']);
    expect(await cachedRows()).toBe(0);
  });

  it('claims and fills the cache in a tab that has the flag', async () => {
    session.setSessionFlag();
    const { result } = renderHook(() => gate.useAuthGate());
    await waitFor(() => expect(result.current).toBe('authenticated'));
    await waitFor(async () => expect(await dbModule.db.accounts.count()).toBe(1));
    expect((await dbModule.db.meta.get('userId'))?.value).toBe('alex');
    // Its background import (a lazy chunk, slow on a loaded machine) must not land in the next test.
    await waitFor(() => expect(requests()).toContain('POST /api/v1/trades/import'));
  });

  /** Every state the gate went through, in order, once it settles on `last` (and on after it). */
  async function statesUntil(last: string) {
    const states: string[] = [];
    renderHook(() => {
      const state = gate.useAuthGate();
      if (states.at(-1) !== state) states.push(state);
      return state;
    });
    await waitFor(() => expect(states.at(-1)).toBe(last));
    return states;
  }

  /** A reloaded tab: Alex's flag and cache, and a check that takes `delayMs` to answer. */
  async function reloadedTab(delayMs: number) {
    session.setSessionFlag();
    session.rememberTabTrader('alex');
    await dbModule.db.meta.put({ key: dbModule.metaKeys.userId, value: 'alex' });
    await dbModule.db.tradePlans.put(planFixture());
    api.routes['GET /api/v1/auth/status'] = {
      status: 200,
      body: { authenticated: true, user: { id: 'alex', displayName: 'Alex' } },
      delayMs,
    };
  }

  it("shows a reloaded tab its own trader's cache while the check runs, then claims it as before", async () => {
    // The check takes a while: the cache shows meanwhile.
    await reloadedTab(100);
    expect(await statesUntil('authenticated')).toEqual(['checking', 'cached', 'authenticated']);
    await waitFor(async () => expect(await dbModule.db.accounts.count()).toBe(1));
    // The app opening also imports the broker's fills (issue 26), beside the sync.
    await waitFor(() =>
      expect([...requests()].sort()).toEqual([
        'GET /api/v1/auth/status',
        'GET /api/v1/sync',
        'POST /api/v1/trades/import',
      ]),
    );
  });

  it('claims nothing when a logout comes while the check is in flight, and stays signed out', async () => {
    await reloadedTab(150);
    const states = await statesUntil('cached');
    await session.logout();
    await waitFor(() => expect(requests()).toContain('GET /api/v1/auth/status'));
    // The status answer has come and gone: nothing was claimed, synced or shown again.
    await new Promise((r) => setTimeout(r, 300));
    expect(await cachedRows()).toBe(0);
    expect(requests()).not.toContain('GET /api/v1/sync');
    expect(states.at(-1)).toBe('signedOut');
  });

  it("never shows another trader's cache before the check, and the check wipes it", async () => {
    session.setSessionFlag();
    session.rememberTabTrader('alex');
    await dbModule.db.meta.put({ key: dbModule.metaKeys.userId, value: 'sam' });
    await dbModule.db.tradePlans.put(planFixture());
    expect(await statesUntil('authenticated')).toEqual(['checking', 'authenticated']);
    expect(await dbModule.db.tradePlans.count()).toBe(0);
    expect(session.tabTrader()).toBe('alex');
  });

  it('shows no cache before the check in a tab without the flag, nor keeps the trader when it fails', async () => {
    session.rememberTabTrader('alex');
    await dbModule.db.meta.put({ key: dbModule.metaKeys.userId, value: 'alex' });
    expect(await statesUntil('unauthenticated')).toEqual(['checking', 'unauthenticated']);
    session.setSessionFlag();
    api.routes['GET /api/v1/auth/status'] = { status: 401, body: { message: 'Not signed in' } };
    expect(await statesUntil('unauthenticated')).toEqual(['checking', 'cached', 'unauthenticated']);
    expect(session.hasSessionFlag()).toBe(false);
    expect(session.tabTrader()).toBeUndefined();
  });

  it("lands a sign-in callback on the Dashboard's address before the first render", async () => {
    window.history.replaceState(null, '', '/?status=success');
    const { result } = renderHook(() => gate.useAuthGate());
    expect(result.current).toBe('authenticated');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/dashboard');
    await waitFor(() => expect(requests()).toContain('GET /api/v1/sync'));
  });

  it("lands a failed sign-in on the error page's address, signed out", async () => {
    window.history.replaceState(null, '', '/?status=error');
    const { result } = renderHook(() => gate.useAuthGate());
    expect(`${window.location.pathname}${window.location.search}`).toBe('/error');
    await waitFor(() => expect(result.current).toBe('unauthenticated'));
    expect(requests()).toEqual([]);
  });

  it('opens offline with nothing cached on the signed-out screen, not the broker', async () => {
    api.unreachable = true;
    const { result } = renderHook(() => gate.useAuthGate());
    await waitFor(() => expect(result.current).toBe('signedOut'));
  });
});

describe('logout', () => {
  it('offline: wipes this device at once, shows signed out, and ends the session at the next contact', async () => {
    await cacheWithQueuedChanges(1);
    session.setSessionFlag();
    const heard = vi.fn();
    const stop = session.onSignedOut(heard);
    api.unreachable = true;
    connectivity.reportApiReachable(false);
    await session.logout();
    stop();
    expect(heard).toHaveBeenCalledOnce();
    expect(await cachedRows()).toBe(0);
    expect(session.hasSessionFlag()).toBe(false);
    expect(session.isLogoutPending()).toBe(true);
    expect(requests()).toEqual([]);

    // The app opens again with a network: the old session is ended before anything else.
    api.unreachable = false;
    connectivity.reportApiReachable(true);
    const { result } = renderHook(() => gate.useAuthGate());
    await waitFor(() => expect(result.current).toBe('unauthenticated'));
    expect(requests()[0]).toBe('POST /api/v1/auth/logout');
    expect(session.isLogoutPending()).toBe(false);
    expect(await cachedRows()).toBe(0);
  });

  it('keeps the logout pending when the server fails it, so the session still ends later', async () => {
    logoutAnswers(500);
    expect(await session.endServerSession()).toBe('failed');
    expect(session.isLogoutPending()).toBe(true);
    logoutAnswers(204);
    expect(await session.endServerSession()).toBe('ended');
    expect(session.isLogoutPending()).toBe(false);
  });

  it('asks first when changes are not saved yet, and Cancel keeps them', async () => {
    await cacheWithQueuedChanges(2);
    render(<LogoutButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('2 changes are not saved yet. Log out anyway?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await dbModule.db.outbox.count()).toBe(2);
    expect(requests()).toEqual([]);
  });

  it('logs out at once when nothing is waiting', async () => {
    await cacheWithQueuedChanges(0);
    render(<LogoutButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(requests()).toEqual(['POST /api/v1/auth/logout']));
    expect(await cachedRows()).toBe(0);
  });
});

describe('logout and this device’s notifications', () => {
  function pushDevice() {
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      unsubscribe: vi.fn(async () => true),
    };
    const pushManager = { getSubscription: vi.fn(async () => subscription) };
    vi.stubGlobal('Notification', { permission: 'granted' });
    vi.stubGlobal('PushManager', class {});
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => ({ pushManager }) },
    });
    return subscription;
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('online: the server forgets the device before the session ends, and the browser drops it', async () => {
    const subscription = pushDevice();
    api.routes['DELETE /api/v1/push/subscription'] = { status: 204 };
    session.setSessionFlag();
    await session.logout();
    expect(requests()).toEqual(['DELETE /api/v1/push/subscription', 'POST /api/v1/auth/logout']);
    expect(api.received[0]?.body).toEqual({ endpoint: subscription.endpoint });
    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
  });

  it('offline: the browser drops the subscription, so the push service refuses what still comes', async () => {
    const subscription = pushDevice();
    session.setSessionFlag();
    api.unreachable = true;
    connectivity.reportApiReachable(false);
    await session.logout();
    expect(requests()).toEqual([]);
    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
  });
});
