import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages.ts';
import type {
  OrderConfirmFields,
  OrderDto,
  OrderPreview,
  OrderRequestFields,
} from '../../src/domain/orders.ts';
import type { Account, Trade, TradePlanDto } from '../../src/domain/types.ts';
import type { BrokerExchange } from '../../src/server/brokers/broker.ts';
import type { FakeSchwab } from './brokers/schwab/fakeSchwab.ts';
import { schwabEnv, startFakeSchwab } from './brokers/schwab/schwabApp.ts';
import { type Client, createReadyPlan, startTestServer, type TestServer } from './harness.ts';
import { confirmOf, limitRequest, signInSchwab } from './orderBroker.ts';

/**
 * Orders through the real server with BROKER=schwab against the fake Schwab (its order endpoints
 * check the JSON's shape and count what they receive): the exact order, the preview, exactly once
 * under a double submit, a retry after a lost answer and two tabs, cancel, and a fill that makes
 * the trade linked to the plan.
 */

let t: TestServer;
let fake: FakeSchwab;
let dana: Client;
let account: Account;

beforeAll(async () => {
  fake = await startFakeSchwab(() => t?.clock.now ?? new Date());
  t = await startTestServer(schwabEnv(fake));
  dana = await signInSchwab(t.url, fake, 'dana');
  account = (await dana.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
  expect((await dana.json('PUT', `/api/v1/accounts/${account.id}/orders`, { allowed: true })).status).toBe(
    200,
  );
});
afterAll(async () => {
  await t.stop();
  await fake.stop();
});
beforeEach(() => fake.orders.clear());

/**
 * Schwab's TRIGGER order the app sends for a plan: the entry (a limit for the day) with the
 * instructions `[entry, exit]`, then an OCO of the stop and the target, good till cancelled.
 */
function triggerOrder(
  symbol: string,
  [entry, exit]: [string, string],
  prices: { entry: string; stop: string; target: string },
) {
  const exitOrder = (fields: Record<string, string>) => ({
    orderStrategyType: 'SINGLE',
    session: 'NORMAL',
    duration: 'GOOD_TILL_CANCEL',
    ...fields,
    orderLegCollection: [leg(exit, symbol)],
  });
  return {
    orderStrategyType: 'TRIGGER',
    session: 'NORMAL',
    duration: 'DAY',
    orderType: 'LIMIT',
    price: prices.entry,
    orderLegCollection: [leg(entry, symbol)],
    childOrderStrategies: [
      {
        orderStrategyType: 'OCO',
        childOrderStrategies: [
          exitOrder({ orderType: 'STOP', stopPrice: prices.stop }),
          exitOrder({ orderType: 'LIMIT', price: prices.target }),
        ],
      },
    ],
  };
}

let stocks = 0;
async function readyPlan(
  targetPrice: number | null = 150,
  prices: Record<string, unknown> = { entryPrice: 140, stopLossPrice: 135 },
): Promise<TradePlanDto> {
  const stock = `ORD${String.fromCharCode(65 + stocks++)}`;
  const created = await createReadyPlan(dana, { stock, ...prices, targetPrice });
  return (await dana.json<TradePlanDto>('GET', `/api/v1/tradeplans/${created.id}`)).body;
}

/** A request for the plan, with the order its preview shows (a preview's body ignores it). */
const request = (plan: TradePlanDto, over: Partial<OrderRequestFields> = {}): OrderConfirmFields =>
  confirmOf(plan, limitRequest(plan, account.id, { quantity: 20, ...over }));

async function place(body: unknown, key = randomUUID()) {
  const res = await dana.call('POST', '/api/v1/orders', body, { headers: { 'Idempotency-Key': key } });
  return { status: res.status, body: (await res.json()) as OrderDto & { message?: string } };
}

const leg = (instruction: string, symbol: string) => ({
  instruction,
  quantity: 20,
  instrument: { symbol, assetType: 'EQUITY' },
});

describe('orders at Schwab', () => {
  it('sends the plan as Schwab’s TRIGGER order with an OCO of the stop and the target', async () => {
    const plan = await readyPlan();
    const placed = await place(request(plan));
    expect(placed.status).toBe(201);
    const received = fake.orders.received(account.accountHash);
    expect(received).toHaveLength(1);
    expect(placed.body).toMatchObject({ status: 'Working', brokerOrderId: received[0]?.id });
    expect(received[0]?.sent).toEqual(
      triggerOrder(plan.stock, ['BUY', 'SELL'], { entry: '140.00', stop: '135.00', target: '150.00' }),
    );
    // The log holds the placement, without a token.
    const log = await dana.json<BrokerExchange[]>('GET', `/api/v1/orders/${placed.body.id}/log`);
    expect(log.body.map((e) => `${e.method} ${e.status}`)).toEqual(['POST 201']);
    expect(log.body[0]?.path).toBe(`/trader/v1/accounts/${account.accountHash}/orders`);
    const tokens = fake.issuedTokens();
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) expect(JSON.stringify(log.body)).not.toContain(token);
  });

  it('previews with Schwab’s own answer, and sends nothing', async () => {
    const plan = await readyPlan();
    const preview = await dana.json<OrderPreview>(
      'POST',
      '/api/v1/orders/preview',
      request(plan, { duration: 'GoodTillCancel' }),
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      words: `Buy 20 ${plan.stock} at 140.00 limit, GTC; then sell 20 at 135.00 stop or 150.00 limit, GTC`,
      cost: 2800,
      dollarsAtRisk: 100,
      broker: { warnings: ['Good-till-cancel orders expire after 180 days'], rejections: [] },
    });
    expect(fake.orders.placementCalls).toBe(0);
  });

  it('refuses an order over the plan’s size, sending nothing', async () => {
    const plan = await readyPlan();
    const size = plan.positionSizes.find((s) => s.accountId === account.id)?.position as number;
    const over = await place(request(plan, { quantity: size + 1 }));
    expect([over.status, over.body.message]).toEqual([400, messages.orderQuantityOverSize(size)]);
    expect(fake.orders.placementCalls).toBe(0);
  });

  it('a double submit sends one order', async () => {
    const plan = await readyPlan();
    const key = randomUUID();
    const both = await Promise.all([place(request(plan), key), place(request(plan), key)]);
    expect(new Set(both.map((r) => r.body.id)).size).toBe(1);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(fake.orders.placementCalls).toBe(1);
  });

  it('two tabs send one order', async () => {
    const plan = await readyPlan();
    const both = await Promise.all([place(request(plan)), place(request(plan))]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(fake.orders.placementCalls).toBe(1);
  });

  it('a retry after a lost answer adopts the order Schwab took in', async () => {
    const plan = await readyPlan(null);
    const key = randomUUID();
    fake.orders.dropNextPlacements(1);
    const lost = await place(request(plan), key);
    expect(lost.body).toMatchObject({ status: 'Sending', brokerOrderId: null });
    const retry = await place(request(plan), key);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ id: lost.body.id, status: 'Working' });
    expect(retry.body.brokerOrderId).toBe(fake.orders.received()[0]?.id);
    expect(fake.orders.placementCalls).toBe(1);
    // Even once a resend would be due, the order is known: nothing more is sent.
    t.clock.advance(60_000);
    expect((await place(request(plan), key)).body.status).toBe('Working');
    expect(fake.orders.placementCalls).toBe(1);
  });

  it('cancels a working order', async () => {
    const plan = await readyPlan();
    const placed = await place(request(plan));
    const cancelled = await dana.json<OrderDto>('DELETE', `/api/v1/orders/${placed.body.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('Cancelled');
    const log = await dana.json<BrokerExchange[]>('GET', `/api/v1/orders/${placed.body.id}/log`);
    expect(log.body.map((e) => `${e.method} ${e.status}`)).toEqual(['POST 201', 'DELETE 200', 'GET 200']);
  });

  it('two cancels of one order at once send Schwab one DELETE, and both answer its outcome', async () => {
    const plan = await readyPlan();
    const placed = await place(request(plan));
    // Schwab takes its time, so the second cancel arrives while the first is still asking.
    fake.orders.cancelDelayMs = 300;
    const both = await Promise.all([
      dana.json<OrderDto>('DELETE', `/api/v1/orders/${placed.body.id}`),
      dana.json<OrderDto>('DELETE', `/api/v1/orders/${placed.body.id}`),
    ]);
    expect(fake.orders.cancelCalls).toBe(1);
    expect(both.map((r) => [r.status, r.body.status])).toEqual([
      [200, 'Cancelled'],
      [200, 'Cancelled'],
    ]);
    const log = await dana.json<BrokerExchange[]>('GET', `/api/v1/orders/${placed.body.id}/log`);
    expect(log.body.filter((e) => e.method === 'DELETE')).toHaveLength(1);
  });

  it('a fill makes the trade, linked to the plan with the plan’s stop', async () => {
    const plan = await readyPlan();
    const placed = await place(request(plan));
    t.clock.advance(60_000);
    fake.orders.fillEntry(placed.body.brokerOrderId as string);
    t.clock.advance(1_000);
    const read = await dana.json<OrderDto>('GET', `/api/v1/orders/${placed.body.id}`);
    expect(read.body).toMatchObject({ status: 'Filled', filledQuantity: 20 });
    const trades = await dana.json<Trade[]>('GET', '/api/v1/trades');
    const trade = trades.body.find((tr) => tr.symbol === plan.stock);
    expect(trade).toMatchObject({ planId: plan.id, initialStop: 135, entryQuantity: 20, openQuantity: 20 });
    // Listing the plan's orders afterwards asks Schwab nothing more about a filled order.
    const calls = fake.apiCalls().length;
    t.clock.advance(10_000);
    const list = await dana.json<OrderDto[]>('GET', `/api/v1/orders?planId=${plan.id}`);
    expect(list.body.map((o) => o.status)).toEqual(['Filled']);
    expect(fake.apiCalls().length).toBe(calls);
  });

  it('sends a short plan as SELL_SHORT with BUY_TO_COVER exits, and its fills make the short trade', async () => {
    const plan = await readyPlan(130, { direction: 'Short', entryPrice: 140, stopLossPrice: 145 });
    const preview = await dana.json<OrderPreview>('POST', '/api/v1/orders/preview', request(plan));
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      words: `Sell short 20 ${plan.stock} at 140.00 limit, Day; then buy to cover 20 at 145.00 stop or 130.00 limit, GTC`,
      cost: 2800,
      dollarsAtRisk: 100,
      broker: { rejections: [] },
    });
    const placed = await place(request(plan));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const received = fake.orders.received(account.accountHash);
    expect(received[0]?.sent).toEqual(
      triggerOrder(plan.stock, ['SELL_SHORT', 'BUY_TO_COVER'], {
        entry: '140.00',
        stop: '145.00',
        target: '130.00',
      }),
    );
    t.clock.advance(60_000);
    fake.orders.fillEntry(placed.body.brokerOrderId as string);
    t.clock.advance(1_000);
    expect((await dana.json<OrderDto>('GET', `/api/v1/orders/${placed.body.id}`)).body.status).toBe('Filled');
    t.clock.advance(60_000);
    fake.orders.fillExit(placed.body.brokerOrderId as string, 'target');
    t.clock.advance(180_000);
    await dana.json('POST', '/api/v1/trades/import');
    const trade = (await dana.json<Trade[]>('GET', '/api/v1/trades')).body.find(
      (tr) => tr.symbol === plan.stock,
    );
    expect(trade).toMatchObject({ direction: 'Short', planId: plan.id, initialStop: 145, entryQuantity: 20 });
  });

  it('refuses a short order whose stop-limit limit is above its trigger, sending nothing', async () => {
    const plan = await readyPlan(130, { direction: 'Short', entryPrice: 140, stopLossPrice: 145 });
    const res = await place(request(plan, { entryType: 'StopLimit', entryLimitPrice: 140.5 }));
    expect([res.status, res.body.message]).toEqual([400, messages.entryLimitAboveTriggerShort]);
    expect(fake.orders.placementCalls).toBe(0);
  });
});
