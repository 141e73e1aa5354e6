import { describe, expect, it } from 'vitest';
import { newSetup, setupSuccessScore, successScore } from '../../src/domain/setups.ts';
import { computeStats } from '../../src/domain/stats.ts';
import type { Trade, TradePlanStatus } from '../../src/domain/types.ts';
import { setupFixture } from '../fixtures/records.ts';
import { closedTrade } from './fixtures.ts';

const plan = (status: TradePlanStatus, probabilityOfSuccess: number | null) => ({
  status,
  probabilityOfSuccess,
});

describe('successScore', () => {
  it('is 0 without plans, and without plans that count', () => {
    expect(successScore([])).toBe(0);
    expect(successScore([plan('Draft', null), plan('Discarded', 90)])).toBe(0);
  });

  it('is the rounded mean probability of the non-discarded plans that have one', () => {
    expect(successScore([plan('Draft', 60), plan('Ready', 75), plan('Hold', null), plan('Hold', 10)])).toBe(
      48, // 145 / 3 = 48.3
    );
    expect(successScore([plan('Draft', 60), plan('Ready', 75), plan('Discarded', 10)])).toBe(68); // 67.5 rounds up
  });

  it('counts a probability of 0 as a probability', () => {
    expect(successScore([plan('Draft', 0), plan('Ready', 100)])).toBe(50);
  });
});

describe('newSetup', () => {
  it('fills every text the input leaves out with an empty one, and scores 0', () => {
    // The setup builder's defaults are a new setup's, but for the id and the times.
    const { id: _id, createdAt: _c, updatedAt: _u, ...expected } = setupFixture({ name: 'Flag' });
    expect(newSetup({ name: 'Flag' })).toEqual(expected);
  });

  it('keeps the texts it is given, and leaves out id and rules', () => {
    const input = {
      id: 's1',
      name: 'Flag',
      description: 'Tight flag',
      rules: [],
      entryCriteria: 'Break of the high',
      exitCriteria: 'Close below the EMA',
      notes: 'Uptrends only',
    };
    const { id: _id, rules: _rules, ...texts } = input;
    expect(newSetup(input)).toEqual({
      ...texts,
      checklistRequired: false,
      successScore: 0,
      successScoreBasis: 'planned',
      successScoreTrades: 0,
    });
  });
});

/** A closed trade of plan `planId` with R `r` (null: no stop), closed on day `closedOn`. */
const trade = (id: string, planId: string | null, r: number | null, overrides: Partial<Trade> = {}): Trade =>
  closedTrade(id, r, { planId, planned: planId !== null, ...overrides });

describe('setupSuccessScore', () => {
  const plans = [
    { id: 'p1', status: 'Ready' as TradePlanStatus, probabilityOfSuccess: 70 },
    { id: 'p2', status: 'Discarded' as TradePlanStatus, probabilityOfSuccess: 10 },
    { id: 'p3', status: 'Draft' as TradePlanStatus, probabilityOfSuccess: 55 },
  ];

  it('is the planned mean until the setup’s plans have a closed trade with an R', () => {
    const notYet = [
      trade('t1', 'p1', null), // no stop
      trade('t2', 'p1', null, { closedAt: null, openQuantity: 100 }), // open
      trade('t3', 'p1', null, { incomplete: true, netPnl: null, averageEntryPrice: null }),
      trade('t4', 'other-plan', 2), // another setup's
      trade('t5', null, 1), // unplanned
    ];
    // (70 + 55) ÷ 2 = 62.5 → 63; the discarded plan is not in the mean
    expect(setupSuccessScore(plans, notYet)).toEqual({
      successScore: 63,
      successScoreBasis: 'planned',
      successScoreTrades: 0,
    });
    expect(setupSuccessScore([], [])).toEqual({
      successScore: 0,
      successScoreBasis: 'planned',
      successScoreTrades: 0,
    });
  });

  it('is the win rate of those trades once there are some: breakevens in n, a discarded plan’s trades too', () => {
    const trades = [
      trade('t1', 'p1', 1),
      trade('t2', 'p1', -1),
      trade('t3', 'p2', 0.5), // its plan was discarded since: it was still traded
      trade('t4', 'p3', 0), // breakeven: in n, not a win
      trade('t5', 'p1', null), // no stop: not counted
      trade('t6', 'other-plan', 3),
    ];
    // wins t1, t3 ÷ n 4 (t1..t4) = 50 %
    expect(setupSuccessScore(plans, trades)).toEqual({
      successScore: 50,
      successScoreBasis: 'trades',
      successScoreTrades: 4,
    });
  });

  it.each([
    [[1, 1, -1], 67], // 2 ÷ 3 = 66.67 %
    [[1, -1, -1, -1, -1, -1, -1, -1], 13], // 1 ÷ 8 = 12.5 %: halves up
    [[-1], 0],
    [[2], 100],
  ])('R %j scores %d', (rs, score) => {
    const trades = rs.map((r, i) => trade(`t${i}`, 'p1', r));
    expect(setupSuccessScore(plans, trades)).toEqual({
      successScore: score,
      successScoreBasis: 'trades',
      successScoreTrades: rs.length,
    });
  });

  it('is the setup’s win rate on the Review page, rounded to a whole number', () => {
    const trades = [trade('t1', 'p1', 1), trade('t2', 'p3', 0.2), trade('t3', 'p2', -0.4)];
    const [review] = computeStats(trades, 'setup', {
      plans: plans.map((p) => ({ id: p.id, tradeSetupId: 's1', edgeIds: [] })),
      setups: [{ id: 's1', name: 'Breakout' }],
      edges: [],
    });
    expect(review).toMatchObject({ key: 's1', n: 3, winRate: 66.7 }); // 2 ÷ 3
    // 66.7 % on the Review page, 67 as the score.
    const score = setupSuccessScore(plans, trades);
    expect(score.successScore).toBe(Math.round(review!.winRate!)); // 67
    expect(score.successScoreTrades).toBe(review!.n);
  });
});
