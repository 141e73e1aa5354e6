import { renderHook, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, startFakeApi } from '../fakeApi.ts';
import { fullSync, requestPaths, resetCache } from '../fixtures.ts';

let api: FakeApi;
let gate: typeof import('../../../src/client/app/useAuthGate.ts');
let session: typeof import('../../../src/client/auth/session.ts');
let connectivity: typeof import('../../../src/client/sync/connectivity.ts');

beforeAll(async () => {
  api = await startFakeApi();
  gate = await import('../../../src/client/app/useAuthGate.ts');
  session = await import('../../../src/client/auth/session.ts');
  connectivity = await import('../../../src/client/sync/connectivity.ts');
});
afterAll(() => api.close());

beforeEach(async () => {
  api.reset();
  // Every list answers empty; who is signed in, and the import, answer for real.
  api.fallback = { status: 200, body: [] };
  api.routes['GET /api/v1/auth/status'] = {
    status: 200,
    body: { authenticated: true, user: { id: 'alex', displayName: 'Alex' }, brokerSessionExpiresAt: null },
  };
  api.routes['GET /api/v1/sync'] = { status: 200, body: fullSync({}) };
  api.routes['POST /api/v1/trades/import'] = {
    status: 200,
    body: { imported: 3, skipped: 0, latestExecutedAt: null },
  };
  sessionStorage.clear();
  localStorage.clear();
  connectivity.reportApiReachable(true);
  await resetCache();
});

const imports = () => api.received.filter((r) => r.key === 'POST /api/v1/trades/import').length;

describe("the broker's fills after a sign-in", () => {
  it('are imported once, after the sign-in check passes, then re-read', async () => {
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
    await new Promise((r) => setTimeout(r, 100));
    expect(imports()).toBe(1);
  });

  it('are not imported when the app merely opens in a signed-in tab', async () => {
    window.history.replaceState(null, '', '/dashboard');
    session.setSessionFlag();
    const { result } = renderHook(() => gate.useAuthGate());
    await waitFor(() => expect(result.current).toBe('authenticated'));
    await waitFor(() => expect(requestPaths(api.received)).toContain('GET /api/v1/sync'));
    expect(imports()).toBe(0);
  });
});
