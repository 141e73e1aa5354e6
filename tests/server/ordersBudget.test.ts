import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages.ts';
import type { OrderDto } from '../../src/domain/orders.ts';
import type { Account, TradePlanDto } from '../../src/domain/types.ts';
import { cancelRoom, requestPools } from '../../src/server/brokers/brokerBudget.ts';
import { createSchwabBroker } from '../../src/server/brokers/schwab/schwabBroker.ts';
import { SCHWAB_REQUESTS_PER_MINUTE } from '../../src/server/brokers/schwab/schwabHttp.ts';
import type { FakeSchwab } from './brokers/schwab/fakeSchwab.ts';
import { schwabEnv, schwabOptions, startFakeSchwab } from './brokers/schwab/schwabApp.ts';
import { type Client, createReadyPlan, startTestServer, type TestServer } from './harness.ts';
import { confirmOf, limitRequest, signInSchwab } from './orderBroker.ts';

/**
 * Schwab's budgets under pressure (docs/product.md, "Fair sharing"), through the real server
 * against the fake Schwab, on the test's clock: one trader's place-and-cancel loop leaves another
 * trader her cancel and her share of new orders (the app's order limit a day is 20 there, Schwab's
 * 4,000, so a loop reaches it in a few rounds); following many working orders leaves the trader
 * room for a new one.
 */
const ORDERS_PER_DAY = 20;
const MINUTE = 60_000;

let t: TestServer;
let fake: FakeSchwab;

/** The server on the test's clock against a fresh fake Schwab; `ordersPerDay` lowers the app's order limit. */
function serverWith(ordersPerDay?: number) {
  beforeAll(async () => {
    const now = () => t?.clock.now ?? new Date();
    fake = await startFakeSchwab(now);
    const broker =
      ordersPerDay === undefined ? undefined : createSchwabBroker(schwabOptions(fake, now, { ordersPerDay }));
    t = await startTestServer(schwabEnv(fake), { broker });
  });
  afterAll(async () => {
    await t.stop();
    await fake.stop();
  });
}

interface Trader {
  client: Client;
  account: Account;
}

async function traderOf(login: string): Promise<Trader> {
  const client = await signInSchwab(t.url, fake, login);
  const account = (await client.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
  expect((await client.json('PUT', `/api/v1/accounts/${account.id}/orders`, { allowed: true })).status).toBe(
    200,
  );
  return { client, account };
}

let stocks = 0;
async function readyPlan({ client }: Trader): Promise<TradePlanDto> {
  const stock = `BDG${String.fromCharCode(65 + Math.floor(stocks / 26))}${String.fromCharCode(65 + (stocks % 26))}`;
  stocks++;
  return createReadyPlan(client, { stock, entryPrice: 40, stopLossPrice: 39, targetPrice: 45 });
}

async function place({ client, account }: Trader, plan: TradePlanDto) {
  const body = confirmOf(plan, limitRequest(plan, account.id, { quantity: 5 }));
  const res = await client.call('POST', '/api/v1/orders', body, {
    headers: { 'Idempotency-Key': randomUUID() },
  });
  return { status: res.status, body: (await res.json()) as OrderDto & { message?: string } };
}

const cancel = ({ client }: Trader, order: OrderDto) =>
  client.json<OrderDto & { message?: string }>('DELETE', `/api/v1/orders/${order.id}`);

describe("Schwab's order budget, shared", () => {
  serverWith(ORDERS_PER_DAY);

  it("one trader's place-and-cancel loop leaves another her cancel and her share of new orders", async () => {
    const dana = await traderOf('dana');
    const erin = await traderOf('erin');
    const erinsPlan = await readyPlan(erin);
    const erinsOrder = await place(erin, erinsPlan);
    expect(erinsOrder.status).toBe(201);

    // Dana places and cancels one plan's order, round after round, until a placement is refused.
    const loop = await readyPlan(dana);
    let refused: Awaited<ReturnType<typeof place>> | undefined;
    let placed = 0;
    while (!refused && placed < ORDERS_PER_DAY) {
      t.clock.advance(MINUTE);
      const order = await place(dana, loop);
      if (order.status !== 201) refused = order;
      else {
        placed++;
        expect((await cancel(dana, order.body)).body.status).toBe('Cancelled');
      }
    }
    expect([refused?.status, refused?.body.message]).toEqual([429, messages.orderShareUsed]);
    // Her share a day, with Erin active: the placements' part of the limit ÷ 3.
    expect(placed).toBe(Math.floor((ORDERS_PER_DAY - cancelRoom(ORDERS_PER_DAY)) / 3));

    // Erin's cancel still reaches Schwab, and her next order is taken: she has her share.
    t.clock.advance(MINUTE);
    const deletes = fake.orders.cancelCalls;
    const cancelled = await cancel(erin, erinsOrder.body);
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'Cancelled']);
    expect(fake.orders.cancelCalls).toBe(deletes + 1);
    const again = await place(erin, await readyPlan(erin));
    expect([again.status, again.body.message]).toEqual([201, undefined]);
  }, 60_000);
});

describe("Following orders, out of the app's reserve", () => {
  serverWith();

  it('following many working orders leaves the trader room for a new one', async () => {
    const carol = await traderOf('carol');
    const WORKING = 16;
    for (let i = 0; i < WORKING; i++) expect((await place(carol, await readyPlan(carol))).status).toBe(201);
    const reads = () =>
      fake.apiCalls().filter((r) => r.method === 'GET' && /\/orders\/\d+$/.test(r.path)).length;
    const before = reads();
    // A minute of the server following them with no app open: a look every 15 s.
    t.clock.advance(MINUTE + 1000);
    for (let look = 0; look < 4; look++) {
      if (look > 0) t.clock.advance(15_000);
      expect(await t.server.orderFollower.tick()).toBe(WORKING);
    }
    // The looks that found room in the reserve's reads went out; the rest wait for the next look.
    const { reserve, cancelRoom: kept } = requestPools(SCHWAB_REQUESTS_PER_MINUTE);
    expect(reads() - before).toBe(reserve - kept);
    const placed = await place(carol, await readyPlan(carol));
    expect([placed.status, placed.body.message]).toEqual([201, undefined]);
  }, 60_000);
});
