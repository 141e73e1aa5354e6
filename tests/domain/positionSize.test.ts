import { describe, expect, it } from 'vitest';
import { computePositionSizes, isValidPositionSize } from '../../src/domain/positionSize.ts';
import { account } from './fixtures.ts';

// balance 100,000: max risk 1% = 1,000; capital 10% = 10,000.
const base = account({
  currentBalance: 100_000,
  availableFundsForTrading: 100_000,
  capitalRisk: 10,
  maxTradeRisk: 1,
});

type SizingAccount = Parameters<typeof computePositionSizes>[0][number];
type Prices = Parameters<typeof computePositionSizes>[1];

/** The size for one account, through the exported function. */
const computePositionSize = (account: Omit<SizingAccount, 'id' | 'accountName'>, plan: Prices): number =>
  computePositionSizes([{ ...account, id: 'a', accountName: 'A' }], plan)[0]!.position;

describe('position size (docs/product.md, "Position size")', () => {
  it('is bound by risk when the stop is wide', () => {
    // byRisk = 1000 / 10 = 100; byCapital = 10000 / 50 = 200; byFunds = 2000
    expect(computePositionSize(base, { entryPrice: 50, stopLossPrice: 40 })).toBe(100);
  });

  it('is bound by capital when the stop is tight', () => {
    // byRisk = 1000 / 0.5 = 2000; byCapital = 10000 / 50 = 200; byFunds = 2000
    expect(computePositionSize(base, { entryPrice: 50, stopLossPrice: 49.5 })).toBe(200);
  });

  it('is bound by the funds available for trading', () => {
    const cashPoor = { ...base, availableFundsForTrading: 1_000 };
    // byRisk 2000, byCapital 200, byFunds = 1000 / 50 = 20
    expect(computePositionSize(cashPoor, { entryPrice: 50, stopLossPrice: 49.5 })).toBe(20);
  });

  it('floors each limit to whole shares', () => {
    // byRisk = 1000 / 3 = 333.3 -> 333
    expect(computePositionSize(base, { entryPrice: 20, stopLossPrice: 17 })).toBe(333);
  });

  it('does not lose a share to floating-point error', () => {
    const a = {
      ...base,
      currentBalance: 30,
      availableFundsForTrading: 1e9,
      capitalRisk: 100,
      maxTradeRisk: 1,
    };
    // maxRisk = 0.3, risk/share = 0.1 -> exactly 3 shares (0.3 / 0.1 is 2.9999999999999996 in floats)
    expect(computePositionSize(a, { entryPrice: 0.5, stopLossPrice: 0.4 })).toBe(3);
  });

  it.each([
    [1, 333],
    [2, 332],
    [5, 330],
    [10, 330],
    [4, 332],
  ])('rounds down to a multiple of scale-out factor %d', (scaleOutFactor, expected) => {
    expect(computePositionSize({ ...base, scaleOutFactor }, { entryPrice: 20, stopLossPrice: 17 })).toBe(
      expected,
    );
  });

  it('is 0 when fewer shares than one scale-out lot fit', () => {
    const a = { ...base, availableFundsForTrading: 100, scaleOutFactor: 3 };
    expect(computePositionSize(a, { entryPrice: 50, stopLossPrice: 49 })).toBe(0);
  });

  it.each([
    ['zero balance', { currentBalance: 0 }],
    ['zero free funds', { availableFundsForTrading: 0 }],
    ['negative free funds (margin call)', { availableFundsForTrading: -500 }],
    ['zero max trade risk', { maxTradeRisk: 0 }],
  ])('is 0 with %s, never negative', (_label, overrides) => {
    expect(computePositionSize({ ...base, ...overrides }, { entryPrice: 50, stopLossPrice: 40 })).toBe(0);
  });

  it.each([
    [50, 50],
    [50, 60],
    [0, -1],
  ])('is 0 when entry %d and stop %d leave no positive risk per share', (entryPrice, stopLossPrice) => {
    expect(computePositionSize(base, { entryPrice, stopLossPrice })).toBe(0);
  });

  it('sizes every account, with valid meaning > 0', () => {
    const sizes = computePositionSizes(
      [
        { ...base, id: 'a', accountName: 'Margin' },
        { ...base, id: 'b', accountName: 'Cash', availableFundsForTrading: 0 },
      ],
      { entryPrice: 50, stopLossPrice: 40 },
    );
    expect(sizes).toEqual([
      { accountId: 'a', accountName: 'Margin', position: 100 },
      { accountId: 'b', accountName: 'Cash', position: 0 },
    ]);
    expect(sizes.map(isValidPositionSize)).toEqual([true, false]);
  });
});
