import { beforeAll, describe, expect, it } from 'vitest';
import type { Backup } from '../../src/domain/backup.ts';
import { JSON_DEPTH_MAX } from '../../src/domain/constants.ts';
import { messages } from '../../src/domain/messages.ts';
import type { Account, Trade, TradePlanDto, TradeSetup } from '../../src/domain/types.ts';
import { signedInServer } from './harness.ts';

// Inputs that answered 500 (issue 39, item 7): half of a character in text (PostgreSQL refuses
// it in JSON columns), JSON nested thousands deep, impossible dates. Each is a 400 on its field,
// through the API and in a restore, and the journal is left as it was.

// Hundreds of calls in a few seconds: far past a trader's rate (http/fairShare.ts).
const { alex } = signedInServer({ TRADER_REQUESTS_PER_SECOND: '1000000' });
let account: Account;
let setup: TradeSetup;
let plan: TradePlanDto;
let trade: Trade;
let base: Backup;

/** The journal as a backup holds it, without the time of the download. */
const journal = async () => {
  const { exportedAt: _, ...rest } = (await alex.json<Backup>('GET', '/api/v1/backup')).body;
  return rest;
};

type Answer = { message: string; errors?: { field: string; message: string }[] };
/** Sends `body` (an object, or JSON text as it is) and expects a 400 naming `field`, and no change. */
async function refusedOn(method: string, path: string, body: unknown, field: string, message?: string) {
  const before = await journal();
  const res =
    typeof body === 'string'
      ? await alex.call(method, path, undefined, { body, headers: { 'Content-Type': 'application/json' } })
      : await alex.call(method, path, body);
  const answer = (await res.json()) as Answer;
  const what = `${method} ${path} ${String(typeof body === 'string' ? body : JSON.stringify(body)).slice(0, 120)}`;
  expect(res.status, `${what}: ${JSON.stringify(answer).slice(0, 300)}`).toBe(400);
  expect(answer.errors?.map((e) => e.field)).toContain(field);
  if (message) expect(answer.errors?.find((e) => e.field === field)?.message).toBe(message);
  expect(await journal()).toEqual(before);
}

const edge = { name: 'Trend', description: 'd', identificationNotes: 'n', weightFactor: 0.5 };
const fillBody = (over: Record<string, unknown> = {}) => ({
  accountId: account.id,
  symbol: 'HOST',
  side: 'Buy',
  quantity: 1,
  price: 10,
  executedAt: '2026-01-05T15:00:00.000Z',
  ...over,
});

beforeAll(async () => {
  account = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
  setup = (
    await alex.json<TradeSetup>('POST', '/api/v1/tradesetups', {
      name: 'Flag',
      entryCriteria: 'Volume up\nAbove EMA21',
    })
  ).body;
  plan = (
    await alex.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
      stock: 'HOST',
      entryPrice: 10,
      stopLossPrice: 9,
      tradeSetupId: setup.id,
      criteriaMet: ['Volume up'],
    })
  ).body;
  await alex.json('POST', '/api/v1/executions', fillBody());
  await alex.json(
    'POST',
    '/api/v1/executions',
    fillBody({ side: 'Sell', executedAt: '2026-01-06T15:00:00.000Z' }),
  );
  trade = (await alex.json<Trade[]>('GET', '/api/v1/trades')).body[0] as Trade;
  await alex.json('PUT', `/api/v1/trades/${trade.id}`, {
    planId: plan.id,
    tags: ['gap'],
    mistakes: ['late'],
  });
  base = (await alex.json<Backup>('GET', '/api/v1/backup')).body;
  expect(base.tradeAnnotations).toHaveLength(1);
});

describe('half of a character (a lone UTF-16 surrogate)', () => {
  const trades = () => `/api/v1/trades/${trade.id}`;
  const plans = () => `/api/v1/tradeplans/${plan.id}`;
  it.each<[string, () => [string, string, unknown, string, string]]>([
    [
      'a ticked criterion of a new plan',
      () => [
        'POST',
        '/api/v1/tradeplans',
        { stock: 'NEW', entryPrice: 10, stopLossPrice: 9, criteriaMet: ['Volume \ud800'] },
        'criteriaMet',
        messages.criteriaMetSay.brokenCharacter,
      ],
    ],
    [
      'a ticked criterion of a plan',
      () => [
        'PUT',
        plans(),
        { criteriaMet: ['Volume up', '\udfff'] },
        'criteriaMet',
        messages.criteriaMetSay.brokenCharacter,
      ],
    ],
    [
      'a trade tag',
      () => [
        'PUT',
        trades(),
        { planId: null, tags: ['gap \ud83d'] },
        'tags',
        messages.tagsSay.brokenCharacter,
      ],
    ],
    [
      'a trade mistake',
      () => [
        'PUT',
        trades(),
        { planId: null, mistakes: ['\ud800'] },
        'mistakes',
        messages.mistakesSay.brokenCharacter,
      ],
    ],
    [
      'trade notes',
      () => ['PUT', trades(), { planId: null, notes: 'a\udc00b' }, 'notes', messages.textBrokenCharacter],
    ],
    ['plan notes', () => ['PUT', plans(), { notes: '\ud800' }, 'notes', messages.textBrokenCharacter]],
    [
      'an edge name',
      () => [
        'POST',
        '/api/v1/edges',
        { ...edge, name: 'Trend \ud800' },
        'name',
        messages.textBrokenCharacter,
      ],
    ],
    [
      'setup criteria',
      () => [
        'PUT',
        `/api/v1/tradesetups/${setup.id}`,
        { name: 'Flag', entryCriteria: 'a\n\udfff' },
        'entryCriteria',
        messages.textBrokenCharacter,
      ],
    ],
  ])('in %s: 400 on the field', async (_, call) => {
    await refusedOn(...call());
  });

  it.each<[string, () => Partial<Backup>, string]>([
    [
      'a plan tick',
      () => ({ tradePlans: base.tradePlans.map((p) => ({ ...p, criteriaMet: ['Volume \ud800'] })) }),
      'tradePlans[0].criteriaMet',
    ],
    [
      'a trade tag',
      () => ({ tradeAnnotations: base.tradeAnnotations.map((a) => ({ ...a, tags: ['\udfff'] })) }),
      'tradeAnnotations[0].tags',
    ],
    [
      'a trade mistake',
      () => ({ tradeAnnotations: base.tradeAnnotations.map((a) => ({ ...a, mistakes: ['x\ud800'] })) }),
      'tradeAnnotations[0].mistakes',
    ],
    [
      'a setup name',
      () => ({ tradeSetups: base.tradeSetups.map((s) => ({ ...s, name: 'Flag \ud83d' })) }),
      'tradeSetups[0].name',
    ],
  ])('in a restore, in %s: 400 on the field', async (_, change, field) => {
    await refusedOn('POST', '/api/v1/backup', { ...base, ...change() }, field);
  });

  it('a whole emoji (a pair) is text like any other', async () => {
    const res = await alex.json<Trade>('PUT', `/api/v1/trades/${trade.id}`, {
      planId: plan.id,
      tags: ['📈 gap'],
      mistakes: ['late'],
    });
    expect(res.status).toBe(200);
    expect(res.body.tags).toEqual(['📈 gap']);
  });
});

describe('JSON nested deeper than the body reader takes', () => {
  const deep = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
  const tooDeep = messages.bodyNestedTooDeeply;
  it.each<[string, () => [string, string]]>([
    ['an edge name', () => ['POST /api/v1/edges', `{"name":${deep(5_000)}}`]],
    [
      'a plan edge list',
      () => [
        'POST /api/v1/tradeplans',
        `{"stock":"X","entryPrice":10,"stopLossPrice":9,"edgeIds":${deep(5_000)}}`,
      ],
    ],
    [
      'a fill symbol',
      () => ['POST /api/v1/executions', JSON.stringify(fillBody()).replace('"HOST"', deep(5_000))],
    ],
    ['trade tags', () => [`PUT /api/v1/trades/${trade.id}`, `{"tags":${deep(5_000)}}`]],
    ['a plan edit', () => [`PUT /api/v1/tradeplans/${plan.id}`, `{"notes":${deep(5_000)}}`]],
    ['an order preview', () => ['POST /api/v1/orders/preview', `{"planId":${deep(5_000)}}`]],
    ['the body itself', () => ['POST /api/v1/edges', deep(200_000)]],
    [`one level past ${JSON_DEPTH_MAX}`, () => ['POST /api/v1/edges', `{"name":${deep(JSON_DEPTH_MAX)}}`]],
    [
      'a restore record',
      () => ['POST /api/v1/backup', JSON.stringify(base).replace(`"name":"Flag"`, `"name":${deep(5_000)}`)],
    ],
  ])('in %s: 400 on the body', async (_, call) => {
    const [route, body] = call();
    const [method, path] = route.split(' ') as [string, string];
    await refusedOn(method, path, body, 'body', tooDeep);
  });

  it(`takes ${JSON_DEPTH_MAX} levels: the field's own check answers`, async () => {
    await refusedOn(
      'POST',
      '/api/v1/edges',
      `{"name":${deep(JSON_DEPTH_MAX - 1)}}`,
      'name',
      messages.mustBeText,
    );
  });
});

describe('impossible dates', () => {
  const IMPOSSIBLE_DAYS = ['2026-13-01', '2026-02-30', '2026-00-10', '2025-02-29', '2026-04-31'];
  const IMPOSSIBLE_TIMES = [
    ...IMPOSSIBLE_DAYS.map((d) => `${d}T15:00:00.000Z`),
    '2026-01-05T24:00:00Z',
    '2026-01-05T15:60:00Z',
    '2026-01-05T15:00:00+25:00',
  ];

  it.each(IMPOSSIBLE_DAYS)('GET /stats from or to %s: 400 on that parameter', async (day) => {
    for (const [query, field] of [
      [`from=${day}&to=2026-12-31`, 'from'],
      [`from=2026-01-01&to=${day}`, 'to'],
    ] as const) {
      const res = await alex.json<Answer>('GET', `/api/v1/stats?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toEqual([field]);
    }
  });

  it('GET /sync with a date for its cursor or cycle: a refusal or the whole sync, never a 5xx', async () => {
    expect((await alex.call('GET', '/api/v1/sync?since=2026-13-01')).status).toBe(400);
    // The cycle is the stamp of the one the app holds: any other text only means "send it".
    expect((await alex.call('GET', '/api/v1/sync?cycle=2026-13-01T00:00:00Z')).status).toBe(200);
  });

  it.each(IMPOSSIBLE_TIMES)('a time of %s: 400 on the field of each create and of a fill', async (time) => {
    await refusedOn('POST', '/api/v1/executions', fillBody({ executedAt: time }), 'executedAt');
    await refusedOn('POST', '/api/v1/edges', { ...edge, name: 'Dated', createdAt: time }, 'createdAt');
    await refusedOn('POST', '/api/v1/tradesetups', { name: 'Dated', createdAt: time }, 'createdAt');
    await refusedOn(
      'POST',
      '/api/v1/tradeplans',
      { stock: 'DATED', entryPrice: 10, stopLossPrice: 9, createdAt: time },
      'createdAt',
    );
    await refusedOn('POST', '/api/v1/executions', fillBody({ createdAt: time }), 'createdAt');
  });

  it.each(IMPOSSIBLE_TIMES.slice(0, 3))('a restore with %s in each time: 400 on the field', async (time) => {
    const at = (b: Partial<Backup>, field: string) =>
      refusedOn('POST', '/api/v1/backup', { ...base, ...b }, field);
    await at({ exportedAt: time }, 'exportedAt');
    await at(
      { executions: base.executions.map((e) => ({ ...e, executedAt: time })) },
      'executions[0].executedAt',
    );
    await at(
      { tradePlans: base.tradePlans.map((p) => ({ ...p, updatedAt: time })) },
      'tradePlans[0].updatedAt',
    );
    await at(
      { edges: [{ ...edge, id: crypto.randomUUID(), isActive: true, createdAt: time, updatedAt: time }] },
      'edges[0].createdAt',
    );
    const key = (base.tradeAnnotations[0] as Backup['tradeAnnotations'][number]).key;
    const badKey = key.replace(/\|[^|]+$/, `|${time}`);
    await at(
      { tradeAnnotations: base.tradeAnnotations.map((a) => ({ ...a, key: badKey })) },
      'tradeAnnotations[0].key',
    );
  });
});

describe('a key every object inherits (issue 40)', () => {
  it('is refused in words on its field, not with the validator’s internals, and nothing is written', async () => {
    for (const key of ['__proto__', 'constructor', 'toString']) {
      const raw = `{"name":"Proto","description":"d","identificationNotes":"n","weightFactor":0.5,"${key}":1}`;
      await refusedOn('POST', '/api/v1/edges', raw, key, messages.unknownField(key));
    }
  });
});
