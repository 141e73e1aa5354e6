import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backup } from '../../src/domain/backup.ts';
import { ORDER_DURATIONS, ORDER_ENTRY_TYPES } from '../../src/domain/orders.ts';
import {
  type Account,
  CYCLE_TYPES,
  type Edge,
  EXECUTION_SIDES,
  type Execution,
  TRADE_PLAN_STATUSES,
  type Trade,
  type TradePlanDto,
  type TradeSetup,
} from '../../src/domain/types.ts';
import { MAX_BODY_BYTES } from '../../src/server/http/body.ts';
import { type Body, type KnownIds, mutatedBody } from './fuzz/mutations.ts';
import { type Random, seededRandom } from './fuzz/random.ts';
import { type Client, signIn, startTestServer, type TestServer } from './harness.ts';

// 10,000 mutated bodies against every write call: whatever arrives, the answer is a JSON refusal
// or success, never a 5xx. Deterministic: FUZZ_SEED replays another run.
const REQUESTS = 10_000;
const CONCURRENCY = 8;
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_120);

let t: TestServer;
let alex: Client;
const ids = {
  edges: [] as string[],
  setups: [] as string[],
  plans: [] as string[],
  accounts: [] as string[],
  trades: [] as string[],
};
const known: KnownIds = { own: [], others: [], deleted: [] };

const post = async <T>(client: Client, path: string, body: unknown) => {
  const res = await client.json<T & { id: string }>('POST', path, body);
  if (res.status !== 201) throw new Error(`setup ${path}: ${res.status}`);
  return res.body.id;
};

beforeAll(async () => {
  // Ten thousand requests as fast as they are answered: far past a trader's rate (http/fairShare.ts).
  t = await startTestServer({ TRADER_REQUESTS_PER_SECOND: '1000000' });
  alex = await signIn(t.url, 'alex');
  const sam = await signIn(t.url, 'sam');
  for (const [client, own] of [
    [alex, true],
    [sam, false],
  ] as const) {
    const edge = await post<Edge>(client, '/api/v1/edges', edgeBody(seededRandom(1), 'Seed edge'));
    const setup = await post<TradeSetup>(client, '/api/v1/tradesetups', { name: 'Seed setup', rules: [] });
    const plan = await post<TradePlanDto>(client, '/api/v1/tradeplans', {
      stock: 'SEED',
      entryPrice: 50,
      stopLossPrice: 45,
      tradeSetupId: setup,
      edgeIds: [edge],
    });
    const accounts = (await client.json<Account[]>('GET', '/api/v1/accounts')).body.map((a) => a.id);
    // A round trip on a symbol the fuzz never sends, opened before any fuzzed fill: its trade id holds.
    const fill = { accountId: accounts[0], symbol: 'SEED', quantity: 10, price: 50 };
    const buy = await post<Execution>(client, '/api/v1/executions', {
      ...fill,
      side: 'Buy',
      executedAt: '2026-01-05T15:00:00.000Z',
    });
    await post<Execution>(client, '/api/v1/executions', {
      ...fill,
      side: 'Sell',
      executedAt: '2026-01-06T15:00:00.000Z',
    });
    const trades = (await client.json<Trade[]>('GET', '/api/v1/trades')).body.map((tr) => tr.id);
    (own ? known.own : known.others).push(edge, setup, plan, buy, ...accounts, ...trades);
    if (own) {
      ids.edges.push(edge);
      ids.setups.push(setup);
      ids.plans.push(plan);
      ids.accounts.push(...accounts);
      ids.trades.push(...trades);
    }
  }
  // Deleted records, so replays of their ids are fuzzed too.
  const goneEdge = await post<Edge>(alex, '/api/v1/edges', edgeBody(seededRandom(2), 'Gone edge'));
  const goneSetup = await post<TradeSetup>(alex, '/api/v1/tradesetups', { name: 'Gone setup' });
  const gonePlan = await post<TradePlanDto>(alex, '/api/v1/tradeplans', {
    stock: 'GONE',
    entryPrice: 10,
    stopLossPrice: 9,
  });
  await alex.call('DELETE', `/api/v1/edges/${goneEdge}`);
  await alex.call('DELETE', `/api/v1/tradesetups/${goneSetup}`);
  const goneFill = await post<Execution>(alex, '/api/v1/executions', fillBody(seededRandom(3)));
  await alex.call('DELETE', `/api/v1/tradeplans/${gonePlan}`);
  await alex.call('DELETE', `/api/v1/executions/${goneFill}`);
  known.deleted.push(goneEdge, goneSetup, gonePlan, goneFill);
});
afterAll(() => t.stop());

// Valid bodies with a little variety, so that unmutated ones also collide (names, active stocks).
function edgeBody(r: Random, name = `Edge ${r.int(30)}`) {
  return {
    name,
    description: 'Above the 21-day EMA',
    identificationNotes: 'Daily chart',
    weightFactor: r.int(11) / 10,
  };
}
const setupBody = (r: Random) => ({
  name: `Setup ${r.int(30)}`,
  description: 'Flag',
  rules: [],
  entryCriteria: 'Break of the high',
  exitCriteria: 'Close below EMA',
  notes: 'n',
});
const STOCKS = ['AAPL', 'MSFT', 'NVDA', 'AMD', 'TSLA', 'BRK.B'];
const planBody = (r: Random) => ({
  stock: r.pick(STOCKS),
  entryPrice: 100,
  stopLossPrice: 95,
  probabilityOfSuccess: r.int(101),
  scanId: `scan-${r.int(9)}`,
  tradeSetupId: r.pick(ids.setups),
  edgeIds: [r.pick(ids.edges)],
  targetPrice: r.chance(0.5) ? 101 + r.int(50) : null,
  notes: r.pick(['', 'Earnings in May', 'Line one\nline two', 'x'.repeat(2000)]),
  // Left out (the server stamps its own), null, or a cycle the app stamped offline.
  marketCycleAtCreation: r.pick([undefined, null, ...CYCLE_TYPES]),
});
const fillBody = (r: Random) => ({
  accountId: r.pick(ids.accounts),
  symbol: r.pick(STOCKS),
  side: r.pick(EXECUTION_SIDES),
  quantity: 1 + r.int(200),
  price: 1 + r.int(500) / 4,
  fees: r.chance(0.5) ? r.int(5) : undefined,
  executedAt: new Date(t.clock.now.getTime() - r.int(60 * 24 * 200) * 60_000).toISOString(),
});
const tradeBody = (r: Random) => ({
  planId: r.chance(0.5) ? r.pick(ids.plans) : null,
  initialStop: r.chance(0.5) ? 40 + r.int(10) : null,
  notes: r.pick(['', 'Followed the plan', 'x'.repeat(2000)]),
});
const withClientId = (r: Random, body: Record<string, unknown>) =>
  r.chance(0.3)
    ? { ...body, id: r.chance(0.5) ? r.uuid() : r.pick([...known.own, ...known.others, ...known.deleted]) }
    : body;

/** A path id: mostly the collection's own, else anything that might confuse the route. */
function pathId(r: Random, own: string[]): string {
  if (r.chance(0.7)) return r.pick(own);
  return r.pick([
    r.pick(known.others),
    r.pick(known.deleted),
    r.uuid(),
    r.pick(own).toUpperCase(),
    'not-a-uuid',
    '%00',
    '%C0',
    '%FF%FE',
    '..%2f..%2fetc',
    'x'.repeat(3000),
  ]);
}

interface Call {
  method: 'POST' | 'PUT';
  path: string;
  body: Body;
}

const WRITE_CALLS: ((r: Random) => {
  method: 'POST' | 'PUT';
  path: string;
  valid: Record<string, unknown>;
})[] = [
  (r) => ({ method: 'POST', path: '/api/v1/edges', valid: withClientId(r, edgeBody(r)) }),
  (r) => ({ method: 'PUT', path: `/api/v1/edges/${pathId(r, ids.edges)}`, valid: edgeBody(r) }),
  (r) => ({ method: 'POST', path: '/api/v1/tradesetups', valid: withClientId(r, setupBody(r)) }),
  (r) => ({ method: 'PUT', path: `/api/v1/tradesetups/${pathId(r, ids.setups)}`, valid: setupBody(r) }),
  (r) => ({ method: 'POST', path: '/api/v1/tradeplans', valid: withClientId(r, planBody(r)) }),
  (r) => ({ method: 'PUT', path: `/api/v1/tradeplans/${pathId(r, ids.plans)}`, valid: planBody(r) }),
  (r) => ({
    method: 'PUT',
    path: `/api/v1/tradeplans/${pathId(r, ids.plans)}/status`,
    valid: { status: r.pick(TRADE_PLAN_STATUSES) },
  }),
  (r) => ({
    method: 'PUT',
    path: `/api/v1/accounts/${pathId(r, ids.accounts)}`,
    valid: {
      originalBalance: 10_000,
      capitalRisk: 10,
      maxTradeRisk: 1,
      scaleOutFactor: 1 + r.int(10),
      // Left out (the stored limit is kept), at either end, or between.
      heatLimit: r.pick([undefined, 0, 100, r.int(1001) / 10]),
    },
  }),
  (r) => ({ method: 'POST', path: '/api/v1/executions', valid: withClientId(r, fillBody(r)) }),
  (r) => ({ method: 'PUT', path: `/api/v1/trades/${pathId(r, ids.trades)}`, valid: tradeBody(r) }),
  // An order's preview checks like a placement, and sends nothing (a placement needs its
  // Idempotency-Key header, which these calls never carry: it is refused before its body is read).
  (r) => ({
    method: 'POST',
    path: '/api/v1/orders/preview',
    valid: {
      planId: r.pick(ids.plans),
      accountId: r.pick(ids.accounts),
      quantity: 1 + r.int(50),
      entryType: r.pick(ORDER_ENTRY_TYPES),
      entryLimitPrice: null,
      duration: r.pick(ORDER_DURATIONS),
    },
  }),
  // The import reads no body, so a few dozen tries of junk say all there is to say (each asks the
  // broker for a year of fills); the rest of this slot edits trades.
  (r) =>
    r.chance(0.1)
      ? { method: 'POST', path: '/api/v1/trades/import', valid: {} }
      : { method: 'PUT', path: `/api/v1/trades/${pathId(r, ids.trades)}`, valid: tradeBody(r) },
];

/** Sends one call; answers its status and what is wrong with the answer, if anything. */
async function send(call: Call): Promise<{ status: number; problem?: string }> {
  const payload = 'raw' in call.body ? call.body.raw : JSON.stringify(call.body.json);
  const what = (status: number) =>
    `${status} ${call.method} ${call.path.slice(0, 80)} ${payload.slice(0, 200)}`;
  const request = () =>
    alex.call(call.method, call.path, undefined, {
      body: payload,
      headers: { 'Content-Type': 'application/json' },
    });
  let res: Response;
  try {
    // A kept-alive connection the server closes just as a request goes out breaks that request
    // (a known race of HTTP keep-alive, not an answer): it is sent once more.
    res = await request().catch(request);
  } catch (error) {
    // Over 1 MB the server answers 413 and closes without reading the rest: the upload may break.
    if (Buffer.byteLength(payload) > MAX_BODY_BYTES) return { status: 413 };
    return { status: 0, problem: `${(error as Error).message}: ${what(0)}` };
  }
  const text = await res.text();
  const { status } = res;
  if (status >= 500) return { status, problem: what(status) };
  if (!res.headers.get('content-type')?.includes('application/json')) {
    return { status, problem: `not JSON: ${what(status)}` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { status, problem: `unparsable: ${what(status)}` };
  }
  if (status >= 400 && typeof (parsed as { message?: unknown })?.message !== 'string') {
    return { status, problem: `no message: ${what(status)}` };
  }
  return { status };
}

describe('fuzzing every write call', () => {
  it(`answers ${REQUESTS} mutated bodies without a single 5xx`, { timeout: 360_000 }, async () => {
    const r = seededRandom(SEED);
    // Drawn up front, so the bodies do not depend on the order the answers come back in.
    const calls: Call[] = Array.from({ length: REQUESTS }, (_, i) => {
      const { method, path, valid } = (WRITE_CALLS[i % WRITE_CALLS.length] as (typeof WRITE_CALLS)[number])(
        r,
      );
      return { method, path, body: mutatedBody(r, valid, known) };
    });
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < calls.length) {
          const call = calls[next++] as Call;
          const { status, problem } = await send(call);
          if (problem) problems.push(problem);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    console.log(`fuzz: ${REQUESTS} requests in ${seconds} s (seed ${SEED}; ${byStatus.join(', ')})`);
    expect(problems.slice(0, 20)).toEqual([]);
    expect(problems).toHaveLength(0);
  });
});

describe('after the fuzz', () => {
  it('holds only whole, valid records of their own trader', async () => {
    const accounts = new Set(ids.accounts);
    const fills = (await alex.json<Execution[]>('GET', '/api/v1/executions')).body;
    for (const e of fills) {
      expect(accounts.has(e.accountId)).toBe(true);
      expect(e.symbol).toMatch(/^[A-Z0-9./-]{1,10}$/);
      expect(e.quantity > 0 && e.price > 0 && e.fees >= 0).toBe(true);
      expect(Date.parse(e.executedAt)).toBeLessThanOrEqual(t.clock.now.getTime() + 5 * 60_000);
    }
    const sam = await signIn(t.url, 'sam');
    expect((await sam.json<Execution[]>('GET', '/api/v1/executions')).body).toHaveLength(2);
    // A plan's stock may be edited after a trade was linked, so only whose plan it is holds for good.
    const planList = (await alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body;
    for (const p of planList) expect([null, ...CYCLE_TYPES]).toContain(p.marketCycleAtCreation);
    for (const a of (await alex.json<Account[]>('GET', '/api/v1/accounts')).body) {
      expect(a.heatLimit >= 0 && a.heatLimit <= 100).toBe(true);
    }
    const plans = new Set(planList.map((p) => p.id));
    const trades = await alex.json<Trade[]>('GET', '/api/v1/trades');
    expect(trades.status).toBe(200);
    for (const tr of trades.body) if (tr.planId !== null) expect(plans.has(tr.planId)).toBe(true);
  });
});

// Bodies that once passed validation and then answered 500 (issue 26, item 13): each is a 400 on
// its field now, through the API and in a restore alike.
describe('inputs past the bounds answer 400 on their field', () => {
  const YEAR_0 = '0000-01-05T15:00:00.000Z';
  const fill = () => ({
    accountId: ids.accounts[0],
    symbol: 'AAPL',
    side: 'Buy',
    quantity: 10,
    price: 100,
    executedAt: '2026-01-05T15:00:00.000Z',
  });
  const plan = { stock: 'BOUND', entryPrice: 100, stopLossPrice: 95 };
  const edge = { name: 'Bound', description: 'd', identificationNotes: 'n', weightFactor: 0.5 };
  const refusedOn = async (method: string, path: string, body: unknown, field: string) => {
    const res = await alex.json<{ message: string; errors?: { field: string }[] }>(method, path, body);
    expect(res.status, `${method} ${path} ${JSON.stringify(body).slice(0, 200)}`).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toContain(field);
  };

  it.each([
    ['a year-0000 time', { executedAt: YEAR_0 }, 'executedAt'],
    ['a year-10000 time', { executedAt: '+010000-01-05T15:00:00.000Z' }, 'executedAt'],
    ['a price of 1e308', { price: 1e308 }, 'price'],
    ['a quantity of 1e308', { quantity: 1e308 }, 'quantity'],
    ['a quantity of 1e-12', { quantity: 1e-12 }, 'quantity'],
    ['fees of 1e308', { fees: 1e308 }, 'fees'],
    ['a symbol as nested arrays', { symbol: [['AAPL']] }, 'symbol'],
  ])('a manual fill with %s', async (_, change, field) => {
    await refusedOn('POST', '/api/v1/executions', { ...fill(), ...change }, field);
  });

  it.each([
    ['POST', '/api/v1/tradeplans', { ...plan, entryPrice: 1e308 }, 'entryPrice'],
    ['POST', '/api/v1/tradeplans', { ...plan, targetPrice: 1e308 }, 'targetPrice'],
    ['POST', '/api/v1/tradeplans', { ...plan, notes: [['a'], ['b']] }, 'notes'],
    ['POST', '/api/v1/tradeplans', { ...plan, scanId: [[]] }, 'scanId'],
    ['POST', '/api/v1/edges', { ...edge, name: [['Trend']] }, 'name'],
    ['POST', '/api/v1/edges', { ...edge, description: [[['deep']]] }, 'description'],
    ['POST', '/api/v1/tradesetups', { name: 'Bound', entryCriteria: [['x']] }, 'entryCriteria'],
  ])('%s %s with %j', async (method, path, body, field) => {
    await refusedOn(method, path, body, field);
  });

  it('an account balance and a trade stop of 1e308, and trade notes as nested arrays', async () => {
    const settings = { originalBalance: 1e308, capitalRisk: 10, maxTradeRisk: 1, scaleOutFactor: 1 };
    await refusedOn('PUT', `/api/v1/accounts/${ids.accounts[0]}`, settings, 'originalBalance');
    const trade = `/api/v1/trades/${ids.trades[0]}`;
    await refusedOn('PUT', trade, { planId: null, initialStop: 1e308, notes: '' }, 'initialStop');
    await refusedOn('PUT', trade, { planId: null, initialStop: null, notes: [['x']] }, 'notes');
  });

  describe('in a restore', () => {
    let base: Backup;
    beforeAll(async () => {
      base = (await alex.json<Backup>('GET', '/api/v1/backup')).body;
    });
    const key = () => `${ids.accounts[0]}|AAPL|2026-01-05T15:00:00.000Z`;
    const annotation = (k: string) => ({
      key: k,
      planId: null,
      initialStop: null,
      notes: '',
      createdAt: base.exportedAt,
      updatedAt: base.exportedAt,
    });
    const restoreRefusedOn = async (change: Partial<Backup>, field: string) => {
      const res = await alex.json<{ errors?: { field: string }[] }>('POST', '/api/v1/backup', {
        ...base,
        ...change,
      });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toContain(field);
    };
    const firstFill = () => base.executions[0] as Backup['executions'][number];
    const firstPlan = () => base.tradePlans[0] as Backup['tradePlans'][number];

    it.each([
      [
        'a fill at year 0000',
        () => ({ executions: [{ ...firstFill(), executedAt: YEAR_0 }] }),
        'executions[0].executedAt',
      ],
      [
        'a fill made at year 0000',
        () => ({ executions: [{ ...firstFill(), createdAt: YEAR_0 }] }),
        'executions[0].createdAt',
      ],
      [
        'a fill of 1e-12 shares',
        () => ({ executions: [{ ...firstFill(), quantity: 1e-12 }] }),
        'executions[0].quantity',
      ],
      [
        'a plan at 1e308',
        () => ({ tradePlans: [{ ...firstPlan(), entryPrice: 1e308 }] }),
        'tradePlans[0].entryPrice',
      ],
      [
        'a plan made at year 0000',
        () => ({ tradePlans: [{ ...firstPlan(), createdAt: YEAR_0 }] }),
        'tradePlans[0].createdAt',
      ],
      [
        'a plan with notes as nested arrays',
        () => ({ tradePlans: [{ ...firstPlan(), notes: [['x']] }] }),
        'tradePlans[0].notes',
      ],
      [
        'a trade key with a NUL',
        () => ({ tradeAnnotations: [annotation(key().replace('AAPL', 'AA\u0000PL'))] }),
        'tradeAnnotations[0].key',
      ],
      [
        'a trade key of 2.7 KB',
        () => ({ tradeAnnotations: [annotation(`${key()}|${'9'.repeat(2_700)}`)] }),
        'tradeAnnotations[0].key',
      ],
      [
        'a trade key with a year-0000 time',
        () => ({ tradeAnnotations: [annotation(key().replace('2026', '0000'))] }),
        'tradeAnnotations[0].key',
      ],
    ] as [string, () => Partial<Backup>, string][])('%s', async (_, change, field) => {
      await restoreRefusedOn(change(), field);
    });
  });
});
