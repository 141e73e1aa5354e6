import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as dbModule from '../../../src/client/db/db.ts';
import * as connectivity from '../../../src/client/sync/connectivity.ts';
import type { Change } from '../../../src/client/sync/outbox.ts';
import { withFakeApi } from '../fakeApi.ts';
import { edgeFixture, executionFixture, fullSync, setupFixture } from '../fixtures.ts';

const api = withFakeApi();
let outbox: typeof import('../../../src/client/sync/outbox.ts');

beforeAll(async () => {
  outbox = await import('../../../src/client/sync/outbox.ts');
});

const writes = () => api.received.map((r) => r.key);
const namesSent = () => api.received.map((r) => (r.body as { name: string }).name);

beforeEach(async () => {
  api.fallback = { status: 200, body: {} };
});

const edgeChange = (name: string, id = crypto.randomUUID()) => ({
  change: {
    collection: 'edges',
    method: 'POST',
    path: '/edges',
    body: { id, name },
    label: `Create edge ${name}`,
    recordId: id,
  } satisfies Change,
  apply: async () => {
    await dbModule.db.edges.add({ ...edgeFixture({ id, name }), pendingSync: true } as never);
  },
});
/** A change of record `recordId` in `collection`: `body` PUT to `path`, listed as `label`. */
const putChange = (
  collection: Change['collection'],
  recordId: string,
  path: string,
  body: unknown,
  label: string,
): Change => ({ collection, method: 'PUT', path, body, label, recordId });

/** Creates edge `name` with the server out of reach: queued, its local effect applied. */
const queueEdgeOffline = async (name: string, id?: Parameters<typeof edgeChange>[1]) => {
  api.unreachable = true;
  const { change, apply } = edgeChange(name, id);
  return outbox.submitChange(change, apply);
};

describe('the outbox', () => {
  it("sends at once when the API answers and keeps the server's answer", async () => {
    const id = crypto.randomUUID();
    api.routes['POST /api/v1/edges'] = { status: 201, body: edgeFixture({ id, name: 'Trend (server)' }) };
    const { change, apply } = edgeChange('Trend', id);
    expect(await outbox.submitChange(change, apply)).toBe('saved');
    expect(writes()).toEqual(['POST /api/v1/edges']);
    expect((await dbModule.db.edges.get(id))?.name).toBe('Trend (server)');
    expect(await dbModule.db.outbox.count()).toBe(0);
  });

  it('removes a deleted record from the cache once the server has the delete', async () => {
    await dbModule.db.edges.put(edgeFixture({ id: 'e1' }));
    api.routes['DELETE /api/v1/edges/e1'] = { status: 204 };
    const change = {
      collection: 'edges',
      method: 'DELETE',
      path: '/edges/e1',
      label: 'Delete edge Trend',
      recordId: 'e1',
    } satisfies Change;
    await outbox.submitChange(change, async () => {});
    expect(await dbModule.db.edges.count()).toBe(0);
  });

  it('applies a change locally and queues it when the API cannot be reached', async () => {
    expect(await queueEdgeOffline('Trend')).toBe('queued');
    expect(connectivity.isOffline()).toBe(true);
    expect((await dbModule.db.edges.toArray()).map((e) => e.name)).toEqual(['Trend']);
    expect(await dbModule.db.outbox.count()).toBe(1);
    // While anything is queued, later changes queue behind it, even if the API is back.
    api.unreachable = false;
    connectivity.reportApiReachable(true);
    const second = edgeChange('Volume');
    expect(await outbox.submitChange(second.change, second.apply)).toBe('queued');
    expect(api.received).toEqual([]);
  });

  it('replays queued changes in the order they were made, and reports them for the one sync after', async () => {
    api.unreachable = true;
    for (const name of ['A', 'B', 'C']) {
      const { change, apply } = edgeChange(name);
      await outbox.submitChange(change, apply);
    }
    await outbox.flushOutbox();
    expect(await dbModule.db.outbox.count()).toBe(3); // still unreachable: nothing lost
    api.unreachable = false;
    expect(await outbox.flushOutbox()).toEqual({ saved: 3, refused: 0, dropped: 0 });
    expect(namesSent()).toEqual(['A', 'B', 'C']);
    expect(await dbModule.db.outbox.count()).toBe(0);
  });

  it('reports what a replay did, and raises nothing itself (the UI decides what to show)', async () => {
    api.unreachable = true;
    for (const name of ['A', 'B']) {
      const { change, apply } = edgeChange(name);
      await outbox.submitChange(change, apply);
    }
    const gone = {
      collection: 'edges',
      method: 'DELETE',
      path: '/edges/e9',
      label: 'Delete edge Old',
    } as const;
    await outbox.submitChange({ ...gone, recordId: 'e9' }, async () => {});
    const refused = { collection: 'tradePlans', method: 'PUT', path: '/tradeplans/p1/status' } as const;
    await outbox.submitChange(
      { ...refused, body: { status: 'Ready' }, label: 'Change AAPL to Ready', recordId: 'p1' },
      async () => {},
    );
    api.unreachable = false;
    api.routes['DELETE /api/v1/edges/e9'] = { status: 404, body: { message: 'Edge not found' } };
    api.routes['PUT /api/v1/tradeplans/p1/status'] = { status: 409, body: { message: 'No' } };
    const reports: unknown[] = [];
    const stop = outbox.onReplay((report) => reports.push(report));
    await outbox.flushOutbox();
    await outbox.flushOutbox(); // nothing queued: nothing to report
    stop();
    expect(reports).toEqual([{ saved: 2, refused: 1, dropped: 1 }]);
  });

  it("keeps a replayed change's answer as one sent at once does: the server's row, no longer pending", async () => {
    const id = crypto.randomUUID();
    await queueEdgeOffline('Trend', id);
    expect(await dbModule.db.edges.get(id)).toMatchObject({ pendingSync: true });
    api.unreachable = false;
    api.routes['POST /api/v1/edges'] = { status: 201, body: edgeFixture({ id, name: 'Trend (server)' }) };
    await outbox.flushOutbox();
    expect(await dbModule.db.edges.get(id)).toEqual(edgeFixture({ id, name: 'Trend (server)' }));
  });

  it('keeps on screen the local effect of a later queued change of the same record', async () => {
    const id = crypto.randomUUID();
    await queueEdgeOffline('Trend', id);
    await outbox.submitChange(
      putChange('edges', id, `/edges/${id}`, { name: 'Renamed' }, 'Update edge Trend'),
      async () => {
        await dbModule.db.edges.update(id, { name: 'Renamed' });
      },
    );
    api.unreachable = false;
    api.routes['POST /api/v1/edges'] = { status: 201, body: edgeFixture({ id, name: 'Trend' }) };
    api.routes[`PUT /api/v1/edges/${id}`] = { status: 503, body: { message: 'Busy' } };
    await outbox.flushOutbox();
    // The create's answer predates the rename, still queued: the cache keeps showing the rename.
    expect(await dbModule.db.outbox.count()).toBe(1);
    expect(await dbModule.db.edges.get(id)).toMatchObject({ name: 'Renamed', pendingSync: true });
  });

  it('confirms a replayed delete that left a row (a deactivated edge) and removes any other', async () => {
    await dbModule.db.edges.put({
      ...edgeFixture({ id: 'e1', isActive: false }),
      pendingSync: true,
    } as never);
    await dbModule.db.tradeSetups.put(setupFixture({ id: 's1' }));
    api.unreachable = true;
    for (const [collection, path, recordId] of [
      ['edges', '/edges/e1', 'e1'],
      ['tradeSetups', '/tradesetups/s1', 's1'],
    ] as const) {
      await outbox.submitChange(
        { collection, method: 'DELETE', path, label: 'Delete', recordId },
        async () => {},
      );
    }
    api.unreachable = false;
    api.fallback = { status: 204 };
    await outbox.flushOutbox();
    expect(await dbModule.db.edges.get('e1')).toEqual(edgeFixture({ id: 'e1', isActive: false }));
    expect(await dbModule.db.tradeSetups.get('s1')).toBeUndefined();
  });

  it('replays a create whose answer was lost with the same client id', async () => {
    const id = crypto.randomUUID();
    await queueEdgeOffline('Trend', id);
    api.unreachable = false;
    api.dropNextAnswer = true; // the server does the work, the answer never arrives
    await outbox.flushOutbox();
    expect(await dbModule.db.outbox.count()).toBe(1);
    await outbox.flushOutbox();
    expect(api.received.map((r) => (r.body as { id: string }).id)).toEqual([id, id]);
    expect(await dbModule.db.outbox.count()).toBe(0);
  });

  it('lists a refused change with the server message, drops it from the queue and re-reads', async () => {
    await queueEdgeOffline('Kept');
    await outbox.submitChange(
      putChange('tradePlans', 'p1', '/tradeplans/p1/status', { status: 'Ready' }, 'Change AAPL to Ready'),
      async () => {},
    );
    api.unreachable = false;
    api.routes['PUT /api/v1/tradeplans/p1/status'] = {
      status: 409,
      body: { message: 'An active trade plan for this stock already exists' },
    };
    const report = await outbox.flushOutbox();
    expect(await dbModule.db.outbox.count()).toBe(0);
    expect(await dbModule.db.refusedChanges.toArray()).toEqual([
      expect.objectContaining({
        label: 'Change AAPL to Ready',
        message: 'An active trade plan for this stock already exists',
      }),
    ]);
    // The report asks for a full sync: that is what rolls the refused change back in the cache.
    expect(report).toEqual({ saved: 1, refused: 1, dropped: 0 });
  });

  it.each([
    ['keeps a change queued through a 5xx, to try again later', 'Trend', 503, 'Busy', 1],
    [
      'drops quietly a replayed create of a record the trader deleted since (410)',
      'Deleted meanwhile',
      410,
      'This record was deleted',
      0,
    ],
  ])('%s', async (_, name, status, message, queued) => {
    await queueEdgeOffline(name);
    api.unreachable = false;
    api.routes['POST /api/v1/edges'] = { status, body: { message } };
    await outbox.flushOutbox();
    expect(await dbModule.db.outbox.count()).toBe(queued);
    expect(await dbModule.db.refusedChanges.count()).toBe(0);
  });

  it('sets aside a queued change answered 400 with its message, and sends the changes after it', async () => {
    await queueEdgeOffline('Before');
    await outbox.submitChange(
      putChange('trades', 't1', '/trades/t1', { planId: null, tags: ['gap'] }, 'Update trade AAPL'),
      async () => {},
    );
    await queueEdgeOffline('After');
    api.unreachable = false;
    const tagRefused = 'A tag must not contain a broken character';
    api.routes['PUT /api/v1/trades/t1'] = {
      status: 400,
      body: { message: tagRefused, errors: [{ field: 'tags', message: tagRefused }] },
    };
    expect(await outbox.flushOutbox()).toEqual({ saved: 2, refused: 1, dropped: 0 });
    expect(writes()).toEqual(['POST /api/v1/edges', 'PUT /api/v1/trades/t1', 'POST /api/v1/edges']);
    expect(await dbModule.db.outbox.count()).toBe(0);
    expect(await dbModule.db.refusedChanges.toArray()).toEqual([
      expect.objectContaining({ label: 'Update trade AAPL', message: tagRefused }),
    ]);
  });

  describe('a queued change the server answers 5xx every time', () => {
    const MINUTE = 60_000;
    const start = new Date('2026-11-20T15:00:00.000Z').getTime();
    const broken = putChange('tradePlans', 'p1', '/tradeplans/p1', { notes: 'x' }, 'Update trade plan AAPL');
    const replayAt = async (minutes: number) => {
      vi.setSystemTime(start + minutes * MINUTE);
      return outbox.flushOutbox();
    };
    const queueBrokenThenAnother = async () => {
      api.unreachable = true;
      await outbox.submitChange(broken, async () => {});
      await queueEdgeOffline('After');
      api.unreachable = false;
      api.routes['PUT /api/v1/tradeplans/p1'] = { status: 500, body: { message: 'Server error' } };
    };
    beforeEach(() => {
      // Only the clock: the fake API, IndexedDB and the fetch timeout keep real time.
      vi.useFakeTimers({ toFake: ['Date'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is kept through a passing fault: many answers in a few minutes, or a server that answers nothing else', async () => {
      await queueBrokenThenAnother();
      const nothing = { saved: 0, refused: 0, dropped: 0 };
      // Ten answers in two minutes: a restarting database, say.
      for (let i = 0; i < 10; i++) expect(await replayAt(i / 5)).toEqual(nothing);
      // Past the quarter of an hour, but the server fails its other calls too: still a passing fault.
      api.routes['GET /api/v1/auth/status'] = { status: 503, body: { message: 'Busy' } };
      expect(await replayAt(20)).toEqual(nothing);
      expect(await replayAt(40)).toEqual(nothing);
      expect((await dbModule.db.outbox.toArray()).map((e) => e.label)).toEqual([
        broken.label,
        'Create edge After',
      ]);
      expect(await dbModule.db.refusedChanges.count()).toBe(0);
      expect(writes().filter((w) => w === 'POST /api/v1/edges')).toEqual([]);
    });

    it('is set aside after five answers over a quarter of an hour while the server answers otherwise, and the rest is sent', async () => {
      await queueBrokenThenAnother();
      api.routes['GET /api/v1/auth/status'] = { status: 200, body: { id: 'u1' } };
      for (const minute of [0, 4, 8, 12]) {
        expect(await replayAt(minute)).toEqual({ saved: 0, refused: 0, dropped: 0 });
      }
      // The fifth answer, a quarter of an hour after the first.
      expect(await replayAt(15)).toEqual({ saved: 1, refused: 1, dropped: 0 });
      expect(writes().filter((w) => w !== 'GET /api/v1/auth/status')).toEqual([
        ...Array(5).fill('PUT /api/v1/tradeplans/p1'),
        'POST /api/v1/edges',
      ]);
      expect(await dbModule.db.outbox.count()).toBe(0);
      expect(await dbModule.db.refusedChanges.toArray()).toEqual([
        expect.objectContaining({ label: broken.label, message: 'The server could not save this change' }),
      ]);
    });
  });

  it('keeps a change on this device when the server asks to slow down (429), and sends it after Retry-After', async () => {
    // The sync module registers what runs once the server's wait is over (sync/askAgain.ts).
    await import('../../../src/client/sync/sync.ts');
    const slowDown = { status: 429, body: { message: 'Too many requests' }, headers: { 'Retry-After': '1' } };
    api.routes['POST /api/v1/edges'] = slowDown;
    const first = edgeChange('Trend');
    expect(await outbox.submitChange(first.change, first.apply)).toBe('queued');
    const kept = (await dbModule.db.edges.get(first.change.recordId)) as
      | { pendingSync?: boolean }
      | undefined;
    expect(kept?.pendingSync).toBe(true);
    // A replay asked to slow down stops there: nothing is refused, nothing is lost.
    const second = edgeChange('Volume');
    expect(await outbox.submitChange(second.change, second.apply)).toBe('queued');
    expect(await outbox.flushOutbox()).toEqual({ saved: 0, refused: 0, dropped: 0 });
    expect(await dbModule.db.outbox.count()).toBe(2);
    expect(await dbModule.db.refusedChanges.count()).toBe(0);
    api.routes['POST /api/v1/edges'] = { status: 201, body: edgeFixture({ id: first.change.recordId }) };
    api.routes['GET /api/v1/sync'] = { status: 200, body: fullSync({}) };
    await vi.waitFor(async () => expect(await dbModule.db.outbox.count()).toBe(0), { timeout: 5_000 });
    // The sync that follows the replay ends before the next test resets the cache under it.
    await vi.waitFor(async () =>
      expect(await dbModule.db.meta.get(dbModule.metaKeys.lastSyncAt)).toBeDefined(),
    );
    const posted = api.received.filter((r) => r.key === 'POST /api/v1/edges');
    expect(posted.map((r) => (r.body as { name: string }).name)).toEqual([
      'Trend',
      'Trend',
      'Trend',
      'Volume',
    ]);
  });

  it('survives closing and re-opening the database', async () => {
    await queueEdgeOffline('Persisted');
    dbModule.db.close();
    const reopened = new dbModule.TradeTrackerDb();
    await reopened.open();
    expect((await reopened.outbox.toArray()).map((e) => e.label)).toEqual(['Create edge Persisted']);
    api.unreachable = false;
    await outbox.flushOutbox(reopened);
    expect(namesSent()).toEqual(['Persisted']);
    reopened.close();
    await dbModule.db.open();
  });

  it('counts a queued delete of something already gone as done', async () => {
    api.unreachable = true;
    const change = {
      collection: 'edges',
      method: 'DELETE',
      path: '/edges/e9',
      label: 'Delete edge Old',
      recordId: 'e9',
    } satisfies Change;
    await outbox.submitChange(change, async () => {});
    api.unreachable = false;
    api.routes['DELETE /api/v1/edges/e9'] = { status: 404, body: { message: 'Edge not found' } };
    await outbox.flushOutbox();
    expect(await dbModule.db.outbox.count()).toBe(0);
    expect(await dbModule.db.refusedChanges.count()).toBe(0);
  });

  it('queues nothing once the cache has no trader (signed out in another tab)', async () => {
    api.unreachable = true;
    await dbModule.db.meta.clear();
    const { change, apply } = edgeChange('Orphan');
    await expect(outbox.submitChange(change, apply)).rejects.toThrow(/signed out/);
    expect(await dbModule.db.outbox.count()).toBe(0);
    expect(await dbModule.db.edges.count()).toBe(0);
  });
});

describe('a change with a text body and an answer that is not a record (a statement import)', () => {
  const CSV = 'Date,Symbol,Qty,Price\n2026-03-16 09:31,AAPL,10,150\n';
  const PATH = '/fills/import?account=a1&format=mapped';
  const importChange = (localIds: string[]) =>
    ({
      collection: 'executions',
      method: 'POST',
      path: PATH,
      body: CSV,
      contentType: 'text/csv',
      localIds,
      label: 'Import statement trades.csv',
      recordId: crypto.randomUUID(),
    }) satisfies Change;
  const answer = (addedIds: string[]) => ({
    format: 'mapped',
    name: 'Your column mapping',
    added: addedIds.length,
    alreadyHere: 0,
    skipped: [],
    addedIds,
  });

  it('sends the text as it is with its content type; the answer is the caller’s, no row', async () => {
    api.routes[`POST /api/v1${PATH}`] = { status: 200, body: answer(['f1']) };
    await dbModule.db.meta.put({ key: dbModule.metaKeys.syncCursor, value: 'sealed' });
    const heard: unknown[] = [];
    const change = { ...importChange(['f1', 'f2']), heard: (a: unknown) => heard.push(a) };
    expect(await outbox.submitChange(change, async () => {})).toBe('saved');
    expect(api.received).toEqual([{ key: `POST /api/v1${PATH}`, body: CSV }]);
    expect(api.receivedHeaders[0]?.['content-type']).toBe('text/csv');
    expect(heard).toEqual([answer(['f1'])]);
    expect(await dbModule.db.executions.count()).toBe(0);
    // Nothing was applied here: the delta sync that follows brings what the server added.
    expect((await dbModule.db.meta.get(dbModule.metaKeys.syncCursor))?.value).toBe('sealed');
  });

  it('offline: applies at once, queues the text, and drops on replay the fills the server did not add', async () => {
    api.unreachable = true;
    const ids = ['f1', 'f2', 'f3'];
    const apply = async () => {
      await dbModule.db.executions.bulkAdd(
        ids.map((id) => ({ ...executionFixture({ id, source: 'statement' }), pendingSync: true }) as never),
      );
    };
    expect(await outbox.submitChange(importChange(ids), apply)).toBe('queued');
    expect(await dbModule.db.executions.count()).toBe(3);
    expect((await dbModule.db.outbox.toArray())[0]).toMatchObject({ body: CSV, contentType: 'text/csv' });
    await dbModule.db.meta.put({ key: dbModule.metaKeys.syncCursor, value: 'sealed' });
    api.unreachable = false;
    // f3 was in the journal already under another id (recorded by hand on another device).
    api.routes[`POST /api/v1${PATH}`] = { status: 200, body: answer(['f1', 'f2']) };
    expect(await outbox.flushOutbox()).toEqual({ saved: 1, refused: 0, dropped: 0 });
    expect(api.received.map((r) => r.body)).toEqual([CSV]);
    expect((await dbModule.db.executions.toArray()).map((e) => e.id)).toEqual(['f1', 'f2']);
    // Its trades were built with f3: the next sync is a full one, which brings them whole.
    expect(await dbModule.db.meta.get(dbModule.metaKeys.syncCursor)).toBeUndefined();
  });

  it('keeps the cursor when the server added every fill applied here', async () => {
    api.unreachable = true;
    await outbox.submitChange(importChange(['f1']), async () => {
      await dbModule.db.executions.add({ ...executionFixture({ id: 'f1' }), pendingSync: true } as never);
    });
    await dbModule.db.meta.put({ key: dbModule.metaKeys.syncCursor, value: 'sealed' });
    api.unreachable = false;
    api.routes[`POST /api/v1${PATH}`] = { status: 200, body: answer(['f1']) };
    await outbox.flushOutbox();
    expect(await dbModule.db.executions.count()).toBe(1);
    expect((await dbModule.db.meta.get(dbModule.metaKeys.syncCursor))?.value).toBe('sealed');
  });
});

describe('two tabs coming back online', () => {
  // The browser's lock manager, shared by every tab of the origin: requests of a name run one
  // after another. jsdom has none.
  const held = new Map<string, Promise<unknown>>();
  const lockManager = {
    request(name: string, work: () => Promise<unknown>) {
      const before = held.get(name) ?? Promise.resolve();
      const mine = before.then(work, work);
      held.set(
        name,
        mine.catch(() => {}),
      );
      return mine;
    },
  };
  beforeAll(() => {
    Object.defineProperty(navigator, 'locks', { value: lockManager, configurable: true });
  });
  afterAll(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('send each queued change exactly once', async () => {
    api.unreachable = true;
    for (const name of ['A', 'B', 'C']) {
      const { change, apply } = edgeChange(name);
      await outbox.submitChange(change, apply);
    }
    // A second tab: its own copy of every module, the same IndexedDB.
    vi.resetModules();
    const otherTab = await import('../../../src/client/sync/outbox.ts');
    const otherDb = (await import('../../../src/client/db/db.ts')).db;
    api.unreachable = false;
    api.delayMs = 30;
    await Promise.all([outbox.flushOutbox(), otherTab.flushOutbox(otherDb)]);
    expect(namesSent()).toEqual(['A', 'B', 'C']);
    expect(await dbModule.db.outbox.count()).toBe(0);
    otherDb.close();
  });
});
