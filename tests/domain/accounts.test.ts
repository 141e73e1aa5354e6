import { describe, expect, it } from 'vitest';
import {
  accountTotals,
  capitalRiskAmount,
  investedAmount,
  investedPercentage,
  isLoss,
  isProfit,
  maxRiskAmount,
  totalPnL,
  totalPnLPercentage,
} from '../../src/domain/accounts.ts';
import { account } from './fixtures.ts';

describe('account derived values (docs/product.md, "Accounts")', () => {
  it('computes invested, P&L, P&L %, max risk and capital risk', () => {
    const a = account();
    expect(investedAmount(a)).toBe(30_000);
    expect(totalPnL(a)).toBe(10_000);
    expect(totalPnLPercentage(a)).toBe(25);
    expect(maxRiskAmount(a)).toBe(500);
    expect(capitalRiskAmount(a)).toBe(5_000);
  });

  it('reports 0 % P&L when the original balance is 0', () => {
    expect(totalPnLPercentage(account({ originalBalance: 0 }))).toBe(0);
  });

  it.each([
    [40_001, true, false],
    [40_000, false, false],
    [39_999, false, true],
  ])('balance %d against 40,000 original: profit %s, loss %s', (currentBalance, profit, loss) => {
    const a = account({ currentBalance });
    expect(isProfit(a)).toBe(profit);
    expect(isLoss(a)).toBe(loss);
  });

  it('reports the invested amount as a percentage of the balance, 0 on a zero balance', () => {
    expect(investedPercentage(account())).toBe(60);
    expect(investedPercentage(account({ currentBalance: 0, availableFundsForTrading: 0 }))).toBe(0);
  });
});

describe('accountTotals (the Dashboard Total row)', () => {
  it('sums balances, invested and free, and derives total P&L and percentage', () => {
    const totals = accountTotals([
      account({ currentBalance: 11_000, originalBalance: 10_000, availableFundsForTrading: 1_000 }),
      account({ currentBalance: 4_000, originalBalance: 5_000, availableFundsForTrading: 4_000 }),
    ]);
    expect(totals).toEqual({
      originalBalance: 15_000,
      currentBalance: 15_000,
      invested: 10_000,
      free: 5_000,
      investedPercentage: (10_000 / 15_000) * 100,
      pnl: 0,
      pnlPercentage: 0,
    });
  });

  it('computes the total percentage from the totals, not as an average of rows', () => {
    const totals = accountTotals([
      account({ currentBalance: 2_000, originalBalance: 1_000 }),
      account({ currentBalance: 9_000, originalBalance: 9_000 }),
    ]);
    expect(totals.pnl).toBe(1_000);
    expect(totals.pnlPercentage).toBe(10);
  });

  it('is all zeros with no accounts, and 0 % when the total original is 0', () => {
    expect(accountTotals([])).toEqual({
      originalBalance: 0,
      currentBalance: 0,
      invested: 0,
      free: 0,
      investedPercentage: 0,
      pnl: 0,
      pnlPercentage: 0,
    });
    expect(accountTotals([account({ originalBalance: 0 })]).pnlPercentage).toBe(0);
  });
});
