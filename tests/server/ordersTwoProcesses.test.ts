import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderConfirmFields, OrderDto } from '../../src/domain/orders.ts';
import type { Account, TradePlanDto } from '../../src/domain/types.ts';
import { type RunningServer, startServer } from '../../src/server/server.ts';
import type { FakeSchwab } from './brokers/schwab/fakeSchwab.ts';
import { schwabEnv, startFakeSchwab } from './brokers/schwab/schwabApp.ts';
import { type Client, clientFor, createReadyPlan, freshDatabase, testConfig } from './harness.ts';
import { confirmOf, limitRequest, signInSchwab } from './orderBroker.ts';

/**
 * Two API servers on one PostgreSQL, each with its own pool and its own Schwab client, taking the
 * same confirms at once: a double submit split between them, and two tabs on different servers,
 * still send one order to Schwab (docs/product.md, "Orders"). As in alertsTwoProcesses.test.ts they
 * run in this process so they share the test's clock; nothing else is shared but the database.
 */

describe.runIf(process.env.TEST_DATABASE_URL)('orders with two API servers on one PostgreSQL', () => {
  const clock = { now: new Date('2026-11-20T15:30:00.000Z') };
  let fake: FakeSchwab;
  let a: RunningServer;
  let b: RunningServer;
  let drop: () => Promise<void>;
  let onA: Client;
  let onB: Client;
  let account: Account;

  beforeAll(async () => {
    fake = await startFakeSchwab(() => clock.now);
    const database = await freshDatabase();
    drop = database.drop;
    const config = testConfig(database, schwabEnv(fake));
    const start = () => startServer({ config, now: () => clock.now, alerts: { everyMs: 3_600_000 } });
    a = await start();
    b = await start();
    onA = await signInSchwab(`http://127.0.0.1:${a.port}`, fake, 'dana');
    onB = clientFor(`http://127.0.0.1:${b.port}`, onA.cookie);
    account = (await onA.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
    expect((await onB.json('PUT', `/api/v1/accounts/${account.id}/orders`, { allowed: true })).status).toBe(
      200,
    );
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await drop?.();
    await fake?.stop();
  });

  const readyPlan = (stock: string, who: Client = onA): Promise<TradePlanDto> =>
    createReadyPlan(who, { stock, entryPrice: 140, stopLossPrice: 135, targetPrice: 150 });

  const request = (plan: TradePlanDto): OrderConfirmFields => confirmOf(plan, limitRequest(plan, account.id));

  async function place(client: Client, plan: TradePlanDto, key: string) {
    const res = await client.call('POST', '/api/v1/orders', request(plan), {
      headers: { 'Idempotency-Key': key },
    });
    return { status: res.status, body: (await res.json()) as OrderDto };
  }

  it('a double submit split between the servers sends one order, every time', async () => {
    const ROUNDS = 8;
    for (let i = 0; i < ROUNDS; i++) {
      const plan = await readyPlan(`TWOK${String.fromCharCode(65 + i)}`);
      const key = randomUUID();
      const both = await Promise.all([place(onA, plan, key), place(onB, plan, key)]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
      expect(new Set(both.map((r) => r.body.id)).size).toBe(1);
    }
    expect(fake.orders.placementCalls).toBe(ROUNDS);
  }, 60_000);

  it('two tabs on two servers send one order, every time', async () => {
    fake.orders.clear();
    const ROUNDS = 8;
    for (let i = 0; i < ROUNDS; i++) {
      const plan = await readyPlan(`TWOT${String.fromCharCode(65 + i)}`);
      const both = await Promise.all([place(onA, plan, randomUUID()), place(onB, plan, randomUUID())]);
      expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    }
    expect(fake.orders.placementCalls).toBe(ROUNDS);
  }, 60_000);

  it('two cancels of one order on two servers send Schwab one DELETE, every time', async () => {
    fake.orders.clear();
    fake.orders.cancelDelayMs = 100;
    const ROUNDS = 4;
    for (let i = 0; i < ROUNDS; i++) {
      const plan = await readyPlan(`TWOC${String.fromCharCode(65 + i)}`);
      const placed = await place(onA, plan, randomUUID());
      expect(placed.status).toBe(201);
      const both = await Promise.all(
        [onA, onB].map((client) => client.json<OrderDto>('DELETE', `/api/v1/orders/${placed.body.id}`)),
      );
      expect(both.map((r) => [r.status, r.body.status])).toEqual([
        [200, 'Cancelled'],
        [200, 'Cancelled'],
      ]);
    }
    expect(fake.orders.cancelCalls).toBe(ROUNDS);
    fake.orders.cancelDelayMs = 0;
  }, 60_000);

  it('a most of new trades a day lets one more order through, split between the servers', async () => {
    // Bob's account, his orders only: each round allows one more new trade than he has made.
    const bobA = await signInSchwab(`http://127.0.0.1:${a.port}`, fake, 'bob');
    const bobB = clientFor(`http://127.0.0.1:${b.port}`, bobA.cookie);
    const bobs = (await bobA.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
    expect((await bobB.json('PUT', `/api/v1/accounts/${bobs.id}/orders`, { allowed: true })).status).toBe(
      200,
    );
    const placements = fake.orders.placementCalls;
    const ROUNDS = 6;
    for (let i = 0; i < ROUNDS; i++) {
      const limit = await bobA.json('PUT', `/api/v1/accounts/${bobs.id}`, {
        originalBalance: bobs.originalBalance,
        capitalRisk: bobs.capitalRisk,
        maxTradeRisk: bobs.maxTradeRisk,
        scaleOutFactor: bobs.scaleOutFactor,
        maxNewTradesPerDay: i + 1,
      });
      expect(limit.status).toBe(200);
      const plans = [await readyPlan(`GRDA${i}`, bobA), await readyPlan(`GRDB${i}`, bobA)];
      const both = await Promise.all(
        plans.map((plan, k) =>
          (k === 0 ? bobA : bobB).call(
            'POST',
            '/api/v1/orders',
            confirmOf(plan, limitRequest(plan, bobs.id, { quantity: 5 })),
            { headers: { 'Idempotency-Key': randomUUID() } },
          ),
        ),
      );
      expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    }
    expect(fake.orders.placementCalls - placements).toBe(ROUNDS);
  }, 60_000);
});
