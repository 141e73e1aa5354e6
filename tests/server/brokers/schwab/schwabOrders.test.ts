import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BracketOrder } from '../../../../src/domain/orders.ts';
import {
  type Broker,
  type BrokerExchange,
  BrokerOrderLimitError,
  BrokerOrderNotFoundError,
  type BrokerTokens,
  BrokerUnavailableError,
  OrderRejectedError,
} from '../../../../src/server/brokers/broker.ts';
import {
  createSchwabBroker,
  type SchwabBrokerOptions,
} from '../../../../src/server/brokers/schwab/schwabBroker.ts';
import {
  bracketOrderOf,
  orderIdFromLocation,
  type SchwabOrderAnswer,
  schwabOrderJson,
  schwabOrderStatus,
  schwabPreview,
} from '../../../../src/server/brokers/schwab/schwabOrderJson.ts';
import { bracketOrderFixture } from '../../../fixtures/records.ts';
import { FAKE_LOGINS, type FakeSchwab } from './fakeSchwab.ts';
import { fakeOrderProblem } from './fakeSchwabOrders.ts';
import { schwabOptions, signInVia, startFakeSchwab } from './schwabApp.ts';

// The real SchwabBroker over loopback HTTP to the fake, both on one test clock.
const MARGIN = FAKE_LOGINS.alice?.accounts[0]?.hash as string; // $10,531.70 available
const CASH = FAKE_LOGINS.alice?.accounts[1]?.hash as string; // $2,350 available

const clock = { now: new Date('2026-11-24T15:30:00.000Z') };
let fake: FakeSchwab;
let broker: Broker;
let tokens: BrokerTokens;
let exchanges: BrokerExchange[];
const log = (e: BrokerExchange) => exchanges.push(e);

const options = (more: Partial<SchwabBrokerOptions> = {}) => schwabOptions(fake, () => clock.now, more);
const signIn = signInVia;

const order = bracketOrderFixture;
// 10 × $140 fits the margin account's $10,531.70 of funds; 66 shares do not.
const small = (fields: Partial<BracketOrder> = {}) => order({ quantity: 10, ...fields });

const leg = (instruction: string, quantity: number, symbol = 'NVDA') => ({
  instruction,
  quantity,
  instrument: { symbol, assetType: 'EQUITY' },
});
const stopExit = (stopPrice: string, quantity = 66) => ({
  orderStrategyType: 'SINGLE',
  session: 'NORMAL',
  duration: 'GOOD_TILL_CANCEL',
  orderType: 'STOP',
  stopPrice,
  orderLegCollection: [leg('SELL', quantity)],
});
const targetExit = (price: string, quantity = 66) => ({
  orderStrategyType: 'SINGLE',
  session: 'NORMAL',
  duration: 'GOOD_TILL_CANCEL',
  orderType: 'LIMIT',
  price,
  orderLegCollection: [leg('SELL', quantity)],
});

beforeAll(async () => {
  fake = await startFakeSchwab(() => clock.now);
  broker = createSchwabBroker(options());
});
afterAll(() => fake.stop());
beforeEach(async () => {
  fake.orders.clear();
  fake.clearTransactions();
  fake.requests.length = 0;
  exchanges = [];
  clock.now = new Date(clock.now.getTime() + 10 * 60_000);
  // A fresh sign-in each time: some tests move the clock past the access token's 30 minutes.
  tokens = await signIn(broker);
  fake.requests.length = 0;
});

describe("the order JSON, as Schwab's documentation writes a TRIGGER with an OCO", () => {
  it('a limit entry with a stop and a target', () => {
    expect(schwabOrderJson(order())).toEqual({
      orderStrategyType: 'TRIGGER',
      session: 'NORMAL',
      duration: 'DAY',
      orderType: 'LIMIT',
      price: '140.00',
      orderLegCollection: [leg('BUY', 66)],
      childOrderStrategies: [
        { orderStrategyType: 'OCO', childOrderStrategies: [stopExit('135.00'), targetExit('150.00')] },
      ],
    });
  });

  it('a stop entry, good till cancelled, without a target: the stop alone', () => {
    expect(
      schwabOrderJson(order({ entryType: 'Stop', duration: 'GoodTillCancel', targetPrice: null })),
    ).toEqual({
      orderStrategyType: 'TRIGGER',
      session: 'NORMAL',
      duration: 'GOOD_TILL_CANCEL',
      orderType: 'STOP',
      stopPrice: '140.00',
      orderLegCollection: [leg('BUY', 66)],
      childOrderStrategies: [stopExit('135.00')],
    });
  });

  it('a stop-limit entry: the trigger as stopPrice, its limit as price', () => {
    expect(schwabOrderJson(order({ entryType: 'StopLimit', entryLimitPrice: 140.5 }))).toEqual({
      orderStrategyType: 'TRIGGER',
      session: 'NORMAL',
      duration: 'DAY',
      orderType: 'STOP_LIMIT',
      price: '140.50',
      stopPrice: '140.00',
      orderLegCollection: [leg('BUY', 66)],
      childOrderStrategies: [
        { orderStrategyType: 'OCO', childOrderStrategies: [stopExit('135.00'), targetExit('150.00')] },
      ],
    });
  });

  it('a stop-limit without a target', () => {
    const json = schwabOrderJson(
      order({ entryType: 'StopLimit', entryLimitPrice: 140.5, targetPrice: null }),
    );
    expect(json.childOrderStrategies).toEqual([stopExit('135.00')]);
  });

  it('prices under $1 with 4 decimals, others with 2', () => {
    const penny = schwabOrderJson(
      order({ symbol: 'SNDL', quantity: 1000, entryPrice: 0.5, stopPrice: 0.45, targetPrice: 1.2 }),
    );
    expect(penny.price).toBe('0.5000');
    const oco = penny.childOrderStrategies?.[0]?.childOrderStrategies;
    expect(oco?.map((o) => o.stopPrice ?? o.price)).toEqual(['0.4500', '1.20']);
  });

  it('a short order sells short and buys to cover (issue 30)', () => {
    const json = schwabOrderJson(order({ direction: 'Short', stopPrice: 145, targetPrice: 130 }));
    expect(json.orderLegCollection?.[0]?.instruction).toBe('SELL_SHORT');
    const exits = json.childOrderStrategies?.[0]?.childOrderStrategies ?? [];
    expect(exits.map((e) => e.orderLegCollection?.[0]?.instruction)).toEqual([
      'BUY_TO_COVER',
      'BUY_TO_COVER',
    ]);
  });

  it('reads back as the order it was made from', () => {
    for (const o of [
      order(),
      order({ entryType: 'Stop', targetPrice: null, duration: 'GoodTillCancel' }),
      order({ entryType: 'StopLimit', entryLimitPrice: 140.5 }),
    ]) {
      expect(bracketOrderOf(schwabOrderJson(o) as SchwabOrderAnswer)).toEqual(o);
    }
  });
});

describe('the fake checks the shape as Schwab would', () => {
  it('takes every shape we send', () => {
    for (const o of [
      order(),
      order({ entryType: 'Stop', targetPrice: null }),
      order({ entryType: 'StopLimit', entryLimitPrice: 140.5, duration: 'GoodTillCancel' }),
      order({ entryPrice: 0.5, stopPrice: 0.45, targetPrice: 1.2 }),
    ]) {
      expect(typeof fakeOrderProblem(schwabOrderJson(o))).toBe('object');
    }
  });

  it.each<[string, (json: Record<string, unknown>) => void, RegExp]>([
    ['a number for a price', (j) => (j.price = 140), /string/],
    ['three decimals', (j) => (j.price = '140.001'), /2 decimals/],
    ['two decimals under $1', (j) => (j.price = '0.50'), /4 under/],
    ['a SINGLE entry', (j) => (j.orderStrategyType = 'SINGLE'), /TRIGGER/],
    [
      'a Day exit',
      (j) =>
        ((j.childOrderStrategies as { childOrderStrategies: { duration: string }[] }[])[0]!
          .childOrderStrategies[0]!.duration = 'DAY'),
      /GOOD_TILL_CANCEL/,
    ],
    ['an extra key', (j) => (j.cancelTime = '2026-12-01'), /holds/],
    [
      'a sell entry',
      (j) => ((j.orderLegCollection as { instruction: string }[])[0]!.instruction = 'SELL'),
      /BUY/,
    ],
    ['a market session', (j) => (j.session = 'SEAMLESS'), /NORMAL/],
  ])('refuses %s', (_what, spoil, message) => {
    const json = structuredClone(schwabOrderJson(order())) as unknown as Record<string, unknown>;
    spoil(json);
    expect(fakeOrderProblem(json)).toMatch(message);
  });
});

describe('placing an order at Schwab', () => {
  it('sends the JSON once, reads the id from the Location, and logs both without the token', async () => {
    const id = await broker.placeOrder(tokens, MARGIN, small(), log);
    const received = fake.orders.received(MARGIN);
    expect(received).toHaveLength(1);
    expect(id).toBe(received[0]?.id);
    expect(received[0]?.sent).toEqual(schwabOrderJson(small()));
    expect(fake.orders.placementCalls).toBe(1);
    expect(exchanges).toEqual([
      {
        method: 'POST',
        path: `/trader/v1/accounts/${MARGIN}/orders`,
        requestBody: schwabOrderJson(small()),
        status: 201,
        responseBody: null,
        at: clock.now.toISOString(),
      },
    ]);
    expect(JSON.stringify(exchanges)).not.toContain(tokens.accessToken);
  });

  it("refuses a bad price with Schwab's message: nothing placed", async () => {
    const bad = small({ stopPrice: 141 });
    await expect(broker.placeOrder(tokens, MARGIN, bad, log)).rejects.toThrow(
      new OrderRejectedError('The stop price must be below the entry price'),
    );
    expect(fake.orders.received()).toHaveLength(0);
    expect(exchanges[0]?.status).toBe(400);
    expect(exchanges[0]?.responseBody).toEqual({ message: 'The stop price must be below the entry price' });
  });

  it('refuses an order costing more than the available funds', async () => {
    const error = await broker.placeOrder(tokens, CASH, small({ quantity: 20 }), log).catch((e) => e);
    expect(error).toBeInstanceOf(OrderRejectedError);
    expect((error as Error).message).toMatch(/insufficient funds/);
    expect(fake.orders.received()).toHaveLength(0);
  });

  it('a lost answer is not a refusal, and the order is found among the recent orders', async () => {
    const since = new Date(clock.now.getTime() - 1000);
    fake.orders.dropNextPlacements();
    const error = await broker.placeOrder(tokens, MARGIN, small(), log).catch((e) => e);
    expect(error).toBeInstanceOf(BrokerUnavailableError);
    expect(error).not.toBeInstanceOf(OrderRejectedError);
    expect(exchanges.at(-1)).toMatchObject({ method: 'POST', status: null, responseBody: null });
    expect(fake.orders.received(MARGIN)).toHaveLength(1);

    const recent = await broker.recentOrders(tokens, MARGIN, since, clock.now, log);
    expect(recent).toEqual([
      {
        brokerOrderId: fake.orders.received(MARGIN)[0]?.id,
        status: 'Working',
        filledQuantity: 0,
        enteredAt: new Date(Math.floor(clock.now.getTime() / 1000) * 1000).toISOString(),
        reason: null,
        order: small(),
      },
    ]);
    const query = fake.apiCalls(`/trader/v1/accounts/${MARGIN}/orders`).at(-1)?.query;
    expect(query?.get('fromEnteredTime')).toBe(since.toISOString());
    expect(query?.get('toEnteredTime')).toBe(clock.now.toISOString());
  });

  it('a server error leaves the placement unknown', async () => {
    fake.failNext(500);
    const error = await broker.placeOrder(tokens, MARGIN, small(), log).catch((e) => e);
    expect(error).toBeInstanceOf(BrokerUnavailableError);
    expect(exchanges[0]?.status).toBe(500);
  });

  it('a 429 is logged, leaves the placement unknown, and holds the next request back', async () => {
    const own = createSchwabBroker(options());
    fake.rateLimit(0);
    try {
      const error = await own.placeOrder(tokens, MARGIN, small(), log).catch((e) => e);
      expect(error).toBeInstanceOf(BrokerUnavailableError);
      expect(error).not.toBeInstanceOf(OrderRejectedError);
      expect(exchanges.map((e) => e.status)).toEqual([429]);
      const calls = fake.apiCalls().length;
      await expect(own.getOrder(tokens, MARGIN, '1', log)).rejects.toThrow(/slow down/);
      expect(fake.apiCalls()).toHaveLength(calls);
      expect(exchanges).toHaveLength(1);
    } finally {
      fake.rateLimit(undefined);
    }
  });

  it('recent orders are only the range asked for', async () => {
    await broker.placeOrder(tokens, MARGIN, small(), log);
    const later = new Date(clock.now.getTime() + 60_000);
    expect(await broker.recentOrders(tokens, MARGIN, later, new Date(later.getTime() + 1000), log)).toEqual(
      [],
    );
  });
});

describe("following an order's status", () => {
  async function placed(o = small()) {
    return (await broker.placeOrder(tokens, MARGIN, o, log)) as string;
  }
  const state = (id: string) => broker.getOrder(tokens, MARGIN, id, log);

  it('working, partially filled, filled, and still filled once an exit fills', async () => {
    const id = await placed();
    expect(await state(id)).toMatchObject({
      status: 'Working',
      filledQuantity: 0,
      reason: null,
      order: small(),
    });
    fake.orders.fillEntry(id, { quantity: 4 });
    expect(await state(id)).toMatchObject({ status: 'PartiallyFilled', filledQuantity: 4 });
    fake.orders.fillEntry(id);
    expect(await state(id)).toMatchObject({ status: 'Filled', filledQuantity: 10 });
    fake.orders.fillExit(id, 'target');
    expect(await state(id)).toMatchObject({ status: 'Filled', filledQuantity: 10 });
    expect(exchanges.filter((e) => e.method === 'GET')).toHaveLength(4);
  });

  it('an order Schwab does not hold is not found', async () => {
    await expect(state('999')).rejects.toBeInstanceOf(BrokerOrderNotFoundError);
  });

  it('cancelled by the trader; a second cancel is refused with the reason', async () => {
    const id = await placed();
    await broker.cancelOrder(tokens, MARGIN, id, log);
    expect(exchanges.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/trader/v1/accounts/${MARGIN}/orders/${id}`,
      status: 200,
    });
    expect(await state(id)).toMatchObject({ status: 'Cancelled' });
    await expect(broker.cancelOrder(tokens, MARGIN, id, log)).rejects.toBeInstanceOf(OrderRejectedError);
  });

  it("rejected after it was taken in, with Schwab's reason; expired as cancelled", async () => {
    const rejected = await placed();
    fake.orders.reject(rejected, 'Order rejected by the exchange: halted');
    expect(await state(rejected)).toMatchObject({
      status: 'Rejected',
      reason: 'Order rejected by the exchange: halted',
    });
    const expired = await placed();
    fake.orders.expire(expired);
    expect(await state(expired)).toMatchObject({ status: 'Cancelled' });
  });

  it('the fills come in as TRADE transactions of the account', async () => {
    const since = new Date(clock.now.getTime() - 1000);
    const id = await placed();
    fake.orders.fillEntry(id, { price: 139.98 });
    clock.now = new Date(clock.now.getTime() + 5 * 60_000);
    fake.orders.fillExit(id, 'stop', { price: 134.9 });
    const page = await broker.executions(tokens, MARGIN, since, clock.now);
    expect(page.executions.map((e) => [e.side, e.quantity, e.price, e.positionEffect, e.symbol])).toEqual([
      ['Buy', 10, 139.98, 'Open', 'NVDA'],
      ['Sell', 10, 134.9, 'Close', 'NVDA'],
    ]);
    expect(new Set(page.executions.map((e) => e.brokerExecutionId)).size).toBe(2);
  });
});

describe('status mapping', () => {
  const answer = (status: string, fields: Partial<SchwabOrderAnswer> = {}): SchwabOrderAnswer => ({
    status,
    quantity: 10,
    filledQuantity: 0,
    ...fields,
  });

  it.each([
    'AWAITING_PARENT_ORDER',
    'AWAITING_CONDITION',
    'AWAITING_STOP_CONDITION',
    'AWAITING_MANUAL_REVIEW',
    'ACCEPTED',
    'AWAITING_UR_OUT',
    'PENDING_ACTIVATION',
    'QUEUED',
    'WORKING',
    'NEW',
    'PENDING_CANCEL',
    'PENDING_REPLACE',
    'UNKNOWN',
  ])('%s is Working', (status) => {
    expect(schwabOrderStatus(answer(status))).toEqual({ status: 'Working', filledQuantity: 0 });
  });

  it.each<[string, Partial<SchwabOrderAnswer>, string, number]>([
    ['WORKING', { filledQuantity: 3 }, 'PartiallyFilled', 3],
    ['FILLED', { filledQuantity: 10 }, 'Filled', 10],
    ['CANCELED', {}, 'Cancelled', 0],
    ['EXPIRED', {}, 'Cancelled', 0],
    ['REPLACED', {}, 'Cancelled', 0],
    ['EXPIRED', { filledQuantity: 4 }, 'Cancelled', 4],
    ['REJECTED', {}, 'Rejected', 0],
    // The executions count when filledQuantity lags behind them.
    [
      'WORKING',
      {
        orderActivityCollection: [
          { activityType: 'EXECUTION', executionLegs: [{ quantity: 2 }, { quantity: 1 }] },
        ],
      },
      'PartiallyFilled',
      3,
    ],
    ['WORKING', { filledQuantity: 10 }, 'Filled', 10],
  ])('%s %o is %s', (status, fields, mapped, filled) => {
    expect(schwabOrderStatus(answer(status, fields))).toEqual({ status: mapped, filledQuantity: filled });
  });
});

describe('the Location and the preview', () => {
  it.each([
    ['https://api.schwabapi.com/trader/v1/accounts/ABC/orders/1004000000001', '1004000000001'],
    ['/trader/v1/accounts/ABC/orders/42/', '42'],
    ['/trader/v1/accounts/ABC/orders', null],
    [null, null],
  ])('%s → %s', (location, id) => {
    expect(orderIdFromLocation(location)).toBe(id);
  });

  it("maps Schwab's validation: rejects refuse, alerts, warns and reviews warn", () => {
    expect(
      schwabPreview({
        orderValidationResult: {
          alerts: [{ validationRuleName: 'A', message: 'Alert' }],
          accepts: [{ validationRuleName: 'OK', message: 'Accepted' }],
          rejects: [{ validationRuleName: 'R', message: 'Rejected' }],
          reviews: [{ validationRuleName: 'V', activityMessage: 'Reviewed' }],
          warns: [{ validationRuleName: 'W', message: 'Warned' }],
        },
      }),
    ).toEqual({ warnings: ['Alert', 'Warned', 'Reviewed'], rejections: ['Rejected'] });
    expect(schwabPreview({})).toEqual({ warnings: [], rejections: [] });
    expect(
      schwabPreview({ orderValidationResult: { warns: 'x', rejects: [null, { message: 'R'.repeat(600) }] } }),
    ).toEqual({ warnings: [], rejections: ['R'.repeat(500)] });
  });

  it('previews at Schwab: its warnings, and a rejection for funds; nothing placed', async () => {
    expect(await broker.previewOrder?.(tokens, MARGIN, small({ duration: 'GoodTillCancel' }), log)).toEqual({
      warnings: ['Good-till-cancel orders expire after 180 days'],
      rejections: [],
    });
    expect(await broker.previewOrder?.(tokens, CASH, small({ quantity: 20 }), log)).toEqual({
      warnings: [],
      rejections: ['Insufficient buying power for this order'],
    });
    expect(await broker.previewOrder?.(tokens, MARGIN, small({ stopPrice: 141 }), log)).toEqual({
      warnings: [],
      rejections: ['The stop price must be below the entry price'],
    });
    expect(exchanges.map((e) => [e.method, e.path.split('/').pop(), e.status])).toEqual([
      ['POST', 'previewOrder', 200],
      ['POST', 'previewOrder', 200],
      ['POST', 'previewOrder', 400],
    ]);
    expect(fake.orders.received()).toHaveLength(0);
  });
});

describe("Schwab's order limits, counted before sending", () => {
  it('refuses a placement past the limit a minute less the room kept for cancels, without sending it', async () => {
    // 3 a minute: placements may use 2, and the last one is a cancel's.
    const limited = createSchwabBroker(options({ ordersPerMinute: 3 }));
    const first = await limited.placeOrder(tokens, MARGIN, small(), log);
    await limited.placeOrder(tokens, MARGIN, small(), log);
    const error = await limited.placeOrder(tokens, MARGIN, small(), log).catch((e) => e);
    expect(error).toBeInstanceOf(BrokerOrderLimitError);
    expect((error as BrokerOrderLimitError).retryAfterSeconds).toBe(60);
    expect(fake.orders.placementCalls).toBe(2);
    expect(exchanges).toHaveLength(2);
    // The cancel finds its room; past the whole limit even a cancel waits.
    await limited.cancelOrder(tokens, MARGIN, first, log);
    expect(exchanges.map((e) => e.method)).toEqual(['POST', 'POST', 'DELETE']);
    await expect(limited.cancelOrder(tokens, MARGIN, first, log)).rejects.toBeInstanceOf(
      BrokerOrderLimitError,
    );
    clock.now = new Date(clock.now.getTime() + 60_000);
    await limited.placeOrder(tokens, MARGIN, small(), log);
    expect(fake.orders.placementCalls).toBe(3);
  });

  it('refuses past the limit a day, a cancel counting as an order call', async () => {
    const limited = createSchwabBroker(options({ ordersPerDay: 2 }));
    const id = (await limited.placeOrder(tokens, MARGIN, small(), log)) as string;
    await limited.cancelOrder(tokens, MARGIN, id, log);
    clock.now = new Date(clock.now.getTime() + 60 * 60_000);
    tokens = await signIn(broker);
    await expect(limited.placeOrder(tokens, MARGIN, small(), log)).rejects.toBeInstanceOf(
      BrokerOrderLimitError,
    );
    expect(fake.orders.placementCalls).toBe(1);
    clock.now = new Date(clock.now.getTime() + 23 * 60 * 60_000);
    tokens = await signIn(broker);
    await expect(limited.placeOrder(tokens, MARGIN, small(), log)).resolves.toMatch(/^\d+$/);
  });

  it('the default limits are 120 a minute and 4,000 a day', async () => {
    const { SCHWAB_ORDERS_PER_DAY, SCHWAB_ORDERS_PER_MINUTE } = await import(
      '../../../../src/server/brokers/schwab/schwabOrders.ts'
    );
    expect([SCHWAB_ORDERS_PER_MINUTE, SCHWAB_ORDERS_PER_DAY]).toEqual([120, 4000]);
  });
});
