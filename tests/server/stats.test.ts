import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages.ts';
import { computeStats, STATS_GROUPINGS } from '../../src/domain/stats.ts';
import { toTradePlan } from '../../src/domain/tradePlanDto.ts';
import type { Account, Edge, GroupStats, Trade, TradePlanDto, TradeSetup } from '../../src/domain/types.ts';
import { type Client, createReadyPlan, fillAnHourOn, signedInServer } from './harness.ts';

const { t, alex, sam } = signedInServer();
let margin: Account;
let trend: Edge;
let volume: Edge;
let gone: Edge;
let flag: TradeSetup;
let base: TradeSetup;

const _HOUR = 3_600_000;
const fill = (symbol: string, side: 'Buy' | 'Sell', quantity: number, price: number) =>
  fillAnHourOn(t, alex, margin.id, symbol, side, quantity, price);
const readyPlan = (body: Record<string, unknown>) =>
  createReadyPlan(alex, { entryPrice: 50, stopLossPrice: 45, ...body });
const edge = async (name: string) =>
  (
    await alex.json<Edge>('POST', '/api/v1/edges', {
      name,
      description: 'd',
      identificationNotes: 'n',
      weightFactor: 0.5,
    })
  ).body;
const stats = async (client: Client, by?: string) =>
  client.json<GroupStats[]>('GET', `/api/v1/stats${by === undefined ? '' : `?by=${by}`}`);

/**
 * Five round trips in the Margin account, closed in this order: a planned win of +2R under two
 * edges, a planned loss of −0.6R, a planned +1R under an edge deleted since, an unplanned
 * breakeven with a stop set by hand, an unplanned trade with no stop; and one left open.
 */
beforeAll(async () => {
  margin = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
  [trend, volume, gone] = [await edge('Trend'), await edge('Volume'), await edge('Gone')];
  flag = (await alex.json<TradeSetup>('POST', '/api/v1/tradesetups', { name: 'Flag' })).body;
  base = (await alex.json<TradeSetup>('POST', '/api/v1/tradesetups', { name: 'Base' })).body;
  await readyPlan({
    stock: 'STWA',
    tradeSetupId: flag.id,
    edgeIds: [trend.id, volume.id],
    marketCycleAtCreation: 'Uptrend',
  });
  await readyPlan({
    stock: 'STLB',
    tradeSetupId: flag.id,
    edgeIds: [trend.id],
    marketCycleAtCreation: 'Downtrend',
  });
  await readyPlan({ stock: 'STGC', tradeSetupId: base.id, edgeIds: [gone.id], marketCycleAtCreation: null });

  await fill('STWA', 'Buy', 100, 50);
  await fill('STWA', 'Sell', 100, 60); // +1000 on 500 at risk: +2R
  await fill('STLB', 'Buy', 100, 50);
  await fill('STLB', 'Sell', 100, 47); // −300: −0.6R
  await fill('STGC', 'Buy', 10, 50);
  await fill('STGC', 'Sell', 10, 55); // +50 on 50: +1R
  await fill('STBE', 'Buy', 100, 20);
  await fill('STBE', 'Sell', 100, 20);
  await fill('STNS', 'Buy', 10, 30);
  await fill('STNS', 'Sell', 10, 33);
  await fill('STOP', 'Buy', 10, 30);
  const breakeven = (await alex.json<Trade[]>('GET', '/api/v1/trades')).body.find(
    (tr) => tr.symbol === 'STBE',
  );
  const stop = await alex.json('PUT', `/api/v1/trades/${breakeven?.id}`, {
    planId: null,
    initialStop: 19,
    notes: '',
  });
  expect(stop.status).toBe(200);
  expect((await alex.call('DELETE', `/api/v1/edges/${gone.id}`)).status).toBe(204);
});

describe('GET /stats', () => {
  it('gives the figures of every closed trade with an R, by hand', async () => {
    const res = await stats(alex);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        key: 'all',
        label: 'All trades',
        n: 4,
        wins: 2,
        losses: 1,
        winRate: 50,
        averageWinR: 1.5,
        averageLossR: -0.6,
        expectancyR: 0.6,
        profitFactor: 5,
        // +2, then −0.6 (the drawdown), +1 and 0.
        maxDrawdownR: 0.6,
        netPnl: 750,
        withoutStop: 1,
      },
    ]);
    expect((await stats(alex, 'all')).body).toEqual(res.body);
  });

  it('counts a trade in each edge of its plan, and names an edge deleted since', async () => {
    const byEdge = (await stats(alex, 'edge')).body;
    const figures = byEdge.map(({ key, label, n, wins, losses, withoutStop }) => ({
      key,
      label,
      n,
      wins,
      losses,
      withoutStop,
    }));
    expect(figures).toEqual([
      { key: trend.id, label: 'Trend', n: 2, wins: 1, losses: 1, withoutStop: 0 },
      { key: gone.id, label: 'Gone', n: 1, wins: 1, losses: 0, withoutStop: 0 },
      { key: 'unplanned', label: 'Unplanned', n: 1, wins: 0, losses: 0, withoutStop: 1 },
      { key: volume.id, label: 'Volume', n: 1, wins: 1, losses: 0, withoutStop: 0 },
    ]);
  });

  it('groups by the market cycle the plan was made in, a plan without one as Unknown', async () => {
    const byCycle = (await stats(alex, 'cycle')).body.map((g) => [g.label, g.n, g.expectancyR]);
    expect(byCycle).toEqual([
      ['Downtrend', 1, -0.6],
      ['Unknown', 1, 1],
      ['Unplanned', 1, 0],
      ['Uptrend', 1, 2],
    ]);
  });

  it('groups by symbol, direction, weekday and hour of entry and holding period, by hand', async () => {
    const figures = async (by: string) =>
      (await stats(alex, by)).body.map((g) => [g.label, g.n, g.withoutStop, g.expectancyR]);
    // The fills are an hour apart from 16:30 UTC on Friday 20 November 2026, 11:30 in New York
    // (EST): each trade opens and closes within the Friday, on the half hour.
    expect(await figures('weekday')).toEqual([['Friday', 4, 1, 0.6]]);
    expect(await figures('hour')).toEqual([
      ['11:00–12:00', 1, 0, 2],
      ['13:00–14:00', 1, 0, -0.6],
      ['15:00–16:00', 1, 0, 1],
      ['17:00–18:00', 1, 0, 0],
      ['19:00–20:00', 0, 1, null],
    ]);
    expect(await figures('holding')).toEqual([['Intraday', 4, 1, 0.6]]);
    expect(await figures('direction')).toEqual([['Long', 4, 1, 0.6]]);
    expect(await figures('symbol')).toEqual([
      ['STBE', 1, 0, 0],
      ['STGC', 1, 0, 1],
      ['STLB', 1, 0, -0.6],
      ['STWA', 1, 0, 2],
      ['STNS', 0, 1, null],
    ]);
  });

  it.each(STATS_GROUPINGS)('answers by=%s as computeStats over GET /trades does', async (by) => {
    const [trades, plans, setups] = await Promise.all([
      alex.json<Trade[]>('GET', '/api/v1/trades'),
      alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans'),
      alex.json<TradeSetup[]>('GET', '/api/v1/tradesetups'),
    ]);
    const expected = computeStats(trades.body, by, {
      plans: plans.body.map(toTradePlan),
      setups: setups.body,
      // GET /edges lists active edges only: the deleted one is known from its create.
      edges: [trend, volume, gone],
    });
    expect(expected.length).toBeGreaterThan(0);
    expect((await stats(alex, by)).body).toEqual(expected);
  });

  it('shows another trader none of them', async () => {
    for (const by of STATS_GROUPINGS) expect(await stats(sam, by)).toEqual({ status: 200, body: [] });
  });

  it.each([['Setup'], [''], ['regime'], ['all,setup']])('refuses by=%j with a 400', async (by) => {
    expect(await stats(alex, encodeURIComponent(by))).toEqual({
      status: 400,
      body: {
        message: messages.statsGroupingInvalid,
        errors: [{ field: 'by', message: messages.statsGroupingInvalid }],
      },
    });
  });

  it('needs a session', async () => {
    expect((await fetch(`${t.url}/api/v1/stats`)).status).toBe(401);
  });
});
