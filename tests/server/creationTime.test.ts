import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_CLOCK_SKEW_MINUTES } from '../../src/domain/constants.ts';
import type { Account, Trade } from '../../src/domain/types.ts';
import { signedInServer } from './harness.ts';

// Issue 26: a record made offline was dated when the outbox replayed it, so a plan made a minute
// before a fill looked younger than the fill and the fill's trade was left unplanned. Creates
// carry the time the device made them, and the server keeps it when it is plausible
// (docs/product.md, "Offline and sync").

const { t, alex } = signedInServer();
const MINUTE = 60_000;
let account: Account;
/** When alex and sam first signed in (the harness signs them in at the clock's start). */
let firstSignIn: Date;

beforeAll(async () => {
  firstSignIn = t.clock.now;
  account = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
  t.clock.advance(60 * MINUTE);
});

const ago = (minutes: number) => new Date(t.clock.now.getTime() - minutes * MINUTE).toISOString();
const uuid = () => crypto.randomUUID();

/** One create of each kind that carries a client id, as the app sends it. */
const creates: [string, string, () => Record<string, unknown>][] = [
  [
    'an edge',
    '/edges',
    () => ({ name: `Edge ${uuid()}`, description: 'd', identificationNotes: 'n', weightFactor: 0.5 }),
  ],
  ['a setup', '/tradesetups', () => ({ name: `Setup ${uuid()}`, rules: [] })],
  [
    'a plan',
    '/tradeplans',
    () => ({ stock: `P${Math.floor(Math.random() * 1e6)}`, entryPrice: 10, stopLossPrice: 9 }),
  ],
  [
    'a manual fill',
    '/executions',
    () => ({
      accountId: account.id,
      symbol: 'XYZ',
      side: 'Buy',
      quantity: 1,
      price: 10,
      executedAt: ago(30),
    }),
  ],
];

type Stamped = { id: string; createdAt: string; updatedAt?: string };

async function create(path: string, body: Record<string, unknown>, createdAt?: string): Promise<Stamped> {
  const res = await alex.json<Stamped>('POST', `/api/v1${path}`, {
    ...body,
    id: uuid(),
    ...(createdAt === undefined ? {} : { createdAt }),
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('a create keeps the time the device made it, when plausible', () => {
  it.each(creates)(
    '%s made 20 minutes ago offline is dated then, in the answer and the list',
    async (_, path, body) => {
      const made = ago(20);
      const record = await create(path, body(), made);
      expect(record.createdAt).toBe(made);
      if ('updatedAt' in record) expect(record.updatedAt).toBe(made);
      const listed = (await alex.json<Stamped[]>('GET', `/api/v1${path}`)).body.find(
        (r) => r.id === record.id,
      );
      expect(listed?.createdAt).toBe(made);
    },
  );

  it.each(creates)('%s from a phone whose clock is a little ahead keeps its time', async (_, path, body) => {
    const ahead = new Date(t.clock.now.getTime() + (DEVICE_CLOCK_SKEW_MINUTES - 1) * MINUTE).toISOString();
    expect((await create(path, body(), ahead)).createdAt).toBe(ahead);
  });

  it.each(creates)("%s dated in the future beyond the skew gets the server's time", async (_, path, body) => {
    const future = new Date(t.clock.now.getTime() + (DEVICE_CLOCK_SKEW_MINUTES + 1) * MINUTE).toISOString();
    expect((await create(path, body(), future)).createdAt).toBe(t.clock.now.toISOString());
  });

  it.each(creates)(
    "%s dated before the trader's first sign-in gets the server's time",
    async (_, path, body) => {
      const before = new Date(firstSignIn.getTime() - MINUTE).toISOString();
      expect((await create(path, body(), before)).createdAt).toBe(t.clock.now.toISOString());
    },
  );

  it.each(creates)("%s without a time gets the server's", async (_, path, body) => {
    expect((await create(path, body())).createdAt).toBe(t.clock.now.toISOString());
  });

  it('an edit never changes when the record was made', async () => {
    const edge = { name: 'Momentum', description: 'd', identificationNotes: 'n', weightFactor: 0.5 };
    const made = await create('/edges', edge, ago(10));
    const res = await alex.json<Stamped>('PUT', `/api/v1/edges/${made.id}`, {
      ...edge,
      createdAt: ago(5000),
    });
    expect(res.status).toBe(200);
    expect(res.body.createdAt).toBe(made.createdAt);
    expect(res.body.updatedAt).toBe(t.clock.now.toISOString());
  });
});

describe('the COST scenario: a plan and a fill made offline a minute apart, replayed later', () => {
  it('links the trade to the plan, with its stop and, once closed, an R', async () => {
    const planMade = ago(12);
    const buyMade = ago(11);
    t.clock.advance(MINUTE); // the outbox replays a little later, in order
    const plan = await create(
      '/tradeplans',
      { stock: 'COST', entryPrice: 900, stopLossPrice: 880 },
      planMade,
    );
    expect(plan.createdAt).toBe(planMade);
    expect((await alex.json('PUT', `/api/v1/tradeplans/${plan.id}/status`, { status: 'Ready' })).status).toBe(
      200,
    );
    const buy = { accountId: account.id, symbol: 'COST', side: 'Buy', quantity: 10, price: 900 };
    await create('/executions', { ...buy, executedAt: buyMade }, buyMade);

    const open = (await alex.json<Trade[]>('GET', '/api/v1/trades')).body.find((tr) => tr.symbol === 'COST');
    expect(open).toMatchObject({ planId: plan.id, planned: true, initialStop: 880 });

    t.clock.advance(MINUTE);
    const sold = ago(0);
    await create('/executions', { ...buy, side: 'Sell', price: 940, executedAt: sold }, sold);
    const closed = (await alex.json<Trade[]>('GET', '/api/v1/trades')).body.find(
      (tr) => tr.symbol === 'COST',
    );
    expect(closed).toMatchObject({ planId: plan.id, initialStop: 880, rMultiple: 2 });
  });
});
