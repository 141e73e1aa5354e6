import { beforeAll, describe, expect, it } from 'vitest';
import type { Account, GroupStats, TradeSetup } from '../../src/domain/types.ts';
import { createReadyPlan, fillAnHourOn, signedInServer } from './harness.ts';

const { t, alex, sam } = signedInServer();
let margin: Account;

beforeAll(async () => {
  margin = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
});

const fill = (symbol: string, side: 'Buy' | 'Sell', quantity: number, price: number) =>
  fillAnHourOn(t, alex, margin.id, symbol, side, quantity, price);
const readyPlan = (setup: TradeSetup, stock: string, probabilityOfSuccess: number | null) =>
  createReadyPlan(alex, {
    stock,
    entryPrice: 50,
    stopLossPrice: 45,
    probabilityOfSuccess,
    tradeSetupId: setup.id,
  });
/** The setup as the list and as one answer give it, checked to be the same. */
const scoreOf = async (setup: TradeSetup) => {
  const one = (await alex.json<TradeSetup>('GET', `/api/v1/tradesetups/${setup.id}`)).body;
  const listed = (await alex.json<TradeSetup[]>('GET', '/api/v1/tradesetups')).body;
  expect(listed.find((s) => s.id === setup.id)).toEqual(one);
  const { successScore, successScoreBasis, successScoreTrades } = one;
  return { successScore, successScoreBasis, successScoreTrades };
};
const winRateOf = async (setup: TradeSetup) =>
  (await alex.json<GroupStats[]>('GET', '/api/v1/stats?by=setup')).body.find((g) => g.key === setup.id)
    ?.winRate;

describe("a setup's success score and its basis", () => {
  let flag: TradeSetup;

  it('is the planned mean until a trade of its plans closes with an R', async () => {
    flag = (await alex.json<TradeSetup>('POST', '/api/v1/tradesetups', { name: 'Flag' })).body;
    expect(flag).toMatchObject({ successScore: 0, successScoreBasis: 'planned', successScoreTrades: 0 });
    await readyPlan(flag, 'SCA', 70);
    await readyPlan(flag, 'SCB', 45);
    expect(await scoreOf(flag)).toEqual({
      successScore: 58,
      successScoreBasis: 'planned',
      successScoreTrades: 0,
    });
    await fill('SCA', 'Buy', 100, 50); // open: not counted yet
    expect((await scoreOf(flag)).successScoreBasis).toBe('planned');
  });

  it("is the win rate of its plans' closed trades once there are some, with their n", async () => {
    await fill('SCA', 'Sell', 100, 40); // −2R
    expect(await scoreOf(flag)).toEqual({
      successScore: 0,
      successScoreBasis: 'trades',
      successScoreTrades: 1,
    });
    await fill('SCB', 'Buy', 100, 50);
    await fill('SCB', 'Sell', 100, 55); // +1R
    expect(await scoreOf(flag)).toEqual({
      successScore: 50,
      successScoreBasis: 'trades',
      successScoreTrades: 2,
    });
    expect(await winRateOf(flag)).toBe(50);
  });

  it('rounds the by-setup win rate of /stats to a whole number', async () => {
    const plan = await readyPlan(flag, 'SCC', 10);
    await fill('SCC', 'Buy', 100, 50);
    await fill('SCC', 'Sell', 100, 51); // +0.2R: 2 wins in 3
    expect(await winRateOf(flag)).toBe(66.7);
    expect(await scoreOf(flag)).toEqual({
      successScore: 67,
      successScoreBasis: 'trades',
      successScoreTrades: 3,
    });
    // A trade taken on a plan discarded later still counts.
    await alex.json('PUT', `/api/v1/tradeplans/${plan.id}/status`, { status: 'Discarded' });
    expect((await scoreOf(flag)).successScoreTrades).toBe(3);
  });

  it("counts none of another trader's trades", async () => {
    const theirs = (await sam.json<TradeSetup>('POST', '/api/v1/tradesetups', { name: 'Flag' })).body;
    const listed = (await sam.json<TradeSetup[]>('GET', '/api/v1/tradesetups')).body;
    expect(listed).toEqual([theirs]);
    expect(theirs).toMatchObject({ successScoreBasis: 'planned', successScoreTrades: 0 });
  });
});
