import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages.ts';
import {
  computePositionSizes,
  isValidPositionSize,
  planPositionFigures,
  positionSizeLimit,
  positionSizeLimitMessage,
} from '../../src/domain/positionSize.ts';
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

describe('why a size is N/A: the limit that made it zero', () => {
  const wide = { entryPrice: 50, stopLossPrice: 40 }; // 10 risk per share

  it.each([
    // max risk = 100,000 × 0.001% = $1 < one share's $10 of risk; capital 200, funds 2000
    ['risk', { maxTradeRisk: 0.001 }, wide],
    // capital = 100,000 × 0.01% = $10 < one share at $50; risk 100, funds 2000
    ['capital', { capitalRisk: 0.01 }, wide],
    // $40 free < one share at $50; risk 100, capital 200
    ['funds', { availableFundsForTrading: 40 }, wide],
    ['funds', { availableFundsForTrading: -500 }, wide],
    // 100 free buys 2 shares at 50: less than one lot of 3
    ['lot', { availableFundsForTrading: 100, scaleOutFactor: 3 }, { entryPrice: 50, stopLossPrice: 49 }],
    // byRisk 0 and byCapital 0: both allow nothing; the tie goes to risk, then capital, then funds
    ['risk', { currentBalance: 0 }, wide],
    ['capital', { capitalRisk: 0.01, availableFundsForTrading: 40 }, wide],
    // funds allow −10 shares, the tightest
    ['funds', { maxTradeRisk: 0.001, availableFundsForTrading: -500 }, wide],
  ] as const)('%s with %j', (limit, overrides, plan) => {
    const a = { ...base, ...overrides };
    expect(computePositionSize(a, plan)).toBe(0);
    expect(positionSizeLimit(a, plan)).toBe(limit);
  });

  it('is null when the prices size nothing at all', () => {
    expect(positionSizeLimit(base, { entryPrice: 50, stopLossPrice: 50 })).toBeNull();
    expect(positionSizeLimit(base, { entryPrice: 0, stopLossPrice: -1 })).toBeNull();
  });

  it.each([
    ['risk', 1, 'Max trade risk allows less than one share'],
    ['capital', 1, 'Capital risk allows less than one share'],
    ['funds', 1, 'Not enough free funds for one share'],
    ['lot', 3, 'Less than one lot of 3 shares'],
  ] as const)('%s reads "%s"', (limit, scaleOutFactor, text) => {
    expect(positionSizeLimitMessage(limit, scaleOutFactor)).toBe(text);
  });
});

describe('what caps a size: the limit that set it, for any size (issue 40)', () => {
  // The trader: 1% of 3,150 is 31.50, 21 shares at 1.50 a share; 10% is 315, 6 shares at 50.
  const trader = { ...base, currentBalance: 3_150, availableFundsForTrading: 3_150 };
  const tight = { entryPrice: 50, stopLossPrice: 48.5 };

  it.each([
    ['capital', 6, 'capped by capital risk 10.00%', trader, tight],
    // byRisk 100, byCapital 200, byFunds 2,000
    ['risk', 100, 'capped by max trade risk 1.00%', base, { entryPrice: 50, stopLossPrice: 40 }],
    [
      'risk',
      50,
      'capped by max trade risk 0.50%',
      { ...base, maxTradeRisk: 0.5 },
      { entryPrice: 50, stopLossPrice: 40 },
    ],
    // byRisk 2,000, byCapital 200, byFunds 20
    [
      'funds',
      20,
      'capped by available funds',
      { ...base, availableFundsForTrading: 1_000 },
      { entryPrice: 50, stopLossPrice: 49.5 },
    ],
    // byRisk 333 rounds down to 332, two lots of 166: the lot took a share
    [
      'lot',
      332,
      'rounded to the scale-out factor 2',
      { ...base, scaleOutFactor: 2 },
      { entryPrice: 20, stopLossPrice: 17 },
    ],
    // byCapital 6 rounds down to 4 in lots of 4
    ['lot', 4, 'rounded to the scale-out factor 4', { ...trader, scaleOutFactor: 4 }, tight],
    // 333 is 111 lots of 3: the lot took nothing, the risk set it
    [
      'risk',
      333,
      'capped by max trade risk 1.00%',
      { ...base, scaleOutFactor: 3 },
      { entryPrice: 20, stopLossPrice: 17 },
    ],
    // byRisk 100 = byCapital 100 (5% of 100,000 at 50): the tie goes to risk, then capital, then funds
    [
      'risk',
      100,
      'capped by max trade risk 1.00%',
      { ...base, capitalRisk: 5 },
      { entryPrice: 50, stopLossPrice: 40 },
    ],
    [
      'capital',
      100,
      'capped by capital risk 5.00%',
      { ...base, capitalRisk: 5, availableFundsForTrading: 5_000 },
      { entryPrice: 50, stopLossPrice: 49 },
    ],
    // A short plan is its long mirror: 1.50 a share above the entry
    [
      'capital',
      6,
      'capped by capital risk 10.00%',
      trader,
      { entryPrice: 50, stopLossPrice: 51.5, direction: 'Short' as const },
    ],
  ] as const)('%s sets %d shares: "%s"', (limit, shares, text, account, plan) => {
    expect(computePositionSize(account, plan)).toBe(shares);
    expect(positionSizeLimit(account, plan)).toBe(limit);
    const [figures] = planPositionFigures([{ ...account, id: 'a', accountName: 'A' }], plan);
    expect(figures).toMatchObject({ shares, limit, limitMessage: text });
  });

  it('is the N/A reason for a zero size, as before', () => {
    expect(
      positionSizeLimit({ ...base, availableFundsForTrading: 40 }, { entryPrice: 50, stopLossPrice: 40 }),
    ).toBe('funds');
  });
});

describe('a plan per account: shares, cost, dollars at risk and % of the balance', () => {
  const accounts = [
    { ...base, id: 'a', accountName: 'Margin' },
    { ...base, id: 'b', accountName: 'Cash', availableFundsForTrading: 40 },
    { ...base, id: 'c', accountName: 'IRA', currentBalance: 20_000, availableFundsForTrading: 20_000 },
  ];

  it('works a wide stop through by hand', () => {
    // Margin: 100 shares (risk-bound); cost 100 × 50 = 5,000; at risk 100 × 10 = 1,000 = 1% of 100,000.
    // Cash: $40 free buys no share at $50.
    // IRA: max risk 200 → 20 shares, capital 2,000 → 40, funds 400: 20 shares; cost 1,000; at risk
    // 200 = 1% of 20,000.
    expect(planPositionFigures(accounts, { entryPrice: 50, stopLossPrice: 40 })).toEqual([
      {
        accountId: 'a',
        accountName: 'Margin',
        shares: 100,
        cost: 5_000,
        riskAmount: 1_000,
        riskPercent: 1,
        limit: 'risk',
        limitMessage: 'capped by max trade risk 1.00%',
      },
      {
        accountId: 'b',
        accountName: 'Cash',
        shares: 0,
        cost: 0,
        riskAmount: 0,
        riskPercent: 0,
        limit: 'funds',
        limitMessage: messages.positionSizeFundsTooLow,
      },
      {
        accountId: 'c',
        accountName: 'IRA',
        shares: 20,
        cost: 1_000,
        riskAmount: 200,
        riskPercent: 1,
        limit: 'risk',
        limitMessage: 'capped by max trade risk 1.00%',
      },
    ]);
  });

  it('works a tight stop through by hand: capital-bound, a tenth of a percent at risk', () => {
    // 200 shares (capital 10,000 ÷ 50); cost 10,000; at risk 200 × 0.5 = 100 = 0.1% of 100,000.
    const [margin] = planPositionFigures(accounts.slice(0, 1), { entryPrice: 50, stopLossPrice: 49.5 });
    expect(margin).toMatchObject({ shares: 200, cost: 10_000, riskAmount: 100, riskPercent: 0.1 });
  });

  it('gives the shares of computePositionSizes for every account', () => {
    const plan = { entryPrice: 20, stopLossPrice: 17 };
    const lots = accounts.map((a, i) => ({ ...a, scaleOutFactor: i + 2 }));
    expect(planPositionFigures(lots, plan).map((f) => f.shares)).toEqual(
      computePositionSizes(lots, plan).map((p) => p.position),
    );
  });

  it('names the lot in its message and never divides by a zero balance', () => {
    const [lot, broke] = planPositionFigures(
      [
        { ...base, id: 'l', accountName: 'Lot', availableFundsForTrading: 100, scaleOutFactor: 3 },
        { ...base, id: 'z', accountName: 'Zero', currentBalance: 0 },
      ],
      { entryPrice: 50, stopLossPrice: 49 },
    );
    expect(lot).toMatchObject({ shares: 0, limit: 'lot', limitMessage: 'Less than one lot of 3 shares' });
    expect(broke).toMatchObject({ shares: 0, riskPercent: 0, limit: 'risk' });
  });
});
