import { describe, expect, it } from 'vitest';
import { isHeatLimitInRange } from '../../src/domain/accounts.ts';
import { DEFAULT_HEAT_LIMIT_PERCENT } from '../../src/domain/constants.ts';
import { accountHeat, type HeatAccount, type HeatPlan, heatLevel } from '../../src/domain/heat.ts';
import { messages } from '../../src/domain/messages.ts';
import type { Trade, TradePlanStatus } from '../../src/domain/types.ts';
import { ACCOUNT_1, ACCOUNT_2, day, trade } from './fixtures.ts';

// $10,000, 1 % max trade risk ($100 a trade), capital and funds never the tighter limit here.
const account = (overrides: Partial<HeatAccount> = {}): HeatAccount => ({
  id: ACCOUNT_1,
  currentBalance: 10_000,
  availableFundsForTrading: 10_000,
  capitalRisk: 100,
  maxTradeRisk: 1,
  scaleOutFactor: 1,
  heatLimit: 6,
  ...overrides,
});

/** An open Long of account 1: `quantity` shares still held at an average of `entry`. */
const open = (
  id: string,
  quantity: number,
  entry: number,
  stop: number | null,
  overrides: Partial<Trade> = {},
): Trade =>
  trade(id, {
    entryQuantity: quantity,
    openQuantity: quantity,
    averageEntryPrice: entry,
    initialStop: stop,
    initialRisk: stop === null ? null : quantity * Math.abs(entry - stop),
    ...overrides,
  });

const plan = (
  id: string,
  status: TradePlanStatus,
  entryPrice: number,
  stopLossPrice: number,
  doneAt: string | null = null,
): HeatPlan => ({
  id,
  stock: id.toUpperCase(),
  status,
  doneAt,
  entryPrice,
  stopLossPrice,
});

describe('accountHeat', () => {
  it('sums the open risk of the account’s open trades with a stop and the planned risk of untraded active plans', () => {
    const trades = [
      // Bought 150 at 50, sold 50: 100 held × |50 − 48| = $200 (the shares held, not the entry).
      open('t1', 100, 50, 48, { entryQuantity: 150, averageExitPrice: 52 }),
      // A short: 50 × |20 − 21| = $50.
      open('t2', 50, 20, 21, { direction: 'Short' }),
      // No stop: counted, not summed.
      open('t3', 10, 30, null),
      // Closed: no longer at risk.
      open('t4', 0, 40, 35, { closedAt: day(3) }),
      // Another account's.
      open('t5', 100, 10, 5, { accountId: ACCOUNT_2 }),
      // Another account's closed trade, linked to plan p3: p3 is traded.
      open('t6', 0, 10, 9, { accountId: ACCOUNT_2, closedAt: day(2), planId: 'p3', planned: true }),
    ];
    const plans = [
      plan('p1', 'Ready', 25, 24), // min(100 ÷ 1, 10,000 ÷ 25) = 100 shares × $1 = $100
      plan('p2', 'Hold', 10, 9.5), // min(100 ÷ 0.5, 10,000 ÷ 10) = 200 shares × $0.50 = $100
      plan('p3', 'Ready', 10, 9), // has a trade: not counted
      plan('p4', 'Draft', 10, 9), // not active
      plan('p5', 'Discarded', 10, 9), // not active
    ];
    expect(accountHeat(account(), trades, plans)).toEqual({
      openRisk: 250, // 200 + 50
      plannedRisk: 200, // 100 + 100
      openWithoutStop: 1,
      openRiskPercent: 2.5, // 250 ÷ 10,000
      plannedRiskPercent: 2,
      heatPercent: 4.5, // 450 ÷ 10,000, under 4.8 (80 % of 6)
      level: 'ok',
    });
  });

  it('sizes a plan for this account as the plans list does: every limit and the scale-out lots', () => {
    // Funds $1,000 ÷ 25 = 40 shares, the tightest; in lots of 3: 39 × (25 − 24) = $39.
    const heat = accountHeat(
      account({ availableFundsForTrading: 1_000, scaleOutFactor: 3 }),
      [],
      [plan('p1', 'Ready', 25, 24)],
    );
    expect(heat.plannedRisk).toBe(39);
  });

  it('leaves out a done plan, whatever its status: its trades are over (docs/product.md, "Trade plans")', () => {
    // Done on a trade the device no longer holds (a restore before the broker's fills came back):
    // only doneAt says it, and it is enough.
    const plans = [
      plan('p1', 'Ready', 25, 24, day(3)),
      plan('p2', 'Hold', 10, 9.5, day(3)),
      plan('p3', 'Ready', 25, 24),
    ];
    expect(accountHeat(account(), [], plans).plannedRisk).toBe(100); // p3 alone
  });

  it('adds nothing for a plan whose stop is not below its entry', () => {
    expect(accountHeat(account(), [], [plan('p1', 'Ready', 25, 25)]).plannedRisk).toBe(0);
  });

  it('rounds the sums to the cent', () => {
    // 3 × |10.10 − 10| = 0.2999999999999998 in binary → $0.30
    expect(accountHeat(account(), [open('t1', 3, 10.1, 10)], []).openRisk).toBe(0.3);
  });

  // Limit 6 %: amber from 4.8 %, red above 6 %. One open trade of $risk on $10,000.
  it.each([
    [0, 0, 'ok'],
    [479.4, 4.79, 'ok'], // 79.9 % of the limit: 4.794 % shows as 4.79 %
    [480, 4.8, 'warning'], // 80 % of the limit
    [600, 6, 'warning'], // exactly the limit: amber, red only above it
    [600.6, 6.01, 'over'], // 100.1 %: 6.006 % shows as 6.01 %
  ])('$%d at risk is %d % of the balance: %s', (risk, percent, level) => {
    const heat = accountHeat(account(), [open('t1', 1, risk + 10, 10)], []);
    expect(heat).toMatchObject({ openRisk: risk, heatPercent: percent, level });
  });

  it('has no percents without a positive balance, and is over with anything at risk', () => {
    const broke = account({ currentBalance: 0, availableFundsForTrading: 0 });
    expect(accountHeat(broke, [open('t1', 10, 50, 48)], [plan('p1', 'Ready', 25, 24)])).toEqual({
      openRisk: 20,
      plannedRisk: 0, // a zero balance sizes every plan at 0 shares
      openWithoutStop: 0,
      openRiskPercent: null,
      plannedRiskPercent: null,
      heatPercent: null,
      level: 'over',
    });
    expect(accountHeat(account({ currentBalance: -5 }), [open('t1', 10, 50, null)], []).level).toBe('ok');
  });
});

describe('heatLevel', () => {
  it.each([
    [0, 6, 'ok'],
    [4.79, 6, 'ok'],
    [4.8, 6, 'warning'],
    [6, 6, 'warning'],
    [6.01, 6, 'over'],
    [3.99, 5, 'ok'],
    [4, 5, 'warning'],
    [0.08, 0.11, 'ok'],
    [0.088, 0.11, 'warning'], // 0.11 × 80 ÷ 100 = 0.08800000000000001 in binary, rounded to 0.088
    [0, 0, 'ok'], // nothing at risk is never a warning
    [0.01, 0, 'over'],
    [100, 100, 'warning'],
  ] as const)('%d % against a limit of %d % is %s', (heat, limit, level) => {
    expect(heatLevel(heat, limit)).toBe(level);
  });
});

describe('the heat limit setting', () => {
  it('defaults to 6 % and must be between 0 and 100', () => {
    expect(DEFAULT_HEAT_LIMIT_PERCENT).toBe(6);
    expect(messages.heatLimitOutOfRange).toBe('Heat limit must be between 0 and 100');
    for (const ok of [0, 0.5, 6, 100]) expect(isHeatLimitInRange(ok)).toBe(true);
    for (const bad of [-0.1, 100.1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(isHeatLimitInRange(bad)).toBe(false);
  });
});
