import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages.ts';
import type {
  OrderConfirmFields,
  OrderDto,
  OrderPreview,
  OrderRequestFields,
} from '../../src/domain/orders.ts';
import type { Account, TradePlanDto } from '../../src/domain/types.ts';
import type { BrokerExchange } from '../../src/server/brokers/broker.ts';
import { orders } from '../../src/server/db/schema.ts';
import { ORDER_RESEND_WITHIN_SECONDS } from '../../src/server/orders/orderService.ts';
import { bracketOrderFixture } from '../fixtures/records.ts';
import { type Client, recordFill, signIn, startTestServer, type TestServer } from './harness.ts';
import { confirmOf, limitRequest, type ScriptedOrders, scriptedOrders } from './orderBroker.ts';

// The order service against a broker whose order calls the test steers (orderBroker.ts): the
// checks, exactly-once under a double tap, a retry after a lost answer and a second tab, cancel,
// a fill, the log, and that nothing of the sync or the outbox reaches an order.

let t: TestServer;
let broker: ScriptedOrders;
let alex: Client;
let sam: Client;
let account: Account;
let samAccount: Account;

beforeAll(async () => {
  broker = scriptedOrders(() => t.clock.now);
  t = await startTestServer({}, { broker: broker.broker });
  alex = await signIn(t.url, 'alex');
  sam = await signIn(t.url, 'sam');
  account = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
  samAccount = (await sam.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
  for (const [who, id] of [
    [alex, account.id],
    [sam, samAccount.id],
  ] as const) {
    expect((await who.json('PUT', `/api/v1/accounts/${id}/orders`, { allowed: true })).status).toBe(200);
  }
});
afterAll(() => t.stop());
beforeEach(() => {
  broker.next = null;
  broker.placeDelayMs = 0;
});

let stocks = 0;
/** A new Ready plan of alex's (a stock of its own, so plans never clash). */
async function readyPlan(
  who: Client = alex,
  prices: { entryPrice: number; stopLossPrice: number; targetPrice?: number | null } = {
    entryPrice: 140,
    stopLossPrice: 135,
    targetPrice: 150,
  },
  status: 'Ready' | 'Hold' | 'Draft' = 'Ready',
): Promise<TradePlanDto> {
  const created = await who.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
    stock: `ORD${stocks++}`,
    ...prices,
  });
  expect(created.status).toBe(201);
  for (const next of status === 'Draft' ? [] : status === 'Hold' ? ['Ready', 'Hold'] : ['Ready']) {
    const changed = await who.json('PUT', `/api/v1/tradeplans/${created.body.id}/status`, { status: next });
    expect(changed.status).toBe(200);
  }
  return (await who.json<TradePlanDto>('GET', `/api/v1/tradeplans/${created.body.id}`)).body;
}

const sizeOf = (plan: TradePlanDto, accountId = account.id) =>
  plan.positionSizes.find((s) => s.accountId === accountId)?.position ?? 0;

/** A request for the plan, with the order its preview shows (a preview's body ignores it). */
const request = (plan: TradePlanDto, over: Partial<OrderRequestFields> = {}): OrderConfirmFields =>
  confirmOf(plan, limitRequest(plan, account.id, over));

async function place(body: unknown, key: string | null = randomUUID(), who: Client = alex) {
  const res = await who.call(
    'POST',
    '/api/v1/orders',
    body,
    key === null ? {} : { headers: { 'Idempotency-Key': key } },
  );
  return { status: res.status, body: (await res.json()) as OrderDto & { message?: string } };
}

describe('preview', () => {
  it('says the order in words, its cost and risk, and the broker’s own view', async () => {
    const plan = await readyPlan();
    const res = await alex.json<OrderPreview>(
      'POST',
      '/api/v1/orders/preview',
      request(plan, { quantity: 66 }),
    );
    expect(res.status).toBe(200);
    expect(res.body.words).toBe(
      `Buy 66 ${plan.stock} at 140.00 limit, Day; then sell 66 at 135.00 stop or 150.00 limit, GTC`,
    );
    expect(res.body.cost).toBe(9240);
    expect(res.body.dollarsAtRisk).toBe(330);
    expect(res.body.riskPercentOfAccount).toBe(Math.round((330 / account.currentBalance) * 10000) / 100);
    expect(res.body.broker).toEqual({ warnings: ['A large order'], rejections: [] });
    expect(res.body.order).toEqual(bracketOrderFixture({ symbol: plan.stock }));
    expect(broker.received).toHaveLength(0);
  });
});

describe('the checks', () => {
  it('refuses what the plan, the account or the prices do not allow, for preview and place alike', async () => {
    const ready = await readyPlan();
    const hold = await readyPlan(alex, undefined, 'Hold');
    const draft = await readyPlan(alex, undefined, 'Draft');
    const samPlan = await readyPlan(sam);
    const subCent = await readyPlan(alex, { entryPrice: 140.005, stopLossPrice: 135, targetPrice: null });
    const cases: [string, unknown, number, string][] = [
      ['a Hold plan', request(hold), 409, messages.orderPlanNotReady],
      ['a Draft plan', request(draft), 409, messages.orderPlanNotReady],
      ["another trader's plan", request(samPlan), 404, messages.planNotFound],
      [
        "another trader's account",
        request(ready, { accountId: samAccount.id }),
        404,
        messages.accountNotFound,
      ],
      [
        'over the size',
        request(ready, { quantity: sizeOf(ready) + 1 }),
        400,
        messages.orderQuantityOverSize(sizeOf(ready)),
      ],
      ['no shares', request(ready, { quantity: 0 }), 400, messages.orderQuantityInvalid],
      ['a price off the tick', request(subCent), 400, messages.orderPriceTick('Entry price')],
      [
        'a stop-limit below its trigger',
        request(ready, { entryType: 'StopLimit', entryLimitPrice: 139 }),
        400,
        messages.entryLimitBelowTrigger,
      ],
      [
        'a stop-limit without its limit',
        request(ready, { entryType: 'StopLimit' }),
        400,
        messages.entryLimitPriceRequired,
      ],
    ];
    for (const [what, body, status, message] of cases) {
      const previewed = await alex.json<{ message: string }>('POST', '/api/v1/orders/preview', body);
      expect([what, previewed.status, previewed.body.message]).toEqual([what, status, message]);
      const placed = await place(body);
      expect([what, placed.status, placed.body.message]).toEqual([what, status, message]);
    }
    expect(broker.received).toHaveLength(0);
  });

  it('refuses an account without orders allowed, and one whose risk guard is reached', async () => {
    const plan = await readyPlan();
    const accounts = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body;
    const other = accounts.find((a) => a.id !== account.id) as Account;
    const off = await place(request(plan, { accountId: other.id }));
    expect([off.status, off.body.message]).toEqual([409, messages.ordersNotAllowed]);

    // Sam allows one new trade a day, and has made it today.
    const { id: _id, ...settings } = samAccount;
    const put = await sam.json('PUT', `/api/v1/accounts/${samAccount.id}`, {
      originalBalance: settings.originalBalance,
      capitalRisk: settings.capitalRisk,
      maxTradeRisk: settings.maxTradeRisk,
      scaleOutFactor: settings.scaleOutFactor,
      maxNewTradesPerDay: 1,
    });
    expect(put.status).toBe(200);
    const samPlan = await readyPlan(sam);
    await recordFill(t, sam, { accountId: samAccount.id, symbol: 'GUARD', quantity: 1, price: 10, fees: 0 });
    const guarded = await place(request(samPlan, { accountId: samAccount.id }), randomUUID(), sam);
    expect(guarded.status).toBe(409);
    expect(guarded.body.message).toMatch(/no new orders for this account until the next trading day$/);
    expect(broker.received).toHaveLength(0);
  });

  it('refuses a done plan', async () => {
    const plan = await readyPlan();
    // A trade of the plan opened and closed: the plan is done.
    const fill = (side: 'Buy' | 'Sell', minutes: number) =>
      alex.json('POST', '/api/v1/executions', {
        accountId: account.id,
        symbol: plan.stock,
        side,
        quantity: 10,
        price: side === 'Buy' ? 140 : 150,
        fees: 0,
        executedAt: new Date(t.clock.now.getTime() + minutes * 60_000).toISOString(),
      });
    t.clock.advance(60_000);
    expect((await fill('Buy', 0)).status).toBe(201);
    expect((await fill('Sell', 1)).status).toBe(201);
    t.clock.advance(5 * 60_000);
    const placed = await place(request(plan));
    expect([placed.status, placed.body.message]).toEqual([409, messages.orderPlanDone]);
  });

  it('needs an Idempotency-Key: what the offline outbox replays (no header) never places an order', async () => {
    const plan = await readyPlan();
    for (const key of [null, 'not-a-uuid']) {
      const placed = await place(request(plan), key);
      expect([placed.status, placed.body.message]).toEqual([400, messages.orderKeyRequired]);
    }
    expect(broker.received).toHaveLength(0);
    // The sync carries no orders either: an order is never cached for a replay.
    const sync = await alex.json<Record<string, unknown>>('GET', '/api/v1/sync');
    expect(Object.keys(sync.body).filter((k) => /order/i.test(k))).toEqual([]);
  });

  it('checks the session and the Origin', async () => {
    const plan = await readyPlan();
    const anonymous = await fetch(`${t.url}/api/v1/orders?planId=${plan.id}`);
    expect(anonymous.status).toBe(401);
    const foreign = await alex.call('POST', '/api/v1/orders', request(plan), {
      headers: { 'Idempotency-Key': randomUUID(), Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(broker.received).toHaveLength(0);
  });
});

describe('placing', () => {
  it('sends the order once and answers it Working; the same key again answers the same order', async () => {
    const plan = await readyPlan();
    const key = randomUUID();
    const first = await place(request(plan), key);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      planId: plan.id,
      accountId: account.id,
      status: 'Working',
      filledQuantity: 0,
      reason: null,
    });
    expect(first.body.brokerOrderId).toBe(broker.received.at(-1)?.state.brokerOrderId);
    const again = await place(request(plan), key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await place(request(plan, { quantity: 9 }), key);
    expect([other.status, other.body.message]).toEqual([409, messages.orderKeyReused]);
    expect(broker.received.filter((r) => r.order.symbol === plan.stock)).toHaveLength(1);
    const list = await alex.json<OrderDto[]>('GET', `/api/v1/orders?planId=${plan.id}`);
    expect(list.body.map((o) => o.id)).toEqual([first.body.id]);
    // Not another trader's to read.
    expect((await sam.json('GET', `/api/v1/orders/${first.body.id}`)).status).toBe(404);
    expect((await sam.json('GET', `/api/v1/orders/${first.body.id}/log`)).status).toBe(404);
    expect((await sam.json('DELETE', `/api/v1/orders/${first.body.id}`)).status).toBe(404);
    expect((await sam.json<OrderDto[]>('GET', `/api/v1/orders?planId=${plan.id}`)).body).toEqual([]);
  });

  it('a double tap (two requests at once with one key) sends one order', async () => {
    const plan = await readyPlan();
    const key = randomUUID();
    broker.placeDelayMs = 300;
    const both = await Promise.all([place(request(plan), key), place(request(plan), key)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(new Set(both.map((r) => r.body.id)).size).toBe(1);
    expect(broker.received.filter((r) => r.order.symbol === plan.stock)).toHaveLength(1);
  });

  it('two tabs (two keys, one plan and account) send one order; the second is refused', async () => {
    const plan = await readyPlan();
    broker.placeDelayMs = 300;
    const both = await Promise.all([place(request(plan)), place(request(plan))]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)?.body.message).toBe(messages.orderAlreadyOpen);
    expect(broker.received.filter((r) => r.order.symbol === plan.stock)).toHaveLength(1);
  });

  it('a rejected order says the broker’s reason, and frees the plan for another', async () => {
    const plan = await readyPlan();
    broker.next = { reject: 'Insufficient buying power' };
    const placed = await place(request(plan));
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      status: 'Rejected',
      reason: 'Insufficient buying power',
      brokerOrderId: null,
    });
    const next = await place(request(plan));
    expect(next.body.status).toBe('Working');
  });

  it('a lost answer: the retry finds the order at the broker and adopts it, sending nothing more', async () => {
    const plan = await readyPlan();
    const key = randomUUID();
    broker.next = 'loseAnswer';
    const lost = await place(request(plan), key);
    expect(lost.status).toBe(201);
    expect(lost.body).toMatchObject({ status: 'Sending', brokerOrderId: null });
    const retry = await place(request(plan), key);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ id: lost.body.id, status: 'Working' });
    const sent = broker.received.filter((r) => r.order.symbol === plan.stock);
    expect(sent).toHaveLength(1);
    expect(retry.body.brokerOrderId).toBe(sent[0]?.state.brokerOrderId);
  });

  it('an order that never arrived is sent again only once the broker would list it, and once', async () => {
    const plan = await readyPlan();
    const key = randomUUID();
    broker.next = 'neverArrives';
    const lost = await place(request(plan), key);
    expect(lost.body.status).toBe('Sending');
    // At once the broker has none, but it may not list it yet: nothing is sent again.
    const soon = await place(request(plan), key);
    expect(soon.body.status).toBe('Sending');
    expect(broker.received.filter((r) => r.order.symbol === plan.stock)).toHaveLength(0);
    t.clock.advance(31_000);
    const later = await alex.json<OrderDto>('GET', `/api/v1/orders/${lost.body.id}`);
    expect(later.body.status).toBe('Working');
    const again = await place(request(plan), key);
    expect(again.body).toEqual(later.body);
    expect(broker.received.filter((r) => r.order.symbol === plan.stock)).toHaveLength(1);
  });

  it('an order lost twice, or lost and looked at too late, is given up, not sent again', async () => {
    const twice = await readyPlan();
    broker.next = 'neverArrives';
    const lost = await place(request(twice));
    t.clock.advance(31_000);
    broker.next = 'neverArrives';
    const resent = await alex.json<OrderDto>('GET', `/api/v1/orders/${lost.body.id}`);
    expect(resent.body.status).toBe('Sending');
    t.clock.advance(31_000);
    const givenUp = await alex.json<OrderDto>('GET', `/api/v1/orders/${lost.body.id}`);
    expect(givenUp.body).toMatchObject({ status: 'Rejected', reason: messages.orderNotReceived });
    // The plan may be sent again by a new confirm: the lost order holds it no more.
    expect(broker.received.filter((r) => r.order.symbol === twice.stock)).toHaveLength(0);

    const late = await readyPlan();
    broker.next = 'neverArrives';
    const stale = await place(request(late));
    t.clock.advance((ORDER_RESEND_WITHIN_SECONDS + 1) * 1000);
    const looked = await alex.json<OrderDto>('GET', `/api/v1/orders/${stale.body.id}`);
    expect(looked.body).toMatchObject({ status: 'Rejected', reason: messages.orderNotReceived });
    expect(broker.received.filter((r) => r.order.symbol === late.stock)).toHaveLength(0);
    const again = await place(request(late));
    expect([again.status, again.body.status]).toEqual([201, 'Working']);
  });
});

describe('following an order', () => {
  it('reads the broker at most every few seconds, cancels, and keeps the log', async () => {
    const plan = await readyPlan();
    const placed = await place(request(plan));
    const id = placed.body.id;
    const brokerOrderId = placed.body.brokerOrderId as string;
    broker.setState(brokerOrderId, 'PartiallyFilled', 4);
    // Just placed: looked at now, so a read within a few seconds answers what is known.
    expect((await alex.json<OrderDto>('GET', `/api/v1/orders/${id}`)).body.status).toBe('Working');
    t.clock.advance(6_000);
    const read = await alex.json<OrderDto>('GET', `/api/v1/orders/${id}`);
    expect(read.body).toMatchObject({ status: 'PartiallyFilled', filledQuantity: 4 });
    const cancelled = await alex.json<OrderDto>('DELETE', `/api/v1/orders/${id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'Cancelled', filledQuantity: 4 });
    const twice = await alex.json<{ message: string }>('DELETE', `/api/v1/orders/${id}`);
    expect([twice.status, twice.body.message]).toEqual([409, messages.orderNotCancellable]);
    // Its 4 shares are the plan's position in the account: no second order of the plan there.
    const sent = broker.received.length;
    const previewed = await alex.json<{ message: string }>('POST', '/api/v1/orders/preview', request(plan));
    expect([previewed.status, previewed.body.message]).toEqual([409, messages.orderAlreadyFilled]);
    const again = await place(request(plan));
    expect([again.status, again.body.message]).toEqual([409, messages.orderAlreadyFilled]);
    expect(broker.received).toHaveLength(sent);

    const log = await alex.json<BrokerExchange[]>('GET', `/api/v1/orders/${id}/log`);
    expect(log.body.map((e) => `${e.method} ${e.status}`)).toEqual([
      'POST 201',
      'GET 200',
      'DELETE 200',
      'GET 200',
    ]);
    expect(JSON.stringify(log.body)).not.toMatch(/demo:alex/);
  });

  it('follows a working order with no app reading it, during the session', async () => {
    const plan = await readyPlan();
    const placed = await place(request(plan));
    const id = placed.body.id;
    broker.setState(placed.body.brokerOrderId as string, 'Filled', placed.body.order.quantity);
    const stored = async () =>
      (await t.server.database.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;
    t.clock.advance(6_000);
    expect(await t.server.orderFollower.tick()).toBeGreaterThanOrEqual(1);
    expect(await stored()).toBe('Filled');
    // Outside the session it looks at nothing.
    const saved = t.clock.now;
    t.clock.now = new Date('2026-11-21T15:30:00.000Z'); // a Saturday
    expect(await t.server.orderFollower.tick()).toBe(0);
    t.clock.now = saved;
  });

  it('keeps a plan with an open order from being deleted, until the order is cancelled', async () => {
    const plan = await readyPlan();
    const placed = await place(request(plan));
    const refused = await alex.json<{ message: string }>('DELETE', `/api/v1/tradeplans/${plan.id}`);
    expect([refused.status, refused.body.message]).toEqual([409, messages.planHasOpenOrder]);
    expect((await alex.json('GET', `/api/v1/tradeplans/${plan.id}`)).status).toBe(200);
    expect((await alex.json('DELETE', `/api/v1/orders/${placed.body.id}`)).status).toBe(200);
    expect((await alex.call('DELETE', `/api/v1/tradeplans/${plan.id}`)).status).toBe(204);
  });

  it('an order the broker no longer has is Cancelled with why, and followed no more', async () => {
    const plan = await readyPlan();
    const placed = await place(request(plan));
    const kept = [...broker.received];
    broker.forget();
    try {
      t.clock.advance(6_000);
      const read = await alex.json<OrderDto>('GET', `/api/v1/orders/${placed.body.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ status: 'Cancelled', reason: messages.orderGoneAtBroker });
      // The plan may have another order now.
      expect((await place(request(plan))).body.status).toBe('Working');
    } finally {
      broker.received.unshift(...kept);
    }
  });
});
