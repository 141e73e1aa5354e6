import { describe, expect, it } from 'vitest';
import type { Account, TradePlanDto } from '../../src/domain/types.ts';
import { demoQuote } from '../../src/server/brokers/demo/demoQuotes.ts';
import { signedInServerWithPush, testSubscription } from './fakePushService.ts';
import { recordFill } from './harness.ts';

// Entry alerts are muted while every account of the trader has its risk guard reached
// (docs/product.md, "Orders"). The test clock is Friday 2026-11-20, 10:30 in New York: in session.
const { push, t, alex } = signedInServerWithPush();

const cents = (n: number) => Math.round(n * 100) / 100;
const priceOf = (symbol: string) => demoQuote(symbol, t.clock.now).last;

async function planAtEntry(stock: string): Promise<TradePlanDto> {
  const plan = await alex.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
    stock,
    entryPrice: cents(priceOf(stock) - 0.5),
    stopLossPrice: cents(priceOf(stock) - 3),
  });
  expect(plan.status).toBe(201);
  await alex.json('PUT', `/api/v1/tradeplans/${plan.body.id}/status`, { status: 'Ready' });
  return plan.body;
}

const maxNewTrades = (a: Account, most: number | null) =>
  alex.json('PUT', `/api/v1/accounts/${a.id}`, {
    originalBalance: a.originalBalance,
    capitalRisk: a.capitalRisk,
    maxTradeRisk: a.maxTradeRisk,
    scaleOutFactor: a.scaleOutFactor,
    maxNewTradesPerDay: most,
  });

describe('entry alerts and the risk guard', () => {
  it('mutes entries while every account has its guard reached, and alerts once one lifts', async () => {
    const device = testSubscription(push.origin, 'alex-phone');
    const subscribed = await alex.json('PUT', '/api/v1/push/subscription', {
      endpoint: device.endpoint,
      keys: device.keys,
      expirationTime: null,
    });
    expect(subscribed.status).toBe(200);
    const accounts = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body;
    expect(accounts.length).toBeGreaterThanOrEqual(2);
    // One new trade today in every account, and a most of one a day in every account.
    for (const a of accounts) {
      expect((await maxNewTrades(a, 1)).status).toBe(200);
      await recordFill(t, alex, { accountId: a.id, symbol: 'DONE', quantity: 1, price: 10 });
    }
    await planAtEntry('MUTE');

    expect(await t.server.alertWatcher.tick()).toMatchObject({ alerts: 0, pushes: 0 });
    expect(push.received.filter((p) => p.device === device.device)).toHaveLength(0);

    // One account may take trades again: the entry is news once more.
    expect((await maxNewTrades(accounts[0] as Account, 2)).status).toBe(200);
    t.clock.advance(60_000);
    expect(await t.server.alertWatcher.tick()).toMatchObject({ alerts: 1, pushes: 1 });
  });

  it("reads a manual account's percent limit against its own balance", async () => {
    const brokers = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body;
    for (const a of brokers) expect((await maxNewTrades(a, 1)).status).toBe(200);
    // A manual account: 1,000 of balance, a loss limit of 5 %, and 100 lost today.
    const ira = await alex.json<Account>('POST', '/api/v1/accounts', {
      accountName: 'Guarded IRA',
      lastDigits: '',
      originalBalance: 1_000,
      currentBalance: 1_000,
      capitalRisk: 10,
      maxTradeRisk: 1,
      dailyLossLimit: 5,
      dailyLossLimitUnit: 'Percent',
    });
    expect(ira.status).toBe(201);
    for (const [side, price, minutes] of [
      ['Buy', 100, 30],
      ['Sell', 90, 20],
    ] as const) {
      const fill = await alex.json('POST', '/api/v1/executions', {
        accountId: ira.body.id,
        symbol: 'LOSS',
        side,
        quantity: 10,
        price,
        executedAt: new Date(t.clock.now.getTime() - minutes * 60_000).toISOString(),
      });
      expect(fill.status).toBe(201);
    }
    await planAtEntry('MUTED');
    t.clock.advance(60_000);
    expect(await t.server.alertWatcher.tick()).toMatchObject({ alerts: 0, pushes: 0 });
  });
});
