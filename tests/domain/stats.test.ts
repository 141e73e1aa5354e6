import { describe, expect, it } from 'vitest';
import {
  computeStats,
  daysHeld,
  equityCurve,
  type GroupStats,
  isStatsGrouping,
  STATS_GROUPINGS,
  type StatsContext,
  type StatsGrouping,
} from '../../src/domain/stats.ts';
import { unlinked } from '../../src/domain/tradeAnnotation.ts';
import { buildTrades } from '../../src/domain/tradeLinks.ts';
import type { Trade } from '../../src/domain/types.ts';
import { ACCOUNT_1, ACCOUNT_2, closedTrade, day, fill } from './fixtures.ts';

/**
 * A closed, complete trade of account 1 with risk $100, so its net P&L is 100 × R; `r` null is a
 * trade without a stop (its P&L is then $10, which must not reach netPnl).
 */
const closed = (id: string, r: number | null, closedOn: number, overrides: Partial<Trade> = {}): Trade =>
  closedTrade(id, r, {
    closedAt: day(closedOn),
    ...(r === null ? { grossPnl: 10, netPnl: 10 } : {}),
    ...overrides,
  });

const noContext: StatsContext = { plans: [], setups: [], edges: [] };
const all = (trades: readonly Trade[]): GroupStats => {
  const groups = computeStats(trades, 'all', noContext);
  expect(groups).toHaveLength(1);
  return groups[0]!;
};
/** key, label, n and withoutStop of each group, in order. */
const shape = (groups: readonly GroupStats[]) => groups.map((g) => [g.key, g.label, g.n, g.withoutStop]);

describe('computeStats: the figures', () => {
  it('the R sequence +1, −2, +0.5, −1.5, +3 (closed in that order, ids in another)', () => {
    // Ids sort as −2, +3, +1, −1.5, +0.5: ordering by id would give a drawdown of 2, not 3.
    const trades = [
      closed('c', 1, 1),
      closed('a', -2, 2),
      closed('e', 0.5, 3),
      closed('d', -1.5, 4),
      closed('b', 3, 5),
    ];
    expect(all(trades)).toEqual({
      key: 'all',
      label: 'All trades',
      n: 5,
      wins: 3,
      losses: 2,
      winRate: 60, // 3 ÷ 5 × 100
      averageWinR: 1.5, // (1 + 0.5 + 3) ÷ 3
      averageLossR: -1.75, // (−2 − 1.5) ÷ 2
      expectancyR: 0.2, // (1 − 2 + 0.5 − 1.5 + 3) ÷ 5 = 1 ÷ 5
      profitFactor: 1.2857, // 4.5 ÷ |−3.5| = 1.285714…
      maxDrawdownR: 3, // cumulative 1, −1, −0.5, −2, 1; peak 1; deepest 1 − (−2) = 3
      netPnl: 100, // 100 − 200 + 50 − 150 + 300
      withoutStop: 0,
    });
    // The order they are passed in does not matter.
    expect(all([...trades].reverse())).toEqual(all(trades));
  });

  it('the running peak starts at 0: −1, −1, +0.5 falls 2, not 1', () => {
    // cumulative −1, −2, −1.5; peak stays 0
    expect(all([closed('a', -1, 1), closed('b', -1, 2), closed('c', 0.5, 3)]).maxDrawdownR).toBe(2);
  });

  it('a breakeven counts in n, not as a win nor a loss', () => {
    const stats = all([closed('a', 1, 1), closed('b', 0, 2), closed('c', -1, 3), closed('d', 0, 4)]);
    expect(stats).toMatchObject({
      n: 4,
      wins: 1,
      losses: 1,
      winRate: 25, // 1 ÷ 4
      averageWinR: 1,
      averageLossR: -1,
      expectancyR: 0, // 0 ÷ 4
      profitFactor: 1, // 1 ÷ |−1|
      maxDrawdownR: 1, // cumulative 1, 1, 0, 0
    });
  });

  it('rounds the win rate to 1 decimal and R figures to 4', () => {
    // 2 wins of 3 (with a breakeven): 66.666… → 66.7; expectancy 2 ÷ 3 = 0.6666… → 0.6667
    expect(all([closed('a', 1, 1), closed('b', 1, 2), closed('c', 0, 3)])).toMatchObject({
      winRate: 66.7,
      expectancyR: 0.6667,
    });
    // 1 win of 3: 33.333… → 33.3; losses −1 and −2: mean −1.5, profit factor 1.3333 ÷ 3 = 0.4444…
    expect(all([closed('a', 1.3333, 1), closed('b', -1, 2), closed('c', -2, 3)])).toMatchObject({
      winRate: 33.3,
      averageLossR: -1.5,
      profitFactor: 0.4444,
      expectancyR: -0.5556, // −1.6667 ÷ 3 = −0.55556
      maxDrawdownR: 3, // cumulative 1.3333, 0.3333, −1.6667; peak 1.3333
    });
  });

  it('has no profit factor without a loss, and a profit factor of 0 without a win', () => {
    expect(all([closed('a', 1, 1), closed('b', 2, 2), closed('c', 0, 3)])).toMatchObject({
      profitFactor: null,
      averageLossR: null,
      losses: 0,
      maxDrawdownR: 0,
    });
    expect(all([closed('a', -1, 1), closed('b', -0.5, 2)])).toMatchObject({
      profitFactor: 0, // 0 ÷ 1.5
      averageWinR: null,
      winRate: 0,
      maxDrawdownR: 1.5,
    });
  });

  it('counts trades without a stop apart: in withoutStop, not in n nor in netPnl', () => {
    expect(all([closed('a', 2, 1), closed('b', null, 2), closed('c', null, 3)])).toMatchObject({
      n: 1,
      wins: 1,
      winRate: 100,
      netPnl: 200, // the two $10 trades without a stop are not in it
      withoutStop: 2,
    });
    // A group of such trades alone still shows, with nothing to measure.
    expect(all([closed('b', null, 2)])).toEqual({
      key: 'all',
      label: 'All trades',
      n: 0,
      wins: 0,
      losses: 0,
      winRate: null,
      averageWinR: null,
      averageLossR: null,
      expectancyR: null,
      profitFactor: null,
      maxDrawdownR: 0,
      netPnl: 0,
      withoutStop: 1,
    });
  });

  it('leaves out open and incomplete trades entirely, and shows no group without trades', () => {
    const open = closed('o', null, 1, { closedAt: null, openQuantity: 100 });
    const incomplete = closed('i', null, 2, {
      incomplete: true,
      averageEntryPrice: null,
      grossPnl: null,
      netPnl: null,
    });
    for (const grouping of STATS_GROUPINGS) {
      expect(computeStats([open, incomplete], grouping, noContext)).toEqual([]);
      expect(computeStats([], grouping, noContext)).toEqual([]);
    }
    expect(all([open, incomplete, closed('a', 1, 3)])).toMatchObject({ n: 1, withoutStop: 0 });
  });

  it('sums net P&L in cents: $0.10 + $0.20 is $0.30, not 0.30000000000000004', () => {
    const stats = all([closed('a', 0.001, 1, { netPnl: 0.1 }), closed('b', 0.002, 2, { netPnl: 0.2 })]);
    expect(stats.netPnl).toBe(0.3);
  });

  it('takes trades as buildTrades makes them', () => {
    // Buy 100 at 50, sell at 55 with a stop of 48: risk 100 × 2 = 200, net 500, R 2.5. Then a
    // round trip with no stop (its $100 is not in netPnl), and one still open.
    const trades = buildTrades({
      executions: [
        fill('e1', 'Buy', 100, 50, day(2)),
        fill('e2', 'Sell', 100, 55, day(4)),
        fill('e3', 'Buy', 10, 50, day(5)),
        fill('e4', 'Sell', 10, 60, day(6)),
        fill('e5', 'Buy', 10, 60, day(7)),
      ],
      annotations: [{ ...unlinked, key: `${ACCOUNT_1}|AAPL|${day(2)}`, initialStop: 48 }],
      plans: [],
      accounts: [{ id: ACCOUNT_1, accountName: 'Individual' }],
    });
    expect(all(trades)).toMatchObject({ n: 1, wins: 1, expectancyR: 2.5, netPnl: 500, withoutStop: 1 });
  });
});

describe('computeStats: the groupings', () => {
  const SETUP = 's-breakout';
  const PULLBACK = 's-pullback';
  const EDGE_A = 'e-volume';
  const EDGE_B = 'e-base';
  const context: StatsContext = {
    plans: [
      { id: 'p1', tradeSetupId: SETUP, edgeIds: [EDGE_A, EDGE_B], marketCycleAtCreation: 'Uptrend' },
      { id: 'p2', tradeSetupId: PULLBACK, edgeIds: [EDGE_A, EDGE_A], marketCycleAtCreation: 'Downtrend' },
      { id: 'p3', tradeSetupId: null, edgeIds: [], marketCycleAtCreation: null },
      // Made before the cycle was stamped; its setup and one edge were deleted since.
      { id: 'p4', tradeSetupId: 's-deleted', edgeIds: ['e-deleted', EDGE_B] },
    ],
    setups: [
      { id: SETUP, name: 'Breakout' },
      { id: PULLBACK, name: 'Pullback' },
    ],
    edges: [
      { id: EDGE_A, name: 'Volume' },
      { id: EDGE_B, name: 'Base' },
    ],
  };
  const trades = [
    closed('t1', 1, 1, { planId: 'p1', planned: true }),
    closed('t2', -1, 2, { planId: 'p1', planned: true }),
    closed('t3', 2, 3, { planId: 'p2', planned: true }),
    closed('t4', null, 4, { planId: 'p3', planned: true }),
    closed('t5', 0.5, 5, { planId: 'p4', planned: true }),
    closed('t6', -0.5, 6, { accountId: ACCOUNT_2, accountName: 'IRA' }),
    // Its plan is not in the cache (deleted, or not synced yet): unplanned.
    closed('t7', 3, 7, { accountId: ACCOUNT_2, accountName: 'IRA', planId: 'p-missing', planned: true }),
  ];
  const statsBy = (grouping: StatsGrouping) => computeStats(trades, grouping, context);

  it('all: one group', () => {
    expect(shape(statsBy('all'))).toEqual([['all', 'All trades', 6, 1]]);
  });

  it('setup: by the plan’s setup; no setup (or a deleted one) and unplanned apart', () => {
    expect(shape(statsBy('setup'))).toEqual([
      ['s-breakout', 'Breakout', 2, 0], // t1, t2
      ['unplanned', 'Unplanned', 2, 0], // t6, t7
      ['none', 'No setup', 1, 1], // t5 (deleted setup) and t4 without a stop; 'No setup' < 'Pullback'
      ['s-pullback', 'Pullback', 1, 0], // t3
    ]);
  });

  it('edge: a trade counts in each edge of its plan, once, so the groups do not add up', () => {
    const groups = statsBy('edge');
    expect(shape(groups)).toEqual([
      ['e-base', 'Base', 3, 0], // t1, t2 (p1) and t5 (p4)
      ['e-volume', 'Volume', 3, 0], // t1, t2 (p1) and t3 (p2 cites it twice, counted once)
      ['unplanned', 'Unplanned', 2, 0],
      ['e-deleted', 'Deleted edge', 1, 0], // t5
      ['none', 'No edges', 0, 1], // t4
    ]);
    // 3 + 3 + 2 + 1 = 9 counted memberships for 6 counted trades.
    expect(groups.find((g) => g.key === EDGE_A)).toMatchObject({ wins: 2, losses: 1, expectancyR: 0.6667 });
  });

  it('cycle: by the cycle the plan was made in; none is Unknown', () => {
    expect(shape(statsBy('cycle'))).toEqual([
      ['unplanned', 'Unplanned', 2, 0], // 'Unp' < 'Upt'
      ['Uptrend', 'Uptrend', 2, 0],
      ['Downtrend', 'Downtrend', 1, 0],
      ['unknown', 'Unknown', 1, 1], // p4 has no field, p3 has null
    ]);
  });

  it('account: by account id, labelled with its name', () => {
    expect(shape(statsBy('account'))).toEqual([
      [ACCOUNT_1, 'Individual', 4, 1],
      [ACCOUNT_2, 'IRA', 2, 0],
    ]);
  });

  it('planned: a plan the statistics know of, or not', () => {
    const groups = statsBy('planned');
    expect(shape(groups)).toEqual([
      ['planned', 'Planned', 4, 1],
      ['unplanned', 'Unplanned', 2, 0],
    ]);
    // t6 −0.5 and t7 +3, closed on days 6 and 7.
    expect(groups[1]).toMatchObject({ netPnl: 250, expectancyR: 1.25, maxDrawdownR: 0.5 });
  });

  it('orders by n, largest first, then by label, then by key', () => {
    const one = (id: string, setup: string) => ({ id, tradeSetupId: setup, edgeIds: [] });
    const groups = computeStats(
      [
        closed('a', 1, 1, { planId: 'pz' }),
        closed('b', 1, 2, { planId: 'pa' }),
        closed('c', 1, 3, { planId: 'pm' }),
        closed('d', 1, 4, { planId: 'pm2' }),
      ],
      'setup',
      {
        plans: [one('pz', 'sz'), one('pa', 'sa'), one('pm', 'sm'), one('pm2', 'sm')],
        setups: [
          { id: 'sz', name: 'Zulu' },
          { id: 'sa', name: 'alpha' }, // by code unit: 'Z' < 'a'
          { id: 'sm', name: 'Mike' },
        ],
        edges: [],
      },
    );
    expect(groups.map((g) => g.label)).toEqual(['Mike', 'Zulu', 'alpha']);
  });
});

describe('computeStats: symbol, direction, weekday, hour and holding period', () => {
  /** A trade opened and closed at these instants (UTC), +1R unless told. */
  const at = (id: string, openedAt: string, closedAt: string, overrides: Partial<Trade> = {}) =>
    closed(id, 1, 1, { openedAt, closedAt, ...overrides });
  const labels = (trades: Trade[], grouping: StatsGrouping) =>
    computeStats(trades, grouping, noContext).map((g) => [g.key, g.label, g.n, g.withoutStop]);

  it('symbol: by the trade’s symbol', () => {
    const trades = [
      closed('a', 1, 1),
      closed('b', -1, 2, { symbol: 'MSFT' }),
      closed('c', null, 3, { symbol: 'MSFT' }),
      closed('d', 2, 4),
    ];
    expect(labels(trades, 'symbol')).toEqual([
      ['AAPL', 'AAPL', 2, 0],
      ['MSFT', 'MSFT', 1, 1],
    ]);
  });

  it('direction: by the trade’s own direction, Long or Short', () => {
    const trades = [closed('a', 1, 1), closed('b', -1, 2, { direction: 'Short' }), closed('c', 2, 3)];
    const groups = computeStats(trades, 'direction', noContext);
    expect(groups.map((g) => [g.key, g.label, g.n, g.expectancyR])).toEqual([
      ['Long', 'Long', 2, 1.5],
      ['Short', 'Short', 1, -1],
    ]);
  });

  it('weekday: the New York day of the entry, across midnight and the change to summer time', () => {
    // New York moved to EDT (UTC−4) at 2 a.m. on Sunday 8 March 2026.
    const trades = [
      // Friday 6 March 04:30 UTC is Thursday 23:30 EST: Thursday.
      at('thu', '2026-03-06T04:30:00Z', '2026-03-06T15:00:00Z'),
      // Monday 9 March 04:30 UTC is Monday 00:30 EDT (still Sunday at a winter −5 hours).
      at('mon1', '2026-03-09T04:30:00Z', '2026-03-09T15:00:00Z'),
      // Tuesday 10 March 02:00 UTC is Monday 22:00 EDT: Monday, though UTC says Tuesday.
      at('mon2', '2026-03-10T02:00:00Z', '2026-03-10T15:00:00Z'),
      // Sunday 8 March 23:59 EDT: a fill typed at the weekend still has its day.
      at('sun', '2026-03-09T03:59:00Z', '2026-03-10T15:00:00Z'),
    ];
    // The week's order, Sunday first, whatever n says.
    expect(labels(trades, 'weekday')).toEqual([
      ['sunday', 'Sunday', 1, 0],
      ['monday', 'Monday', 2, 0],
      ['thursday', 'Thursday', 1, 0],
    ]);
  });

  it('hour: the New York hour of the entry, in the day’s order, across the change to summer time', () => {
    const trades = [
      // 14:30 UTC is 09:30 EST on Friday 6 March, and 10:30 EDT on Monday 9 March.
      at('est', '2026-03-06T14:30:00Z', '2026-03-06T20:00:00Z'),
      at('edt', '2026-03-09T14:30:00Z', '2026-03-09T19:00:00Z'),
      // 13:45 UTC on 9 March is 09:45 EDT.
      at('edt-early', '2026-03-09T13:45:00Z', '2026-03-09T19:00:00Z'),
      // 03:59 UTC on 10 March is 23:59 EDT on the 9th: the day's last hour, not 03:00.
      at('late', '2026-03-10T03:59:00Z', '2026-03-10T19:00:00Z'),
      // 04:00 UTC on 10 March is New York's midnight.
      at('midnight', '2026-03-10T04:00:00Z', '2026-03-10T19:00:00Z', { rMultiple: null }),
    ];
    expect(labels(trades, 'hour')).toEqual([
      ['00', '00:00–01:00', 0, 1],
      ['09', '09:00–10:00', 2, 0],
      ['10', '10:00–11:00', 1, 0],
      ['23', '23:00–24:00', 1, 0],
    ]);
  });

  it('holding: New York calendar days from entry to exit, at each boundary', () => {
    const monday = '2026-03-09T15:00:00Z'; // 11:00 EDT, Monday 9 March
    const trades = [
      // Closed 23:59:59 EDT the same New York day, though UTC has turned to the 10th: intraday.
      at('same-day', monday, '2026-03-10T03:59:59Z'),
      // New York's midnight, 04:00 UTC: the next day, 1 day.
      at('one', monday, '2026-03-10T04:00:00Z'),
      // Saturday 14 March 23:59 EDT: 5 days.
      at('five', monday, '2026-03-15T03:59:59Z'),
      // Sunday 15 March 00:00 EDT: 6 days, longer.
      at('six', monday, '2026-03-15T04:00:00Z'),
      // Across the change to summer time: Friday 6 March 23:30 EST to Wednesday 11 March 23:30 EDT, 5 days.
      at('dst', '2026-03-07T04:30:00Z', '2026-03-12T03:30:00Z'),
      // Opened and closed in the same minute.
      at('scalp', monday, monday, { rMultiple: -1 }),
    ];
    expect(labels(trades, 'holding')).toEqual([
      ['intraday', 'Intraday', 2, 0],
      ['1-5', '1–5 days', 3, 0],
      ['longer', 'Longer', 1, 0],
    ]);
    expect(daysHeld(monday, '2026-03-10T03:59:59Z')).toBe(0);
    expect(daysHeld(monday, '2026-03-15T04:00:00Z')).toBe(6);
    expect(daysHeld('2026-03-07T04:30:00Z', '2026-03-12T03:30:00Z')).toBe(5);
    // Back to EST on Sunday 1 November 2026: Saturday 31 October 12:00 EDT to Sunday 23:30 EST.
    expect(daysHeld('2026-10-31T16:00:00Z', '2026-11-02T04:30:00Z')).toBe(1);
  });

  it('weekday: names each day of a week', () => {
    const week = [1, 2, 3, 4, 5, 6, 7].map((d) =>
      at(`d${d}`, day(d, '15:00:00.000'), day(d, '16:00:00.000')),
    );
    // 1 March 2026 is a Sunday.
    expect(labels(week, 'weekday').map((g) => g[1])).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
  });
});

describe('isStatsGrouping', () => {
  it.each([...STATS_GROUPINGS])('accepts %s', (value) => {
    expect(isStatsGrouping(value)).toBe(true);
  });
  it.each(['Edge', 'setups', '', 42, null, undefined])('refuses %s', (value) => {
    expect(isStatsGrouping(value)).toBe(false);
  });
});

describe('equityCurve', () => {
  it('sums R by close time then id, over counted trades only', () => {
    const curve = equityCurve([
      closed('b', -0.2, 3),
      closed('z', 0.1, 1),
      closed('a', 0.2, 3), // same close as 'b': 'a' comes first
      closed('n', null, 2), // no stop
      closed('o', null, 4, { closedAt: null }), // open
      closed('i', null, 5, { incomplete: true, netPnl: null }),
    ]);
    expect(curve).toEqual([
      { closedAt: day(1), cumulativeR: 0.1, symbol: 'AAPL' },
      { closedAt: day(3), cumulativeR: 0.3, symbol: 'AAPL' }, // 0.1 + 0.2, not 0.30000000000000004
      { closedAt: day(3), cumulativeR: 0.1, symbol: 'AAPL' },
    ]);
  });

  it('is empty without counted trades', () => {
    expect(equityCurve([])).toEqual([]);
    expect(equityCurve([closed('n', null, 1)])).toEqual([]);
  });

  it('ends where the statistics say, and falls as far as their drawdown', () => {
    const trades = [closed('a', 1, 1), closed('b', -2, 2), closed('c', 0.5, 3), closed('d', -1.5, 4)];
    const curve = equityCurve(trades).map((p) => p.cumulativeR);
    expect(curve).toEqual([1, -1, -0.5, -2]);
    expect(all(trades).maxDrawdownR).toBe(Math.max(...curve, 0) - Math.min(...curve)); // 1 − (−2)
  });
});
