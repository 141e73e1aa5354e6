// The one poll of server-owned data (docs/architecture.md, "Server-owned data"): what quotes and a
// plan's orders both rely on, tested once here with a refresh the test controls.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

let poll: typeof import('../../../src/client/serverData/poll.ts');
let connectivity: typeof import('../../../src/client/sync/connectivity.ts');

beforeAll(async () => {
  poll = await import('../../../src/client/serverData/poll.ts');
  connectivity = await import('../../../src/client/sync/connectivity.ts');
});

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  connectivity.reportApiReachable(true);
});

/** A refresh that waits until the test lets it end, counting its runs. */
function gatedRefresh(next: number | undefined) {
  const state = { runs: 0, running: 0, most: 0, release: () => {} };
  const refresh = async () => {
    state.runs++;
    state.running++;
    state.most = Math.max(state.most, state.running);
    await new Promise<void>((resolve) => {
      state.release = resolve;
    });
    state.running--;
    return next;
  };
  return { state, refresh };
}

const started = (refresh: () => Promise<number | undefined>) => {
  const p = poll.startPolling(refresh);
  stops.push(p.stop);
  return p;
};

describe('startPolling', () => {
  it('runs nothing until woken, never two refreshes at once, and once more for a wake during one', async () => {
    const { state, refresh } = gatedRefresh(undefined);
    const p = started(refresh);
    expect(state.runs).toBe(0);
    p.wake();
    p.wake();
    p.wake();
    expect(state.runs).toBe(1);
    state.release();
    await vi.waitFor(() => expect(state.runs).toBe(2));
    state.release();
    await vi.waitFor(() => expect(state.running).toBe(0));
    expect(state.runs).toBe(2);
    expect(state.most).toBe(1);
  });

  it('asks nothing while offline, and refreshes when the app is back online', async () => {
    const { state, refresh } = gatedRefresh(undefined);
    connectivity.reportApiReachable(false);
    const p = started(refresh);
    p.wake();
    expect(state.runs).toBe(0);
    connectivity.reportApiReachable(true);
    await vi.waitFor(() => expect(state.runs).toBe(1));
    state.release();
  });

  it('waits as long as the refresh says before the next, and stops for good', async () => {
    vi.useFakeTimers();
    try {
      const refresh = vi.fn(async () => 5000);
      const p = started(refresh);
      p.wake();
      await vi.advanceTimersByTimeAsync(4999);
      expect(refresh).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(refresh).toHaveBeenCalledTimes(2);
      p.stop();
      await vi.advanceTimersByTimeAsync(20_000);
      expect(refresh).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
