import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_COLLECTIONS, type Backup } from '../../src/domain/backup.ts';
import {
  type Account,
  type AuthStatus,
  CYCLE_TYPES,
  type Edge,
  type Execution,
  type Trade,
  type TradePlanDto,
  type TradeSetup,
} from '../../src/domain/types.ts';
import { CRITERIA, callsForEveryField, edgeBody, fillBody, type World, WRITE_CALLS } from './fuzz/calls.ts';
import { HOSTILE_QUERY_VALUES, hostileValuesFor, jsonWith } from './fuzz/hostile.ts';
import { BODY_KINDS, type BodyKind, mutatedBody } from './fuzz/mutations.ts';
import { seededRandom } from './fuzz/random.ts';
import { type FuzzRequest, sendAll, statusCounts } from './fuzz/send.ts';
import { type Client, signIn, startTestServer, type TestServer } from './harness.ts';

// Every call that reads a body or a query, fuzzed two ways, and never a 5xx: first each field of
// each write, of each record of a restore and each query parameter, once with every class of input
// that once answered 500 (fuzz/hostile.ts: half a character, impossible dates, nesting thousands
// deep); then bodies bent at random (fuzz/mutations.ts), for what no one listed: every write call
// gets every kind of bent body ROUNDS times, its details drawn at random. Deterministic: the seed
// is in every failure's message, and FUZZ_SEED=<seed> replays that run.
const ROUNDS = 12;
const CONCURRENCY = 8;
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_120);

let t: TestServer;
let alex: Client;
const w: World = {
  edges: [],
  setups: [],
  plans: [],
  accounts: [],
  trades: [],
  settings: [],
  known: { own: [], others: [], deleted: [] },
  now: () => t.clock.now,
};

const post = async <T>(client: Client, path: string, body: unknown) => {
  const res = await client.json<T & { id: string }>('POST', path, body);
  if (res.status !== 201) throw new Error(`setup ${path}: ${res.status}`);
  return res.body.id;
};

beforeAll(async () => {
  // Thousands of requests as fast as they are answered: far past a trader's rate (http/fairShare.ts).
  t = await startTestServer({ TRADER_REQUESTS_PER_SECOND: '1000000' });
  alex = await signIn(t.url, 'alex');
  const sam = await signIn(t.url, 'sam');
  for (const [client, own] of [
    [alex, true],
    [sam, false],
  ] as const) {
    const edge = await post<Edge>(client, '/api/v1/edges', edgeBody(seededRandom(1), 'Seed edge'));
    const setup = await post<TradeSetup>(client, '/api/v1/tradesetups', {
      name: 'Seed setup',
      rules: [],
      entryCriteria: CRITERIA.join('\n'),
    });
    const plan = await post<TradePlanDto>(client, '/api/v1/tradeplans', {
      stock: 'SEED',
      entryPrice: 50,
      stopLossPrice: 45,
      tradeSetupId: setup,
      edgeIds: [edge],
      criteriaMet: [CRITERIA[0]],
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
    // Labels on the trade, so a restore carries an annotation whose lists the fuzz can bend.
    await client.json('PUT', `/api/v1/trades/${trades[0]}`, {
      planId: plan,
      tags: ['seed'],
      mistakes: ['late'],
    });
    const userId = (await client.json<AuthStatus>('GET', '/api/v1/auth/status')).body.user.id;
    // Saved settings, so a restore carries a settings record whose fields the fuzz can bend.
    await client.json('PUT', `/api/v1/settings/${userId}`, { nearEntryR: 0.5 });
    (own ? w.known.own : w.known.others).push(edge, setup, plan, buy, userId, ...accounts, ...trades);
    if (own) {
      w.settings.push(userId);
      w.edges.push(edge);
      w.setups.push(setup);
      w.plans.push(plan);
      w.accounts.push(...accounts);
      w.trades.push(...trades);
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
  const goneFill = await post<Execution>(alex, '/api/v1/executions', fillBody(seededRandom(3), w));
  await alex.call('DELETE', `/api/v1/tradeplans/${gonePlan}`);
  await alex.call('DELETE', `/api/v1/executions/${goneFill}`);
  w.known.deleted.push(goneEdge, goneSetup, gonePlan, goneFill);
});
afterAll(() => t.stop());

/** Fails with the first problems found, after logging what was sent and answered. */
async function expectNoProblems(what: string, calls: FuzzRequest[], concurrency: number) {
  const started = performance.now();
  const { problems, statuses } = await sendAll(alex, calls, concurrency);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `fuzz ${what}: ${calls.length} requests in ${seconds} s (seed ${SEED}; ${statusCounts(statuses)})`,
  );
  const replay = `fuzz ${what}, seed ${SEED} (FUZZ_SEED=${SEED} replays it)`;
  expect(problems.slice(0, 20), replay).toEqual([]);
  expect(problems, replay).toHaveLength(0);
}

describe('every field with every class of input that once answered 500', () => {
  it('a restore, each field of the first record of each collection', { timeout: 120_000 }, async () => {
    const base = (await alex.json<Backup>('GET', '/api/v1/backup')).body;
    const restore = (payload: string): FuzzRequest => ({ method: 'POST', path: '/api/v1/backup', payload });
    const calls: FuzzRequest[] = [];
    for (const field of ['exportedAt', 'formatVersion', ...BACKUP_COLLECTIONS]) {
      for (const value of hostileValuesFor(field, base[field as keyof Backup])) {
        calls.push(restore(jsonWith(value, (v) => ({ ...base, [field]: v }))));
      }
    }
    for (const collection of BACKUP_COLLECTIONS) {
      const [first, ...rest] = base[collection] as Record<string, unknown>[];
      if (!first) throw new Error(`the seeded journal has no ${collection}`);
      for (const [field, valid] of Object.entries(first)) {
        for (const value of hostileValuesFor(field, valid)) {
          calls.push(
            restore(jsonWith(value, (v) => ({ ...base, [collection]: [{ ...first, [field]: v }, ...rest] }))),
          );
        }
      }
    }
    // Two at a time: a trader's restores take turns (http/fairShare.ts), the second waiting.
    await expectNoProblems('restore fields', calls, 2);
  });

  it('each write, each field of its body', { timeout: 120_000 }, async () => {
    const calls = callsForEveryField(seededRandom(SEED), w).flatMap(({ method, path, valid, headers }) =>
      Object.entries(valid).flatMap(([field, value]) =>
        hostileValuesFor(field, value).map((hostile) => ({
          method,
          path,
          headers,
          payload: jsonWith(hostile, (v) => ({ ...valid, [field]: v })),
        })),
      ),
    );
    await expectNoProblems('write fields', calls, CONCURRENCY);
  });

  it('each read, each parameter of its query and each id in its path', { timeout: 120_000 }, async () => {
    const queries: [string, string[]][] = [
      ['/api/v1/stats', ['by', 'range', 'from', 'to']],
      ['/api/v1/sync', ['since', 'cycle']],
      ['/api/v1/orders', ['planId']],
      ['/api/v1/quotes', ['symbols']],
      ['/api/v1/edges', ['include']],
    ];
    const calls: FuzzRequest[] = [];
    for (const [path, params] of queries) {
      for (const param of params) {
        for (const value of HOSTILE_QUERY_VALUES)
          calls.push({ method: 'GET', path: `${path}?${param}=${value}` });
      }
    }
    // The candles' query with each parameter hostile while the others hold.
    const candleQuery = { symbol: 'NVDA', from: '2026-01-05', to: '2026-01-09' };
    for (const param of Object.keys(candleQuery)) {
      for (const value of HOSTILE_QUERY_VALUES) {
        const query = Object.entries({ ...candleQuery, [param]: value }).map(([k, v]) => `${k}=${v}`);
        calls.push({ method: 'GET', path: `/api/v1/candles?${query.join('&')}` });
      }
    }
    // The stats' range with each end impossible while the other holds, and an end given twice.
    for (const value of HOSTILE_QUERY_VALUES) {
      calls.push({ method: 'GET', path: `/api/v1/stats?from=2026-01-05&to=${value}` });
      calls.push({ method: 'GET', path: `/api/v1/stats?from=${value}&to=2026-01-05` });
      calls.push({ method: 'GET', path: `/api/v1/stats?from=2026-01-05&from=${value}&to=2026-01-06` });
    }
    const ids = ['%ED%A0%80', '%F0%9F', '%00', '2026-13-01', 'x'.repeat(3000)];
    for (const path of [
      '/api/v1/tradeplans/',
      '/api/v1/tradesetups/',
      '/api/v1/orders/',
      '/api/v1/executions/',
    ]) {
      for (const id of ids) calls.push({ method: 'GET', path: `${path}${id}` });
    }
    // A sync without a cursor is the trader's one heavy call: two at a time, the second waits its turn.
    await expectNoProblems('read parameters', calls, 2);
  });
});

describe('fuzzing every write call at random', () => {
  const requests = ROUNDS * BODY_KINDS.length * WRITE_CALLS.length;
  it(`answers ${requests} bent bodies, every kind to every call, without a single 5xx`, {
    timeout: 360_000,
  }, async () => {
    const r = seededRandom(SEED);
    // Drawn up front, so the bodies do not depend on the order the answers come back in.
    const calls: FuzzRequest[] = Array.from({ length: requests }, (_, i) => {
      const call = WRITE_CALLS[i % WRITE_CALLS.length] as (typeof WRITE_CALLS)[number];
      const kind = BODY_KINDS[Math.floor(i / WRITE_CALLS.length) % BODY_KINDS.length] as BodyKind;
      const { method, path, valid } = call(r, w);
      const body = mutatedBody(r, valid, w.known, kind);
      return { method, path, payload: 'raw' in body ? body.raw : JSON.stringify(body.json) };
    });
    await expectNoProblems('at random', calls, CONCURRENCY);
  });
});

describe('after the fuzz', () => {
  it('holds only whole, valid records of their own trader', async () => {
    const accounts = new Set(w.accounts);
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
    // Every text kept is whole: no half of a character reached the database, in any field or list
    // (JSON.stringify writes a lone one as an escape, a pair as it is; a text column, as U+FFFD).
    const journal = await (await alex.call('GET', '/api/v1/backup')).text();
    expect(journal).not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i);
    expect(journal).not.toContain('\ufffd');
  });
});

// Bodies that once passed validation and then answered 500 (issue 26, item 13): each is a 400 on
// its field now, through the API and in a restore alike.
describe('inputs past the bounds answer 400 on their field', () => {
  const YEAR_0 = '0000-01-05T15:00:00.000Z';
  const fill = () => ({
    accountId: w.accounts[0],
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
    await refusedOn('PUT', `/api/v1/accounts/${w.accounts[0]}`, settings, 'originalBalance');
    const trade = `/api/v1/trades/${w.trades[0]}`;
    await refusedOn('PUT', trade, { planId: null, initialStop: 1e308, notes: '' }, 'initialStop');
    await refusedOn('PUT', trade, { planId: null, initialStop: null, notes: [['x']] }, 'notes');
  });

  describe('in a restore', () => {
    let base: Backup;
    beforeAll(async () => {
      base = (await alex.json<Backup>('GET', '/api/v1/backup')).body;
    });
    const key = () => `${w.accounts[0]}|AAPL|2026-01-05T15:00:00.000Z`;
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
