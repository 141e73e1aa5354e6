import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The API stand-in records every write in order; it can be switched off (unreachable),
// made to refuse a path, or made to "lose" an answer after doing the work.
interface Received {
  method: string;
  url: string;
  body: unknown;
}
let server: Server;
let received: Received[];
let unreachable: boolean;
let refuse: Record<string, { status: number; message: string }>;
let dropAnswerOnce: boolean;
let answerDelayMs: number;

let outbox: typeof import('../../../src/client/sync/outbox.ts');
let connectivity: typeof import('../../../src/client/sync/connectivity.ts');
let dbModule: typeof import('../../../src/client/db/db.ts');

const readBody = (req: IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => resolve(text ? JSON.parse(text) : undefined));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    if (unreachable) return req.socket.destroy();
    const body = await readBody(req);
    const refusal = refuse[req.url ?? ''];
    if (refusal) {
      res.writeHead(refusal.status, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify({ message: refusal.message }));
    }
    received.push({ method: req.method as string, url: req.url as string, body });
    if (answerDelayMs > 0) await new Promise((r) => setTimeout(r, answerDelayMs));
    if (dropAnswerOnce) {
      dropAnswerOnce = false;
      return req.socket.destroy();
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  vi.stubEnv('VITE_API_BASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  outbox = await import('../../../src/client/sync/outbox.ts');
  connectivity = await import('../../../src/client/sync/connectivity.ts');
  dbModule = await import('../../../src/client/db/db.ts');
});
afterAll(() => new Promise((r) => server.close(r)));

let pulled: string[][];
const pull = async (names: string[]) => {
  pulled.push(names);
};

beforeEach(async () => {
  received = [];
  pulled = [];
  unreachable = false;
  refuse = {};
  dropAnswerOnce = false;
  answerDelayMs = 0;
  connectivity.reportApiReachable(true);
  await Promise.all(dbModule.db.tables.map((t) => t.clear()));
  await dbModule.db.meta.put({ key: dbModule.metaKeys.userId, value: 'alex' });
});

const edgeChange = (name: string, id = crypto.randomUUID()) => ({
  change: {
    collection: 'edges' as const,
    method: 'POST' as const,
    path: '/edges',
    body: { id, name },
    label: `Create edge ${name}`,
    refresh: ['edges' as const],
  },
  apply: async () => {
    await dbModule.db.edges.add({
      id,
      name,
      description: '',
      identificationNotes: '',
      weightFactor: 0.5,
      isActive: true,
      createdAt: '',
      updatedAt: '',
      pendingSync: true,
    } as never);
  },
});

describe('the outbox', () => {
  it('sends at once when the API answers, and re-reads the touched collections', async () => {
    const { change, apply } = edgeChange('Trend');
    expect(await outbox.submitChange(change, apply, pull)).toBe('saved');
    expect(received.map((r) => r.url)).toEqual(['/api/v1/edges']);
    expect(pulled).toEqual([['edges']]);
    expect(await dbModule.db.outbox.count()).toBe(0);
  });

  it('applies a change locally and queues it when the API cannot be reached', async () => {
    unreachable = true;
    const { change, apply } = edgeChange('Trend');
    expect(await outbox.submitChange(change, apply, pull)).toBe('queued');
    expect(connectivity.isOffline()).toBe(true);
    expect((await dbModule.db.edges.toArray()).map((e) => e.name)).toEqual(['Trend']);
    expect(await dbModule.db.outbox.count()).toBe(1);
    // While anything is queued, later changes queue behind it, even if the API is back.
    unreachable = false;
    connectivity.reportApiReachable(true);
    const second = edgeChange('Volume');
    expect(await outbox.submitChange(second.change, second.apply, pull)).toBe('queued');
    expect(received).toEqual([]);
  });

  it('replays queued changes in the order they were made, then re-reads once', async () => {
    unreachable = true;
    for (const name of ['A', 'B', 'C']) {
      const { change, apply } = edgeChange(name);
      await outbox.submitChange(change, apply, pull);
    }
    await outbox.flushOutbox(pull);
    expect(await dbModule.db.outbox.count()).toBe(3); // still unreachable: nothing lost
    unreachable = false;
    await outbox.flushOutbox(pull);
    expect(received.map((r) => (r.body as { name: string }).name)).toEqual(['A', 'B', 'C']);
    expect(await dbModule.db.outbox.count()).toBe(0);
    expect(pulled).toEqual([['edges']]);
  });

  it('replays a create whose answer was lost with the same client id', async () => {
    unreachable = true;
    const id = crypto.randomUUID();
    const { change, apply } = edgeChange('Trend', id);
    await outbox.submitChange(change, apply, pull);
    unreachable = false;
    dropAnswerOnce = true; // the server does the work, the answer never arrives
    await outbox.flushOutbox(pull);
    expect(await dbModule.db.outbox.count()).toBe(1);
    await outbox.flushOutbox(pull);
    expect(received.map((r) => (r.body as { id: string }).id)).toEqual([id, id]);
    expect(await dbModule.db.outbox.count()).toBe(0);
  });

  it('lists a refused change with the server message, drops it from the queue and re-reads', async () => {
    unreachable = true;
    const a = edgeChange('Kept');
    await outbox.submitChange(a.change, a.apply, pull);
    await outbox.submitChange(
      {
        collection: 'tradePlans',
        method: 'PUT',
        path: '/tradeplans/p1/status',
        body: { status: 'Ready' },
        label: 'Change AAPL to Ready',
        refresh: ['tradePlans'],
      },
      async () => {},
      pull,
    );
    unreachable = false;
    refuse['/api/v1/tradeplans/p1/status'] = {
      status: 409,
      message: 'An active trade plan for this stock already exists',
    };
    await outbox.flushOutbox(pull);
    expect(await dbModule.db.outbox.count()).toBe(0);
    expect(await dbModule.db.refusedChanges.toArray()).toEqual([
      expect.objectContaining({
        label: 'Change AAPL to Ready',
        message: 'An active trade plan for this stock already exists',
      }),
    ]);
    // Re-reading the server's data is what rolls the refused change back in the cache.
    expect(pulled[0]?.sort()).toEqual(['edges', 'tradePlans', 'tradeSetups']);
  });

  it('keeps a change queued through a 5xx, to try again later', async () => {
    unreachable = true;
    const { change, apply } = edgeChange('Trend');
    await outbox.submitChange(change, apply, pull);
    unreachable = false;
    refuse['/api/v1/edges'] = { status: 503, message: 'Busy' };
    await outbox.flushOutbox(pull);
    expect(await dbModule.db.outbox.count()).toBe(1);
    expect(await dbModule.db.refusedChanges.count()).toBe(0);
  });

  it('survives closing and re-opening the database', async () => {
    unreachable = true;
    const { change, apply } = edgeChange('Persisted');
    await outbox.submitChange(change, apply, pull);
    dbModule.db.close();
    const reopened = new dbModule.TradeTrackerDb();
    await reopened.open();
    expect((await reopened.outbox.toArray()).map((e) => e.label)).toEqual(['Create edge Persisted']);
    unreachable = false;
    await outbox.flushOutbox(pull, reopened);
    expect(received.map((r) => (r.body as { name: string }).name)).toEqual(['Persisted']);
    reopened.close();
    await dbModule.db.open();
  });

  it('drops quietly a replayed create of a record the trader deleted since (410)', async () => {
    unreachable = true;
    const { change, apply } = edgeChange('Deleted meanwhile');
    await outbox.submitChange(change, apply, pull);
    unreachable = false;
    refuse['/api/v1/edges'] = { status: 410, message: 'This record was deleted' };
    await outbox.flushOutbox(pull);
    expect(await dbModule.db.outbox.count()).toBe(0);
    expect(await dbModule.db.refusedChanges.count()).toBe(0);
  });

  it('counts a queued delete of something already gone as done', async () => {
    unreachable = true;
    await outbox.submitChange(
      {
        collection: 'edges',
        method: 'DELETE',
        path: '/edges/e9',
        label: 'Delete edge Old',
        refresh: ['edges'],
      },
      async () => {},
      pull,
    );
    unreachable = false;
    refuse['/api/v1/edges/e9'] = { status: 404, message: 'Edge not found' };
    await outbox.flushOutbox(pull);
    expect(await dbModule.db.outbox.count()).toBe(0);
    expect(await dbModule.db.refusedChanges.count()).toBe(0);
  });

  it('queues nothing once the cache has no trader (signed out in another tab)', async () => {
    unreachable = true;
    await dbModule.db.meta.clear();
    const { change, apply } = edgeChange('Orphan');
    await expect(outbox.submitChange(change, apply, pull)).rejects.toThrow(/signed out/);
    expect(await dbModule.db.outbox.count()).toBe(0);
    expect(await dbModule.db.edges.count()).toBe(0);
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
    unreachable = true;
    for (const name of ['A', 'B', 'C']) {
      const { change, apply } = edgeChange(name);
      await outbox.submitChange(change, apply, pull);
    }
    // A second tab: its own copy of every module, the same IndexedDB.
    vi.resetModules();
    const otherTab = await import('../../../src/client/sync/outbox.ts');
    const otherDb = (await import('../../../src/client/db/db.ts')).db;
    unreachable = false;
    answerDelayMs = 30;
    await Promise.all([outbox.flushOutbox(pull), otherTab.flushOutbox(pull, otherDb)]);
    expect(received.map((r) => (r.body as { name: string }).name)).toEqual(['A', 'B', 'C']);
    expect(await dbModule.db.outbox.count()).toBe(0);
    otherDb.close();
  });
});
