import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/domain/messages.ts';
import type { AuthStatus } from '../../src/domain/types.ts';
import type { Broker } from '../../src/server/brokers/broker.ts';
import { createDemoBroker } from '../../src/server/brokers/demo/demoBroker.ts';
import { asTraderStatements, createFairTurns } from '../../src/server/db/fairTurns.ts';
import { createHeavyCalls, HEAVY_LANES } from '../../src/server/http/fairShare.ts';
import { type Client, signIn, startTestServer, type TestServer } from './harness.ts';

// docs/product.md, "Fair sharing" (issue 39, item 5): a trader's heavy reads (every collection's
// list, the statistics, candles) run one at a time, a few more wait their turn, and any further
// one is refused at once with 429; the app's own reads at once (Review's candles) all wait their
// turn; another trader, and the trader's light calls, are served meanwhile. The timings are the
// bench's (scripts/benchFairness.ts, `benchHeavyReads`): here only the behaviour.

/** Every heavy read of a trader, as the app and the spec's calls make them. */
const HEAVY_READS = [
  '/api/v1/tradeplans',
  '/api/v1/tradesetups',
  '/api/v1/edges',
  '/api/v1/executions',
  '/api/v1/trades',
  '/api/v1/accounts',
  '/api/v1/stats',
  '/api/v1/candles?symbol=AAPL&from=2026-10-01&to=2026-10-31',
];

describe("a trader's heavy reads, a few at a time", () => {
  let t: TestServer;
  let alex: Client;
  let sam: Client;
  let alexId: string;
  const heavy = createHeavyCalls();
  const { running: RUNNING, waiting: WAITING } = HEAVY_LANES.reads;

  /** Alex's balances wait for `release` while held: each list of plans holds its read till then. */
  let held: Promise<void> | undefined;
  let release = () => {};
  const hold = () => {
    held = new Promise<void>((r) => {
      release = () => {
        held = undefined;
        r();
      };
    });
  };
  function heldBroker(): Broker {
    const demo = createDemoBroker();
    return {
      ...demo,
      async listAccounts(tokens) {
        if (tokens.accessToken === 'demo:alex' && held) await held;
        return demo.listAccounts(tokens);
      },
    };
  }

  const reads = () => heavy.stateOf(alexId, 'reads');
  const reached = (running: number, waiting: number) =>
    vi.waitFor(
      () =>
        expect({ running: reads().running.length, waiting: reads().waiting }).toEqual({ running, waiting }),
      { timeout: 10_000 },
    );

  beforeAll(async () => {
    t = await startTestServer({}, { heavy, broker: heldBroker() });
    alex = await signIn(t.url, 'alex');
    sam = await signIn(t.url, 'sam');
    alexId = (await alex.json<AuthStatus>('GET', '/api/v1/auth/status')).body.user.id;
  });
  afterAll(() => t.stop());

  it('runs one, lets seven wait, refuses the rest at once; the other trader and light calls go on', async () => {
    expect({ RUNNING, WAITING }).toEqual({ RUNNING: 1, WAITING: 7 });
    // The balances are cached for 30 s: past that, each list asks the held broker.
    t.clock.advance(60_000);
    hold();
    // Review asks for three spans' candles at once (src/client/serverData/candles.ts): the app's
    // own reads at once all wait their turn, none refused.
    const first = [1, 2, 3].map(() => alex.call('GET', '/api/v1/tradeplans'));
    await reached(RUNNING, 3 - RUNNING);

    // A script's 16 at once: the lane fills, the rest are refused at once with Retry-After.
    const answered: Response[] = [];
    const more = Array.from({ length: 13 }, () =>
      alex.call('GET', '/api/v1/tradeplans').then((res) => {
        answered.push(res);
        return res;
      }),
    );
    await reached(RUNNING, WAITING);
    await vi.waitFor(() => expect(answered.length).toBe(16 - RUNNING - WAITING), { timeout: 10_000 });
    const refused = [...answered];
    for (const res of refused) {
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await refused[0]?.json()).toEqual({ message: messages.heavyReadsBusy });

    // Every heavy read takes the same lane: with it full, each is refused at once.
    for (const path of HEAVY_READS) {
      const res = await alex.call('GET', path);
      expect({ path, status: res.status }).toEqual({ path, status: 429 });
      await res.arrayBuffer();
    }
    // Alex's light calls and the other trader's reads are served meanwhile.
    expect((await alex.json('GET', '/api/v1/auth/status')).status).toBe(200);
    expect((await alex.json('GET', '/api/v1/market-cycle/current')).status).toBe(200);
    expect((await alex.json('POST', '/api/v1/edges', edge('Held'))).status).toBe(201);
    for (const path of HEAVY_READS.filter((p) => !p.includes('candles'))) {
      expect({ path, status: (await sam.json('GET', path)).status }).toEqual({ path, status: 200 });
    }
    expect(reads()).toEqual({ running: ['read'], waiting: WAITING });

    // The balances come: those running, then those that waited, each in turn, all answered.
    release();
    const served = await Promise.all([...first, ...more.filter((_, i) => i < RUNNING + WAITING - 3)]);
    expect(served.map((r) => r.status)).toEqual(Array(RUNNING + WAITING).fill(200));
    await reached(0, 0);
    expect((await alex.json('GET', '/api/v1/tradeplans')).status).toBe(200);
  });
});

describe("the embedded database's turns (src/server/db/fairTurns.ts)", () => {
  it('runs one statement at a time, handed in rotation: a trader with many queued waits for the others', async () => {
    const turn = createFairTurns();
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const statement = (label: string, work: () => Promise<void> = async () => {}) =>
      turn(async () => {
        order.push(label);
        await work();
      });
    // Sam's long read queues four statements, the first holding the database; then Alex's two and
    // one of the server's own (a sign-in, a background job).
    const all = [
      asTraderStatements('sam', () => statement('sam 0', () => held)),
      ...[1, 2, 3].map((i) => asTraderStatements('sam', () => statement(`sam ${i}`))),
      ...[1, 2].map((i) => asTraderStatements('alex', () => statement(`alex ${i}`))),
      statement('server'),
    ];
    await vi.waitFor(() => expect(order).toEqual(['sam 0']));
    for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
    expect(order).toEqual(['sam 0']);
    release();
    await Promise.all(all);
    expect(order).toEqual(['sam 0', 'alex 1', 'server', 'sam 1', 'alex 2', 'sam 2', 'sam 3']);
  });
});

const edge = (name: string) => ({
  name,
  description: 'A test edge',
  identificationNotes: 'Seen on the daily chart',
  weightFactor: 0.5,
});
