import { beforeAll, describe, expect, it } from 'vitest';
import { accountHeat } from '../../src/domain/heat.ts';
import { messages } from '../../src/domain/messages.ts';
import { toTradePlan } from '../../src/domain/tradePlanDto.ts';
import type { Account, Trade, TradePlanDto } from '../../src/domain/types.ts';
import { type Client, fillAnHourOn, signedInServer } from './harness.ts';

const { t, alex, sam } = signedInServer();
let margin: Account;
let cash: Account;

const accounts = async (client: Client = alex) =>
  (await client.json<Account[]>('GET', '/api/v1/accounts')).body;
const heatOf = async (id: string) => {
  const a = (await accounts()).find((x) => x.id === id) as Account;
  return { openRisk: a.openRisk, plannedRisk: a.plannedRisk, openWithoutStop: a.openWithoutStop };
};
const fill = (symbol: string, side: 'Buy' | 'Sell', quantity: number, price: number) =>
  fillAnHourOn(t, alex, margin.id, symbol, side, quantity, price);
const plan = async (stock: string, entryPrice: number, stopLossPrice: number, status = 'Ready') => {
  const res = await alex.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
    stock,
    entryPrice,
    stopLossPrice,
  });
  expect(res.status).toBe(201);
  if (status !== 'Draft') await alex.json('PUT', `/api/v1/tradeplans/${res.body.id}/status`, { status });
  return res.body;
};
const settingsOf = (a: Account) => ({
  originalBalance: a.originalBalance,
  capitalRisk: a.capitalRisk,
  maxTradeRisk: a.maxTradeRisk,
  scaleOutFactor: a.scaleOutFactor,
});

beforeAll(async () => {
  [margin, cash] = (await accounts()) as [Account, Account];
});

describe('open and planned risk per account', () => {
  it('starts with nothing at risk and the default heat limit of 6 %', async () => {
    for (const a of [...(await accounts()), ...(await accounts(sam))]) {
      expect(a).toMatchObject({ heatLimit: 6, openRisk: 0, plannedRisk: 0, openWithoutStop: 0 });
    }
  });

  it('sums the active plans with no trade yet at their position size, by hand', async () => {
    // Margin: $125,430.55, $48,250.50 free, 10 % capital, 1 % risk. HTA: min(1254.31 ÷ 5,
    // 12,543.06 ÷ 50, 48,250.50 ÷ 50) = 250 shares × $5; HTB: min(1254.31 ÷ 1, 12,543.06 ÷ 20,
    // 48,250.50 ÷ 20) = 627 shares × $1. A Draft is not active: it adds nothing.
    await plan('HTA', 50, 45);
    const htb = await plan('HTB', 20, 19);
    await alex.json('PUT', `/api/v1/tradeplans/${htb.id}/status`, { status: 'Hold' }); // Hold is active too
    await plan('HTD', 20, 19, 'Draft');
    expect(await heatOf(margin.id)).toEqual({ openRisk: 0, plannedRisk: 250 * 5 + 627, openWithoutStop: 0 });
    // Each account at its own size, as the plans list sizes it.
    const plans = (await alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body;
    const sizeIn = (stock: string, accountId: string) =>
      plans.find((p) => p.stock === stock)?.positionSizes.find((s) => s.accountId === accountId)?.position ??
      0;
    expect((await heatOf(cash.id)).plannedRisk).toBe(sizeIn('HTA', cash.id) * 5 + sizeIn('HTB', cash.id));
  });

  it("counts an open trade's stop risk, and its plan no longer as planned", async () => {
    await fill('HTA', 'Buy', 100, 50); // linked to HTA, stop 45
    expect(await heatOf(margin.id)).toEqual({ openRisk: 500, plannedRisk: 627, openWithoutStop: 0 });
    // Traded in any account is traded: the Cash account no longer counts HTA either.
    const cashPlans = (await alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body;
    const htb = cashPlans.find((p) => p.stock === 'HTB')?.positionSizes.find((s) => s.accountId === cash.id);
    expect((await heatOf(cash.id)).plannedRisk).toBe(htb?.position);
  });

  it('counts an open trade without a stop apart', async () => {
    await fill('HTN', 'Buy', 10, 30);
    expect(await heatOf(margin.id)).toEqual({ openRisk: 500, plannedRisk: 627, openWithoutStop: 1 });
  });

  it('drops a closed trade, and its plan stays traded', async () => {
    await fill('HTA', 'Sell', 100, 55);
    expect(await heatOf(margin.id)).toEqual({ openRisk: 0, plannedRisk: 627, openWithoutStop: 1 });
  });

  it('answers what accountHeat computes over GET /trades and GET /tradeplans', async () => {
    const [list, trades, plans] = await Promise.all([
      accounts(),
      alex.json<Trade[]>('GET', '/api/v1/trades'),
      alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans'),
    ]);
    for (const a of list) {
      const heat = accountHeat(a, trades.body, plans.body.map(toTradePlan));
      expect(a).toMatchObject({
        openRisk: heat.openRisk,
        plannedRisk: heat.plannedRisk,
        openWithoutStop: heat.openWithoutStop,
      });
    }
    for (const a of await accounts(sam))
      expect(a).toMatchObject({ openRisk: 0, plannedRisk: 0, openWithoutStop: 0 });
  });
});

describe('the heat limit setting', () => {
  const put = (heatLimit: unknown) =>
    alex.json<Account>('PUT', `/api/v1/accounts/${margin.id}`, { ...settingsOf(margin), heatLimit });

  it.each([[-0.1], [100.1], [Number.MAX_VALUE]])(
    'refuses %d with the message and keeps the limit',
    async (limit) => {
      expect(await put(limit)).toEqual({
        status: 400,
        body: {
          message: messages.heatLimitOutOfRange,
          errors: [{ field: 'heatLimit', message: 'Heat limit must be between 0 and 100' }],
        },
      });
      expect((await accounts()).find((a) => a.id === margin.id)?.heatLimit).toBe(6);
    },
  );

  it('refuses a limit that is not a number', async () => {
    expect((await put('6')).body).toMatchObject({
      errors: [{ field: 'heatLimit', message: messages.mustBeNumber }],
    });
  });

  it.each([[0], [100], [2.5]])('accepts %d and answers the account with its heat', async (limit) => {
    const res = await put(limit);
    expect(res.status).toBe(200);
    expect(res.body.heatLimit).toBe(limit);
    expect(res.body).toEqual((await accounts()).find((a) => a.id === margin.id));
  });

  it('keeps the stored limit when a settings change leaves it out', async () => {
    const res = await alex.json<Account>('PUT', `/api/v1/accounts/${margin.id}`, settingsOf(margin));
    expect(res.status).toBe(200);
    expect(res.body.heatLimit).toBe(2.5);
    expect((await accounts()).find((a) => a.id === cash.id)?.heatLimit).toBe(6);
  });
});
