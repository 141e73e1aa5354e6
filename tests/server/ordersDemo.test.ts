import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../src/domain/orders.ts';
import type { Account, ImportResult, Trade, TradePlanDto } from '../../src/domain/types.ts';
import { demoQuote } from '../../src/server/brokers/demo/demoQuotes.ts';
import { type Client, signIn, startTestServer, type TestServer } from './harness.ts';
import { confirmOf, limitRequest } from './orderBroker.ts';

// What a newcomer does with the demo broker (issue 29, "Done when"): turns orders on, places a
// bracket order from a Ready plan, sees it working, sees it fill as the price crosses, and finds
// the trade linked to the plan with its R once the target sells. The crossings are found here by
// walking the demo's own price path (demoQuote) minute by minute.

const MINUTE = 60_000;
// Tuesday 24 November 2026, 10:00 New York, and that day's close.
const TEN = new Date('2026-11-24T15:00:00.000Z');
const CLOSE = new Date('2026-11-24T21:00:00.000Z');
const cents = (n: number) => Math.round(n * 100) / 100;

/** A stock alex's demo history never trades, whose path that day dips, then rises well above the dip. */
function findCrossings() {
  for (const symbol of ['ORCL', 'CRM', 'ADBE', 'INTC', 'UBER', 'SHOP', 'PYPL', 'SNOW']) {
    const price = (t: number) => demoQuote(symbol, new Date(t)).last;
    const minutes: number[] = [];
    for (let t = TEN.getTime() + MINUTE; t < CLOSE.getTime(); t += MINUTE) minutes.push(t);
    const now = price(TEN.getTime());
    const limit = cents(now - 0.3);
    const fillAt = minutes.find((t) => price(t) <= limit);
    if (fillAt === undefined) continue;
    const after = minutes.filter((t) => t > fillAt);
    const peak = Math.max(...after.map(price));
    const target = cents(peak - 0.005);
    if (!(target > limit + 0.5)) continue;
    const exitAt = after.find((t) => price(t) >= target) as number;
    const low = Math.min(...minutes.filter((t) => t <= exitAt).map(price));
    const stop = cents(Math.min(low, limit) - 1);
    return {
      symbol,
      limit,
      stop,
      target,
      fillAt,
      exitAt,
      fillPrice: price(fillAt),
      exitPrice: price(exitAt),
    };
  }
  throw new Error('No demo path with a dip and a rise that day');
}

describe('an order with the demo broker, from plan to trade', () => {
  let t: TestServer;
  let alex: Client;
  let account: Account;
  const cross = findCrossings();

  beforeAll(async () => {
    t = await startTestServer();
    t.clock.now = TEN;
    alex = await signIn(t.url, 'alex');
    account = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
    expect((await alex.json('PUT', `/api/v1/accounts/${account.id}/orders`, { allowed: true })).status).toBe(
      200,
    );
  });
  afterAll(() => t.stop());

  it('places, fills as the price crosses, and makes the trade linked to the plan with its R', async () => {
    const created = await alex.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
      stock: cross.symbol,
      entryPrice: cross.limit,
      stopLossPrice: cross.stop,
      targetPrice: cross.target,
    });
    expect(created.status).toBe(201);
    expect(
      (await alex.json('PUT', `/api/v1/tradeplans/${created.body.id}/status`, { status: 'Ready' })).status,
    ).toBe(200);
    const placed = await alex.call(
      'POST',
      '/api/v1/orders',
      confirmOf(created.body, limitRequest(created.body, account.id)),
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as OrderDto;
    expect(order).toMatchObject({ status: 'Working', filledQuantity: 0 });

    // A minute before the price reaches the limit: still working.
    t.clock.now = new Date(cross.fillAt - MINUTE);
    expect((await alex.json<OrderDto>('GET', `/api/v1/orders/${order.id}`)).body.status).toBe('Working');
    // The price crosses: filled, and the trade is there at once, linked to the plan with its stop.
    t.clock.now = new Date(cross.fillAt + 10_000);
    const filled = await alex.json<OrderDto>('GET', `/api/v1/orders/${order.id}`);
    expect(filled.body).toMatchObject({ status: 'Filled', filledQuantity: 10 });
    const open = (await alex.json<Trade[]>('GET', '/api/v1/trades')).body.find(
      (tr) => tr.symbol === cross.symbol,
    );
    expect(open).toMatchObject({
      planId: created.body.id,
      initialStop: cross.stop,
      entryQuantity: 10,
      openQuantity: 10,
      averageEntryPrice: cross.fillPrice,
      closedAt: null,
    });

    // The target sells later that day; the next import brings the exit, and the trade has its R.
    t.clock.now = new Date(cross.exitAt + 10_000);
    const imported = await alex.json<ImportResult>('POST', '/api/v1/trades/import');
    expect(imported.body.imported).toBeGreaterThan(0);
    const closed = (await alex.json<Trade[]>('GET', '/api/v1/trades')).body.find(
      (tr) => tr.symbol === cross.symbol,
    ) as Trade;
    expect(closed).toMatchObject({ planId: created.body.id, initialStop: cross.stop, openQuantity: 0 });
    expect(closed.closedAt).not.toBeNull();
    const r = (closed.netPnl as number) / (10 * (cross.fillPrice - cross.stop));
    expect(closed.rMultiple).toBeCloseTo(r, 2);
    expect(closed.rMultiple as number).toBeGreaterThan(0);
  });
});
