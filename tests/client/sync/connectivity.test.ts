import { afterEach, describe, expect, it, vi } from 'vitest';
import * as connectivity from '../../../src/client/sync/connectivity.ts';
import { withFakeApi } from '../fakeApi.ts';

// The API answering again is noticed by its answer, not only by the browser's `online` event:
// Chromium 150 keeps navigator.onLine true through a reload made offline and then fires no
// `online`, which left the app "Offline" with its changes queued for good (tests/browser/offlineEdits.test.ts).
const api = withFakeApi({ owner: null, reachable: false });

afterEach(() => vi.useRealTimers());

describe('an API that could not be reached', () => {
  it('is asked again every few seconds until it answers, and the app hears it is back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    api.unreachable = true;
    const heard: boolean[] = [];
    const stop = connectivity.onConnectivityChange(() => heard.push(connectivity.isOffline()));
    connectivity.reportApiReachable(false);
    expect(connectivity.isOffline()).toBe(true);
    // Still down at the first look: it looks again later.
    await vi.advanceTimersByTimeAsync(connectivity.API_RECHECK_MS);
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1), { timeout: 3000 });
    expect(connectivity.isOffline()).toBe(true);
    api.unreachable = false;
    await vi.advanceTimersByTimeAsync(connectivity.API_RECHECK_MS);
    await vi.waitFor(() => expect(connectivity.isOffline()).toBe(false), { timeout: 3000 });
    // Any answer will do (the fake answers 404): the server is there.
    expect(api.received.map((r) => r.key)).toEqual(['GET /healthz']);
    expect(heard).toEqual([true, false]);
    stop();
  });
});
