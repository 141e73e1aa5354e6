import { renderHook, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as dbModule from '../../../src/client/db/db.ts';
import * as connectivity from '../../../src/client/sync/connectivity.ts';
import { withFakeApi } from '../fakeApi.ts';
import { fullSync, requestPaths } from '../fixtures.ts';

// docs/product.md, "Trades": the broker's fills are imported when the app opens and when it
// regains focus, online; the server imports at most once per trader every 2 minutes.

const api = withFakeApi({ owner: null });
let gate: typeof import('../../../src/client/app/useAuthGate.ts');
let session: typeof import('../../../src/client/serverData/session.ts');

beforeAll(async () => {
  gate = await import('../../../src/client/app/useAuthGate.ts');
  session = await import('../../../src/client/serverData/session.ts');
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const status = (fillsImportedAt: string | null) => ({
  status: 200,
  body: {
    authenticated: true,
    user: { id: 'alex', displayName: 'Alex' },
    brokerSessionExpiresAt: null,
    fillsImportedAt,
  },
});

beforeEach(async () => {
  // Every list answers empty; who is signed in, and the import, answer for real.
  api.fallback = { status: 200, body: [] };
  api.routes['GET /api/v1/auth/status'] = status(null);
  api.routes['GET /api/v1/sync'] = { status: 200, body: fullSync({}) };
  api.routes['POST /api/v1/trades/import'] = {
    status: 200,
    body: { imported: 3, skipped: 0, latestExecutedAt: null, importedAt: minutesAgo(0), throttled: false },
  };
  sessionStorage.clear();
  localStorage.clear();
});

const imports = () => api.received.filter((r) => r.key === 'POST /api/v1/trades/import').length;
const importedAt = async () => (await dbModule.db.meta.get(dbModule.metaKeys.fillsImportedAt))?.value;
/** Opens the app in a tab that signed in before (a reload, or the app brought back). */
async function openSignedIn() {
  window.history.replaceState(null, '', '/dashboard');
  session.setSessionFlag();
  const hook = renderHook(() => gate.useAuthGate());
  await waitFor(() => expect(hook.result.current).toBe('authenticated'));
  return hook;
}
const settle = () => new Promise((r) => setTimeout(r, 150));

describe("the broker's fills", () => {
  it('are imported once after a sign-in, after the sign-in check passes, then re-read', async () => {
    window.history.replaceState(null, '', '/?status=success');
    // StrictMode runs the gate's effect twice, as the app does in development.
    const { result } = renderHook(() => gate.useAuthGate(), { wrapper: StrictMode });
    expect(result.current).toBe('authenticated'); // the first render does not wait for the import
    await waitFor(() => expect(imports()).toBe(1));
    const keys = api.received.map((r) => r.key);
    expect(keys.indexOf('GET /api/v1/auth/status')).toBeLessThan(keys.indexOf('POST /api/v1/trades/import'));
    await waitFor(() =>
      expect(requestPaths(api.received).lastIndexOf('GET /api/v1/sync')).toBeGreaterThan(
        keys.indexOf('POST /api/v1/trades/import'),
      ),
    );
    await settle();
    expect(imports()).toBe(1);
  });

  it('are imported when the app opens in a signed-in tab, and the time kept for "… ago"', async () => {
    const { unmount } = await openSignedIn();
    await waitFor(() => expect(imports()).toBe(1));
    const answer = api.routes['POST /api/v1/trades/import']?.body as { importedAt: string };
    await waitFor(async () => expect(await importedAt()).toBe(answer.importedAt));
    unmount();
  });

  it('are imported again when the app regains focus, online', async () => {
    const { unmount } = await openSignedIn();
    await waitFor(() => expect(imports()).toBe(1));
    await settle();
    // Three minutes later (as the server last said), the trader comes back to the app.
    await dbModule.db.meta.put({ key: dbModule.metaKeys.fillsImportedAt, value: minutesAgo(3) });
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(imports()).toBe(2));
    await settle();
    expect(imports()).toBe(2); // focus and visibility together: one import
    unmount();
  });

  it('are not asked for on focus while the last import, by any tab or device, is under 2 minutes old', async () => {
    // Another device imported a minute ago: the sign-in check says so.
    const byAnother = minutesAgo(1);
    api.routes['GET /api/v1/auth/status'] = status(byAnother);
    const { unmount } = await openSignedIn();
    await waitFor(() => expect(requestPaths(api.received)).toContain('GET /api/v1/sync'));
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(imports()).toBe(0);
    expect(await importedAt()).toBe(byAnother);
    unmount();
  });

  it('are not imported offline, on opening or on focus', async () => {
    await dbModule.db.meta.put({ key: dbModule.metaKeys.userId, value: 'alex' });
    session.rememberTabTrader('alex');
    connectivity.reportApiReachable(false);
    api.unreachable = true;
    window.history.replaceState(null, '', '/dashboard');
    session.setSessionFlag();
    const { result, unmount } = renderHook(() => gate.useAuthGate());
    await waitFor(() => expect(result.current).toBe('offline'));
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(imports()).toBe(0);
    unmount();
  });
});
