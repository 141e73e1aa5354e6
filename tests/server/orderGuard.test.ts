import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages.ts';
import type { OrderDto, OrderPreview, OrderRequestFields } from '../../src/domain/orders.ts';
import { computePositionSizes } from '../../src/domain/positionSize.ts';
import type { Account, TradePlanDto } from '../../src/domain/types.ts';
import {
  type Client,
  createReadyPlan,
  recordFill,
  signIn,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { limitRequest, type ScriptedOrders, scriptedOrders } from './orderBroker.ts';

// What an order may be, decided where it is recorded (issue 39): the risk guard counts the orders
// sent today, decided one placement after another; a plan already held takes no second position;
// a stop-limit is sized at its limit; the confirm places only the order its preview showed. Each
// trader here is fresh, so one test's orders never count in another's guard.

let t: TestServer;
let broker: ScriptedOrders;

beforeAll(async () => {
  broker = scriptedOrders(() => t.clock.now);
  t = await startTestServer({}, { broker: broker.broker });
});
afterAll(() => t.stop());
beforeEach(() => {
  broker.next = null;
  broker.placeDelayMs = 0;
});

/** An account of a demo trader (by its hash's order; each test its own for the guard), orders allowed, with the risk guard's limits given. */
async function traderWith(
  login: 'alex' | 'sam',
  index: 0 | 1,
  guard: { dailyLossLimit?: number | null; maxNewTradesPerDay?: number | null } = {},
): Promise<{ who: Client; account: Account }> {
  const who = await signIn(t.url, login);
  const accounts = (await who.json<Account[]>('GET', '/api/v1/accounts')).body;
  const account = [...accounts].sort((a, b) => a.accountHash.localeCompare(b.accountHash))[index] as Account;
  expect((await who.json('PUT', `/api/v1/accounts/${account.id}/orders`, { allowed: true })).status).toBe(
    200,
  );
  const put = await who.json('PUT', `/api/v1/accounts/${account.id}`, {
    originalBalance: account.originalBalance,
    capitalRisk: account.capitalRisk,
    maxTradeRisk: account.maxTradeRisk,
    scaleOutFactor: account.scaleOutFactor,
    dailyLossLimit: guard.dailyLossLimit ?? null,
    maxNewTradesPerDay: guard.maxNewTradesPerDay ?? null,
  });
  expect(put.status).toBe(200);
  return { who, account };
}

let stocks = 0;
async function readyPlan(
  who: Client,
  prices: { entryPrice: number; stopLossPrice: number; targetPrice?: number | null } = {
    entryPrice: 140,
    stopLossPrice: 135,
    targetPrice: 150,
  },
): Promise<TradePlanDto> {
  const created = await createReadyPlan(who, { stock: `GRD${stocks++}`, ...prices });
  return (await who.json<TradePlanDto>('GET', `/api/v1/tradeplans/${created.id}`)).body;
}

const request = (
  plan: TradePlanDto,
  account: Account,
  over: Partial<OrderRequestFields> = {},
): OrderRequestFields => limitRequest(plan, account.id, over);

/** Previews the order, then confirms what the preview showed: what the app does. */
async function previewAndPlace(who: Client, body: OrderRequestFields, key = randomUUID()) {
  const preview = await who.json<OrderPreview & { message?: string }>('POST', '/api/v1/orders/preview', body);
  if (preview.status !== 200)
    return { status: preview.status, body: preview.body as unknown as OrderDto & { message?: string } };
  return confirm(who, { ...body, previewed: preview.body.order }, key);
}

async function confirm(who: Client, body: unknown, key = randomUUID()) {
  const res = await who.call('POST', '/api/v1/orders', body, { headers: { 'Idempotency-Key': key } });
  return { status: res.status, body: (await res.json()) as OrderDto & { message?: string } };
}

const sentFor = (plans: readonly TradePlanDto[]) =>
  broker.received.filter((r) => plans.some((p) => p.stock === r.order.symbol));

describe('the risk guard decides each placement after the last', () => {
  it('a most of one new trade a day lets one of three orders sent at once through', async () => {
    const { who, account } = await traderWith('alex', 0, { maxNewTradesPerDay: 1 });
    const plans = [await readyPlan(who), await readyPlan(who), await readyPlan(who)];
    // Each confirm previews first; then the three confirms go at once and overlap at the broker.
    const bodies = [];
    for (const plan of plans) {
      const body = request(plan, account);
      const preview = await who.json<OrderPreview>('POST', '/api/v1/orders/preview', body);
      expect(preview.status).toBe(200);
      bodies.push({ ...body, previewed: preview.body.order });
    }
    broker.placeDelayMs = 200;
    const placed = await Promise.all(bodies.map((body) => confirm(who, body)));
    expect(placed.map((p) => p.status).sort()).toEqual([201, 409, 409]);
    for (const refused of placed.filter((p) => p.status === 409)) {
      expect(refused.body.message).toBe(messages.guardReachedRefusal(messages.newTradesLimitReached(1, 1)));
    }
    expect(sentFor(plans)).toHaveLength(1);
  });

  it('counts an order filled but not yet imported, and not one the broker rejected', async () => {
    const { who, account } = await traderWith('sam', 0, { maxNewTradesPerDay: 1 });
    const [first, second, third] = [await readyPlan(who), await readyPlan(who), await readyPlan(who)];
    broker.next = { reject: 'Insufficient buying power' };
    const rejected = await previewAndPlace(who, request(first as TradePlanDto, account));
    expect([rejected.status, rejected.body.status]).toEqual([201, 'Rejected']);
    // A rejected order opened nothing: the day's one new trade is still free.
    const working = await previewAndPlace(who, request(second as TradePlanDto, account));
    expect([working.status, working.body.status]).toEqual([201, 'Working']);
    broker.setState(working.body.brokerOrderId as string, 'Filled', 10);
    // Filled at the broker, its trade not imported yet: it is today's new trade.
    const refused = await previewAndPlace(who, request(third as TradePlanDto, account));
    expect([refused.status, refused.body.message]).toEqual([
      409,
      messages.guardReachedRefusal(messages.newTradesLimitReached(1, 1)),
    ]);
  });

  it('counts what open orders could lose against the daily loss limit', async () => {
    // Each order risks 10 × (140 − 135) = $50; the limit is $120: two orders may be lost ($100),
    // a third would pass it ($150).
    const { who, account } = await traderWith('alex', 1, { dailyLossLimit: 120 });
    const plans = [await readyPlan(who), await readyPlan(who), await readyPlan(who)];
    const results = [];
    for (const plan of plans) results.push(await previewAndPlace(who, request(plan, account)));
    expect(results.map((r) => r.status)).toEqual([201, 201, 409]);
    expect(results[2]?.body.message).toBe(
      messages.orderPastLossLimit('$50.00', '$0.00', '$100.00', '-$120.00'),
    );
    // The preview says so too, before any confirm.
    const preview = await who.json<{ message: string }>(
      'POST',
      '/api/v1/orders/preview',
      request(plans[2] as TradePlanDto, account),
    );
    expect(preview.status).toBe(409);
    expect(sentFor(plans)).toHaveLength(2);
  });
});

describe('one position per plan and account', () => {
  it('refuses an order for a plan whose trade is already open in the account', async () => {
    const { who, account } = await traderWith('sam', 1);
    const plan = await readyPlan(who);
    // 6 shares bought by hand: the trade opens linked to the Ready plan.
    await recordFill(t, who, { accountId: account.id, symbol: plan.stock, quantity: 6, price: 140, fees: 0 });
    const placed = await previewAndPlace(who, request(plan, account, { quantity: 1 }));
    expect([placed.status, placed.body.message]).toEqual([409, messages.orderPositionHeld(6)]);
    expect(sentFor([plan])).toHaveLength(0);
  });
});

describe('a stop-limit is sized at its limit', () => {
  it('refuses the plan’s full size when the limit would fill higher and risk more', async () => {
    const { who, account } = await traderWith('sam', 0);
    const plan = await readyPlan(who, { entryPrice: 140, stopLossPrice: 135, targetPrice: null });
    const size = plan.positionSizes.find((s) => s.accountId === account.id)?.position ?? 0;
    expect(size).toBeGreaterThan(1);
    const live = (await who.json<Account[]>('GET', '/api/v1/accounts')).body.find(
      (a) => a.id === account.id,
    ) as Account;
    // At a limit of 145 the worst fill risks $10 a share, not $5.
    const atLimit = computePositionSizes([live], { entryPrice: 145, stopLossPrice: 135 })[0]?.position ?? 0;
    expect(atLimit).toBeLessThan(size);
    const over = await previewAndPlace(
      who,
      request(plan, account, { quantity: size, entryType: 'StopLimit', entryLimitPrice: 145 }),
    );
    expect([over.status, over.body.message]).toEqual([400, messages.orderQuantityOverSize(atLimit)]);
    const within = await previewAndPlace(
      who,
      request(plan, account, { quantity: atLimit, entryType: 'StopLimit', entryLimitPrice: 145 }),
    );
    expect(within.status).toBe(201);
  });
});

describe('the confirm places what the preview showed', () => {
  it('refuses a confirm whose plan changed since the preview, and one without its preview', async () => {
    const { who, account } = await traderWith('alex', 1);
    const plan = await readyPlan(who);
    const body = request(plan, account, { quantity: 5 });
    const preview = await who.json<OrderPreview>('POST', '/api/v1/orders/preview', body);
    expect(preview.status).toBe(200);
    // The stop moves from 135 to 100 in another tab.
    const edited = await who.json('PUT', `/api/v1/tradeplans/${plan.id}`, { stopLossPrice: 100 });
    expect(edited.status).toBe(200);
    const placed = await confirm(who, { ...body, previewed: preview.body.order });
    expect([placed.status, placed.body.message]).toEqual([409, messages.orderChangedSincePreview]);
    const bare = await confirm(who, body);
    expect(bare.status).toBe(400);
    expect((bare.body as unknown as { errors: { field: string; message: string }[] }).errors).toEqual([
      { field: 'previewed', message: messages.orderPreviewRequired },
    ]);
    expect(sentFor([plan])).toHaveLength(0);
    // Previewed again, the order at the new stop goes.
    const again = await previewAndPlace(who, body);
    expect(again.status).toBe(201);
    expect(sentFor([plan]).map((r) => r.order.stopPrice)).toEqual([100]);
  });
});
