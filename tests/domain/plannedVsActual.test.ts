import { describe, expect, it } from 'vitest';
import {
  type ComparedPlan,
  type ExitOutcome,
  plannedVsActualBy,
  plannedVsActualOf,
} from '../../src/domain/plannedVsActual.ts';
import type { Trade } from '../../src/domain/types.ts';
import { ACCOUNT_1, ACCOUNT_2, account, trade as fixedTrade } from './fixtures.ts';

/**
 * Account 1 as plans size with it: $50,000 balance, 1 % max trade risk ($500), 10 % capital risk
 * ($5,000), $20,000 free. A plan at 50 with its stop at 45 risks $5 a share: byRisk 500 ÷ 5 = 100,
 * byCapital 5,000 ÷ 50 = 100, byFunds 20,000 ÷ 50 = 400, so 100 shares.
 */
const accounts = [account({ id: ACCOUNT_1 })];

const longPlan: ComparedPlan = {
  id: 'p-long',
  entryPrice: 50,
  stopLossPrice: 45,
  targetPrice: 60,
  tradeSetupId: 's-breakout',
};
/** A short plan: stop above, target below; its risk per share |50 − 55| = 5. */
const shortPlan: ComparedPlan = { ...longPlan, id: 'p-short', stopLossPrice: 55, targetPrice: 40 };

/** A long trade of account 1 linked to the long plan, bought 100 at 50, stop 45, sold at 60. */
const trade = (overrides: Partial<Trade> = {}): Trade =>
  fixedTrade('t', {
    key: 'k',
    openedAt: '2026-03-02T15:00:00.000Z',
    closedAt: '2026-03-03T15:00:00.000Z',
    openQuantity: 0,
    averageEntryPrice: 50,
    averageExitPrice: 60,
    grossPnl: null,
    netPnl: null,
    planId: 'p-long',
    planned: true,
    initialStop: 45,
    initialRisk: 500,
    ...overrides,
  });
const short = (overrides: Partial<Trade> = {}) =>
  trade({ direction: 'Short', planId: 'p-short', initialStop: 55, averageExitPrice: 40, ...overrides });

describe('plannedVsActualOf: the entry', () => {
  it('a long that paid more than the plan’s entry slipped against the trader: positive', () => {
    // 50.25 − 50 = +0.25 a share; ÷ 5 risk a share = +0.05R.
    expect(plannedVsActualOf(trade({ averageEntryPrice: 50.25 }), longPlan, accounts)).toMatchObject({
      entrySlippage: 0.25,
      entrySlippageR: 0.05,
    });
  });

  it('a long that paid less gained on the plan: negative', () => {
    // 49.90 − 50 = −0.10; ÷ 5 = −0.02R.
    expect(plannedVsActualOf(trade({ averageEntryPrice: 49.9 }), longPlan, accounts)).toMatchObject({
      entrySlippage: -0.1,
      entrySlippageR: -0.02,
    });
  });

  it('a short that sold lower than the plan’s entry slipped against the trader: positive', () => {
    // −(49.50 − 50) = +0.50; ÷ |50 − 55| = +0.1R.
    expect(plannedVsActualOf(short({ averageEntryPrice: 49.5 }), shortPlan, [])).toMatchObject({
      entrySlippage: 0.5,
      entrySlippageR: 0.1,
    });
    // Sold higher: −(51 − 50) = −1, −0.2R.
    expect(plannedVsActualOf(short({ averageEntryPrice: 51 }), shortPlan, [])).toMatchObject({
      entrySlippage: -1,
      entrySlippageR: -0.2,
    });
  });

  it('takes the risk per share as |entry − stop|, whichever side the stop is on', () => {
    // A long trade held against a plan priced the short way still divides by 5.
    expect(plannedVsActualOf(trade({ averageEntryPrice: 51 }), shortPlan, [])).toMatchObject({
      entrySlippage: 1,
      entrySlippageR: 0.2,
    });
  });

  it('has no slippage in R when the plan has no risk per share, and rounds to 4 decimals', () => {
    const flat = { ...longPlan, stopLossPrice: 50 };
    expect(plannedVsActualOf(trade({ averageEntryPrice: 50.1 }), flat, accounts)).toMatchObject({
      entrySlippage: 0.1,
      entrySlippageR: null,
    });
    // 0.01 ÷ 3 = 0.003333…
    const three = { ...longPlan, stopLossPrice: 47 };
    expect(plannedVsActualOf(trade({ averageEntryPrice: 50.01 }), three, accounts)?.entrySlippageR).toBe(
      0.0033,
    );
  });

  it('compares nothing for an incomplete trade or one whose entry’s cost is unknown', () => {
    expect(plannedVsActualOf(trade({ incomplete: true }), longPlan, accounts)).toBeNull();
    expect(plannedVsActualOf(trade({ averageEntryPrice: null }), longPlan, accounts)).toBeNull();
  });
});

describe('plannedVsActualOf: the size', () => {
  it('holds the entry quantity against the plan’s size for the trade’s account', () => {
    expect(plannedVsActualOf(trade({ entryQuantity: 120 }), longPlan, accounts)).toMatchObject({
      sizeTaken: 120,
      sizeAllowed: 100,
      sizeRatio: 1.2,
      oversized: true,
    });
    expect(plannedVsActualOf(trade({ entryQuantity: 50 }), longPlan, accounts)).toMatchObject({
      sizeTaken: 50,
      sizeAllowed: 100,
      sizeRatio: 0.5,
      oversized: false,
    });
    // Exactly the plan's size is not more than it.
    expect(plannedVsActualOf(trade(), longPlan, accounts)).toMatchObject({ sizeRatio: 1, oversized: false });
  });

  it('sizes with the account’s figures: a smaller balance allows fewer shares', () => {
    // $10,000: risk 100 ÷ 5 = 20, capital 1,000 ÷ 50 = 20, so 20 shares; 30 taken is 1.5 of it.
    const small = [account({ id: ACCOUNT_1, currentBalance: 10_000 })];
    expect(plannedVsActualOf(trade({ entryQuantity: 30 }), longPlan, small)).toMatchObject({
      sizeAllowed: 20,
      sizeRatio: 1.5,
      oversized: true,
    });
  });

  it('sizes a short plan on its own side: the same shares as its long mirror', () => {
    // Short at 50, stop 55: risk 5 a share as the long plan's 50 − 45, so 100 shares here too.
    const directedShort: ComparedPlan = { ...shortPlan, direction: 'Short' };
    expect(plannedVsActualOf(short({ entryQuantity: 80 }), directedShort, accounts)).toMatchObject({
      sizeAllowed: 100,
      sizeRatio: 0.8,
      oversized: false,
    });
  });

  it('a plan that allows the account no share: no ratio, and any share is more than allowed', () => {
    const broke = [account({ id: ACCOUNT_1, availableFundsForTrading: 10 })];
    expect(plannedVsActualOf(trade(), longPlan, broke)).toMatchObject({
      sizeAllowed: 0,
      sizeRatio: null,
      oversized: true,
    });
  });

  it('an account not known here: the size allowed is unknown', () => {
    expect(plannedVsActualOf(trade({ accountId: ACCOUNT_2 }), longPlan, accounts)).toMatchObject({
      sizeTaken: 100,
      sizeAllowed: null,
      sizeRatio: null,
      oversized: null,
    });
  });
});

describe('plannedVsActualOf: the stop', () => {
  it('is moved when the trade’s initial stop differs from the plan’s', () => {
    expect(plannedVsActualOf(trade(), longPlan, accounts)?.stopMoved).toBe(false);
    expect(plannedVsActualOf(trade({ initialStop: 44 }), longPlan, accounts)?.stopMoved).toBe(true);
    expect(plannedVsActualOf(trade({ initialStop: 45.5 }), longPlan, accounts)?.stopMoved).toBe(true);
    expect(plannedVsActualOf(trade({ initialStop: null }), longPlan, accounts)?.stopMoved).toBeNull();
  });
});

describe('plannedVsActualOf: the exit against the target and the stop', () => {
  const exitOf = (t: Trade, plan = longPlan) => plannedVsActualOf(t, plan, accounts)?.exit;

  it.each<[number, ExitOutcome]>([
    [60, 'target'],
    [61, 'target'],
    [59.996, 'target'], // $60.00 to the cent
    [59.99, 'cutShort'],
    [50.01, 'cutShort'],
    [50, 'beforeStop'], // no profit, above the stop
    [45.01, 'beforeStop'],
    [45, 'stopped'],
    [45.004, 'stopped'], // $45.00 to the cent
    [44.994, 'beyondStop'], // $44.99
    [40, 'beyondStop'],
  ])('a long bought at 50 (stop 45, target 60) sold at %s: %s', (exit, outcome) => {
    expect(exitOf(trade({ averageExitPrice: exit }))).toBe(outcome);
  });

  it.each<[number, ExitOutcome]>([
    [40, 'target'],
    [39, 'target'],
    [40.01, 'cutShort'],
    [49.99, 'cutShort'],
    [50, 'beforeStop'],
    [54.99, 'beforeStop'],
    [55, 'stopped'],
    [55.01, 'beyondStop'],
  ])('a short sold at 50 (stop 55, target 40) covered at %s: %s', (exit, outcome) => {
    expect(exitOf(short({ averageExitPrice: exit }), shortPlan)).toBe(outcome);
  });

  it('in profit from the trade’s own entry, not the plan’s', () => {
    // Bought at 52 (slipped), sold at 51: above the plan's entry, but a loss.
    expect(exitOf(trade({ averageEntryPrice: 52, averageExitPrice: 51 }))).toBe('beforeStop');
    // Bought at 48, sold at 49: a profit below the plan's entry.
    expect(exitOf(trade({ averageEntryPrice: 48, averageExitPrice: 49 }))).toBe('cutShort');
  });

  it('a plan without a target: a profit is just that', () => {
    const noTarget = { ...longPlan, targetPrice: null };
    expect(exitOf(trade({ averageExitPrice: 70 }), noTarget)).toBe('profitNoTarget');
    expect(exitOf(trade({ averageExitPrice: 45 }), noTarget)).toBe('stopped');
  });

  it('a stop moved below the plan’s and hit loses more than the plan’s stop', () => {
    expect(
      plannedVsActualOf(trade({ initialStop: 44, averageExitPrice: 44 }), longPlan, accounts),
    ).toMatchObject({
      stopMoved: true,
      exit: 'beyondStop',
    });
  });

  it('an open trade has no exit yet, but its entry and size', () => {
    const open = trade({
      closedAt: null,
      openQuantity: 100,
      averageExitPrice: null,
      averageEntryPrice: 50.5,
    });
    expect(plannedVsActualOf(open, longPlan, accounts)).toEqual({
      entrySlippage: 0.5,
      entrySlippageR: 0.1,
      sizeTaken: 100,
      sizeAllowed: 100,
      sizeRatio: 1,
      oversized: false,
      stopMoved: false,
      exit: null,
    });
  });
});

describe('plannedVsActualBy', () => {
  const noTargetPlan: ComparedPlan = { ...longPlan, id: 'p-none', targetPrice: null, tradeSetupId: null };
  const context = {
    plans: [longPlan, noTargetPlan],
    setups: [{ id: 's-breakout', name: 'Breakout' }],
    accounts,
  };
  const trades = [
    // +0.05R slippage, 1.2 of the size, target.
    trade({ id: 't1', averageEntryPrice: 50.25, entryQuantity: 120 }),
    // −0.02R, 0.5 of the size, stop moved to 44 and hit: beyond the plan's stop.
    trade({ id: 't2', averageEntryPrice: 49.9, entryQuantity: 50, initialStop: 44, averageExitPrice: 44 }),
    // Open: 0R, 1.0 of the size, no exit.
    trade({ id: 't3', closedAt: null, averageExitPrice: null, openQuantity: 100 }),
    // An account not known here: 0R, no size figures; sold at 55, short of the target.
    trade({ id: 't4', accountId: ACCOUNT_2, averageExitPrice: 55 }),
    // No setup, no target, no stop: +0.1R, 0.8 of the size, a profit.
    trade({
      id: 't5',
      planId: 'p-none',
      averageEntryPrice: 50.5,
      entryQuantity: 80,
      initialStop: null,
      averageExitPrice: 55,
    }),
    // Left out: unplanned, incomplete, linked to a plan not known here.
    trade({ id: 't6', planId: null, planned: false }),
    trade({ id: 't7', incomplete: true }),
    trade({ id: 't8', planId: 'p-gone' }),
  ];
  const exits = (o: Partial<Record<ExitOutcome, number>>) => ({
    target: 0,
    cutShort: 0,
    profitNoTarget: 0,
    beforeStop: 0,
    stopped: 0,
    beyondStop: 0,
    ...o,
  });

  it('all: every compared trade, each figure with its own n', () => {
    expect(plannedVsActualBy(trades, 'all', context)).toEqual([
      {
        key: 'all',
        label: 'All planned trades',
        n: 5,
        // (0.05 − 0.02 + 0 + 0 + 0.1) ÷ 5 = 0.026
        entrySlippageR: { mean: 0.026, n: 5 },
        // (1.2 + 0.5 + 1 + 0.8) ÷ 4 = 0.875 (t4's account is not known)
        sizeRatio: { mean: 0.875, n: 4 },
        oversized: { count: 1, n: 4 }, // t1
        stopMoved: { count: 1, n: 4 }, // t2, of the four with a stop
        targetCutShort: { count: 1, n: 3 }, // t4, of t1, t2, t4 (closed, with a target)
        exits: exits({ target: 1, beyondStop: 1, cutShort: 1, profitNoTarget: 1 }),
        closed: 4,
      },
    ]);
  });

  it('setup: by the plan’s setup, a plan without one under No setup', () => {
    expect(plannedVsActualBy(trades, 'setup', context)).toEqual([
      {
        key: 's-breakout',
        label: 'Breakout',
        n: 4,
        entrySlippageR: { mean: 0.0075, n: 4 }, // (0.05 − 0.02 + 0 + 0) ÷ 4
        sizeRatio: { mean: 0.9, n: 3 }, // (1.2 + 0.5 + 1) ÷ 3
        oversized: { count: 1, n: 3 },
        stopMoved: { count: 1, n: 4 },
        targetCutShort: { count: 1, n: 3 },
        exits: exits({ target: 1, beyondStop: 1, cutShort: 1 }),
        closed: 3,
      },
      {
        key: 'none',
        label: 'No setup',
        n: 1,
        entrySlippageR: { mean: 0.1, n: 1 },
        sizeRatio: { mean: 0.8, n: 1 },
        oversized: { count: 0, n: 1 },
        stopMoved: { count: 0, n: 0 },
        targetCutShort: { count: 0, n: 0 },
        exits: exits({ profitNoTarget: 1 }),
        closed: 1,
      },
    ]);
  });

  it('a setup not known here groups under No setup; no trades, no groups', () => {
    const gone = { ...context, setups: [] };
    expect(plannedVsActualBy(trades.slice(0, 1), 'setup', gone).map((g) => [g.key, g.label, g.n])).toEqual([
      ['none', 'No setup', 1],
    ]);
    expect(plannedVsActualBy([], 'all', context)).toEqual([]);
    expect(plannedVsActualBy(trades.slice(5), 'setup', context)).toEqual([]);
  });

  it('short and long trades together, each in its own direction', () => {
    const both = [
      trade({ id: 'l', averageEntryPrice: 50.5 }), // +0.1R
      short({ id: 's', averageEntryPrice: 49 }), // sold lower: +0.2R
    ];
    const [all] = plannedVsActualBy(both, 'all', { ...context, plans: [longPlan, shortPlan] });
    expect(all).toMatchObject({ n: 2, entrySlippageR: { mean: 0.15, n: 2 }, exits: exits({ target: 2 }) });
  });
});
