import { describe, expect, it } from 'vitest';
import { importableFill } from '../../src/domain/executions.ts';
import { executionLabel, formatSplitRatio } from '../../src/domain/format.ts';
import { decimalsOf, sumAtPrecision } from '../../src/domain/rounding.ts';
import { unlinked } from '../../src/domain/tradeAnnotation.ts';
import { splitRatiosOf } from '../../src/domain/tradeFigures.ts';
import { tradeIdOf, tradeKeyOf } from '../../src/domain/tradeKeys.ts';
import { buildTrades } from '../../src/domain/tradeLinks.ts';
import type { Execution, Trade, TradeAnnotation } from '../../src/domain/types.ts';
import { ACCOUNT_1, ACCOUNT_2, day, fill, tradeFigures } from './fixtures.ts';

// The broker's position adjustments (docs/product.md, "Trades"): a split or reverse split adds or
// takes away shares (the side says which), a transfer moves shares in (Buy) or out (Sell).
const split = (id: string, side: Execution['side'], shares: number, at: string, overrides = {}) =>
  fill(id, side, shares, 0, at, { kind: 'split', ...overrides });
const transfer = (id: string, side: Execution['side'], shares: number, cost: number, at: string) =>
  fill(id, side, shares, cost, at, { kind: 'transfer' });

const build = (executions: readonly Execution[], annotations: TradeAnnotation[] = []) =>
  buildTrades({ executions, annotations, plans: [], accounts: [] });

const figures = tradeFigures;

const stopAt = (trade: Trade, initialStop: number): TradeAnnotation => ({
  ...unlinked,
  key: trade.key,
  initialStop,
});

describe('a split while a trade is open', () => {
  // Buy 100 at $1, a 1-for-100 reverse split (100 shares become 1: 99 taken away), sell the 1 at $150.
  const reverse = [
    fill('e1', 'Buy', 100, 1, day(2), { fees: 0.5 }),
    split('s1', 'Sell', 99, day(3)),
    fill('e2', 'Sell', 1, 150, day(4), { fees: 0.5 }),
  ];

  it('1-for-100 reverse split then selling the one share closes the trade with its P&L', () => {
    expect(build(reverse).map(figures)).toEqual([
      {
        direction: 'Long',
        openedAt: day(2),
        closedAt: day(4),
        // In the shares of the opening, as the trade was planned: 100 at $1, out at $1.50 a share.
        entryQuantity: 100,
        openQuantity: 0,
        averageEntryPrice: 1,
        averageExitPrice: 1.5,
        grossPnl: 50, // the 1 share cost $100 (100 × $1): 150 − 100
        fees: 1,
        netPnl: 49,
        executionIds: ['e1', 's1', 'e2'],
        incomplete: false,
      },
    ]);
  });

  it('keeps the trade open with the one share until it is sold, and the stop and R as planned', () => {
    const [open] = build(reverse.slice(0, 2));
    expect(open).toMatchObject({ closedAt: null, openQuantity: 100, entryQuantity: 100, grossPnl: 0 });
    // A stop of $0.90 under the $1 entry: $10 at risk, whatever the split did to the share count.
    const [closed] = build(reverse, [stopAt(open!, 0.9)]);
    expect(closed).toMatchObject({ initialRisk: 10, rMultiple: 4.9 });
  });

  it('a 2-for-1 split doubles the shares and halves their cost: exits after it match the new shares', () => {
    const trades = build([
      fill('e1', 'Buy', 100, 50, day(2)),
      split('s1', 'Buy', 100, day(3)), // 100 shares become 200
      fill('e2', 'Sell', 50, 30, day(4)), // 50 of the new $25 shares: 50 × (30 − 25)
      fill('e3', 'Sell', 150, 20, day(5)), // the other 150: 150 × (20 − 25)
    ]);
    expect(trades.map(figures)).toEqual([
      {
        direction: 'Long',
        openedAt: day(2),
        closedAt: day(5),
        entryQuantity: 100,
        openQuantity: 0,
        averageEntryPrice: 50,
        // 50 × 30 + 150 × 20 = 4,500 for the 100 shares of the opening.
        averageExitPrice: 45,
        grossPnl: -500, // 250 − 750, which is also exits 4,500 − entries 5,000
        fees: 0,
        netPnl: -500,
        executionIds: ['e1', 's1', 'e2', 'e3'],
        incomplete: false,
      },
    ]);
    const [partly] = build([
      fill('e1', 'Buy', 100, 50, day(2)),
      split('s1', 'Buy', 100, day(3)),
      fill('e2', 'Sell', 50, 30, day(4)),
    ]);
    expect(partly).toMatchObject({ closedAt: null, openQuantity: 75, grossPnl: 250 });
  });

  it('a split of a short adds to the shares owed and lowers their price', () => {
    const [short] = build([
      fill('e1', 'Sell', 100, 50, day(2)),
      split('s1', 'Sell', 100, day(3)), // owed 100 become 200
      fill('e2', 'Buy', 200, 20, day(4)),
    ]);
    expect(short).toMatchObject({
      direction: 'Short',
      closedAt: day(4),
      entryQuantity: 100,
      averageEntryPrice: 50,
      averageExitPrice: 40,
      grossPnl: 1000,
      incomplete: false,
    });
  });

  it('tells the ratio each split applied, for the fills to show it ("Split 1:100")', () => {
    const ratios = splitRatiosOf([
      ...reverse,
      fill('m1', 'Buy', 10, 300, day(2), { symbol: 'MSFT' }),
      split('m2', 'Buy', 20, day(3), { symbol: 'MSFT' }),
      // A split meeting no open trade adjusts nothing.
      split('m3', 'Buy', 10, day(4), { symbol: 'NVDA' }),
    ]);
    expect([...ratios]).toEqual([
      ['s1', 0.01],
      ['m2', 3],
    ]);
    expect(executionLabel(reverse[1]!, ratios.get('s1'))).toBe('Split 1:100');
    expect(executionLabel(split('x', 'Buy', 1, day(1)))).toBe('Split');
    expect(executionLabel(transfer('t', 'Buy', 1, 0, day(1)))).toBe('Transfer in');
    expect(executionLabel(transfer('t', 'Sell', 1, 0, day(1)))).toBe('Transfer out');
    expect(executionLabel(fill('f', 'Sell', 1, 1, day(1)))).toBe('Sell');
  });

  it('a split that does not fit the shares we know of leaves them and takes the trade out of R', () => {
    // Taking away 150 of 100 shares: shares from before the history held.
    const [trade] = build([fill('e1', 'Buy', 100, 10, day(2)), split('s1', 'Sell', 150, day(3))]);
    expect(trade).toMatchObject({ openQuantity: 100, incomplete: true, averageEntryPrice: 10 });
    expect(trade!.executionIds).toEqual(['e1', 's1']);
    // With no trade open, a split adjusts nothing and belongs to no trade.
    expect(build([split('s2', 'Buy', 100, day(3))])).toEqual([]);
  });
});

describe('shares transferred in or out', () => {
  it('a transfer out closes the position at its cost, with no P&L, and leaves the trade out of R', () => {
    const trades = build([
      fill('e1', 'Buy', 100, 10, day(2), { fees: 1 }),
      fill('e2', 'Sell', 40, 12, day(3)),
      transfer('t1', 'Sell', 60, 0, day(4)),
    ]);
    expect(trades.map(figures)).toEqual([
      {
        direction: 'Long',
        openedAt: day(2),
        closedAt: day(4),
        entryQuantity: 100,
        openQuantity: 0,
        averageEntryPrice: 10,
        averageExitPrice: 12, // the trader's own sale; the transferred shares were not sold
        grossPnl: 80, // 40 × (12 − 10), nothing on the 60 transferred
        fees: 1,
        netPnl: 79,
        executionIds: ['e1', 'e2', 't1'],
        incomplete: true,
      },
    ]);
    const [withStop] = build(
      [fill('e1', 'Buy', 100, 10, day(2)), transfer('t1', 'Sell', 100, 0, day(4))],
      [{ ...unlinked, key: tradeKeyOf(ACCOUNT_1, 'AAPL', day(2)), initialStop: 9 }],
    );
    expect(withStop).toMatchObject({ initialRisk: 100, rMultiple: null, closedAt: day(4) });
  });

  it('a transfer in opens a trade at the cost the broker reports', () => {
    const [trade] = build([transfer('t1', 'Buy', 50, 12, day(2)), fill('e1', 'Sell', 50, 15, day(3))]);
    expect(figures(trade!)).toEqual({
      direction: 'Long',
      openedAt: day(2),
      closedAt: day(3),
      entryQuantity: 50,
      openQuantity: 0,
      averageEntryPrice: 12,
      averageExitPrice: 15,
      grossPnl: 150,
      fees: 0,
      netPnl: 150,
      executionIds: ['t1', 'e1'],
      incomplete: false,
    });
    expect(trade!.key).toBe(tradeKeyOf(ACCOUNT_1, 'AAPL', day(2)));
  });

  it('a transfer in adds to an open trade; without a cost the trade has no P&L and no R', () => {
    const [added] = build([
      fill('e1', 'Buy', 50, 10, day(2)),
      transfer('t1', 'Buy', 50, 14, day(3)),
      fill('e2', 'Sell', 100, 13, day(4)),
    ]);
    expect(added).toMatchObject({
      entryQuantity: 100,
      averageEntryPrice: 12,
      grossPnl: 100,
      incomplete: false,
    });
    const [unknown] = build([transfer('t1', 'Buy', 50, 0, day(2)), fill('e1', 'Sell', 50, 15, day(3))]);
    expect(unknown).toMatchObject({
      closedAt: day(3),
      averageEntryPrice: null,
      averageExitPrice: 15,
      grossPnl: null,
      netPnl: null,
      incomplete: true,
    });
  });

  it('shares transferred out of a flat account were never known here: no trade', () => {
    expect(build([transfer('t1', 'Sell', 10, 0, day(2))])).toEqual([]);
  });
});

describe('histories without adjustments', () => {
  // Fills as they were before adjustments existed: cached rows carry no kind at all.
  const history = [
    fill('e1', 'Buy', 100, 10, day(2), { fees: 0.5 }),
    fill('e2', 'Sell', 150, 12, day(3), { fees: 1 }),
    fill('e3', 'Buy', 50, 11, day(4), { fees: 0.25 }),
    fill('e4', 'Sell', 30, 20, day(5), { positionEffect: 'Close', accountId: ACCOUNT_2 }),
    fill('e5', 'Buy', 10, 300, day(6), { symbol: 'MSFT' }),
  ];

  it('give the same trades, keys and ids whether their fills name their kind or not', () => {
    const before = build(history);
    const named = build(history.map((f) => ({ ...f, kind: 'fill' as const })));
    expect(named).toEqual(before);
    expect(before.map((t) => t.key)).toEqual([
      tradeKeyOf(ACCOUNT_1, 'MSFT', day(6)),
      tradeKeyOf(ACCOUNT_2, 'AAPL', day(5)),
      tradeKeyOf(ACCOUNT_1, 'AAPL', day(3)),
      tradeKeyOf(ACCOUNT_1, 'AAPL', day(2)),
    ]);
    for (const t of before) expect(t.id).toBe(tradeIdOf(t.key));
    expect(before.map((t) => t.fees)).toEqual([0, 0, 0.58, 1.17]);
  });
});

describe('fees to the broker’s precision', () => {
  it('keeps a fee finer than a cent in the trade, rounding only the P&L', () => {
    const [trade] = build([
      fill('e1', 'Buy', 100, 10, day(2), { fees: 0.0017 }),
      fill('e2', 'Sell', 100, 11, day(3), { fees: 0.6533 }),
    ]);
    expect(trade).toMatchObject({ fees: 0.655, grossPnl: 100, netPnl: 99.35 });
  });

  it('splits a crossing fill’s fees to the fill’s own precision', () => {
    const trades = build([
      fill('e1', 'Buy', 100, 10, day(2)),
      // 100 of 150 close the long: 2/3 of $0.0033 is $0.0022, the short keeps the $0.0011 left.
      fill('e2', 'Sell', 150, 12, day(3), { fees: 0.0033 }),
    ]);
    expect(trades.map((t) => [t.direction, t.fees])).toEqual([
      ['Short', 0.0011],
      ['Long', 0.0022],
    ]);
  });

  it('counts decimals as written and sums without float dust', () => {
    expect([0.65, 0.000166, 1e-7, 3, 1.5e-10].map(decimalsOf)).toEqual([2, 6, 7, 0, 11]);
    expect(sumAtPrecision([0.65, 0.01])).toBe(0.66);
    expect(sumAtPrecision([0.1, 0.2])).toBe(0.3);
    expect(sumAtPrecision([0.000166, 0.01])).toBe(0.010166);
    expect(sumAtPrecision([])).toBe(0);
  });
});

describe('what a broker adjustment must be to be imported', () => {
  const base = {
    brokerExecutionId: '91',
    symbol: 'aapl',
    side: 'Sell',
    quantity: 99,
    price: 0,
    fees: 0,
    executedAt: '2026-03-03T05:00:00+0000',
    positionEffect: null,
  };

  it('takes a split with no price and a transfer with or without a cost', () => {
    expect(importableFill({ ...base, kind: 'split' })).toMatchObject({
      kind: 'split',
      symbol: 'AAPL',
      price: 0,
    });
    expect(importableFill({ ...base, kind: 'transfer' })).toMatchObject({ kind: 'transfer', price: 0 });
    expect(importableFill({ ...base, kind: 'transfer', price: 12.5 })).toMatchObject({ price: 12.5 });
    expect(importableFill({ ...base, price: 10 })).toMatchObject({ kind: 'fill' });
  });

  it('refuses a split with a price or fees, a fill without a price, and an unknown kind', () => {
    expect(importableFill({ ...base, kind: 'split', price: 1 })).toBeUndefined();
    expect(importableFill({ ...base, kind: 'split', fees: 0.01 })).toBeUndefined();
    expect(importableFill({ ...base })).toBeUndefined();
    expect(importableFill({ ...base, kind: 'merger' })).toBeUndefined();
    expect(importableFill({ ...base, kind: 'transfer', quantity: 0 })).toBeUndefined();
  });

  it('shows split ratios as brokers write them', () => {
    expect([2, 1.5, 0.01, 1 / 3, 10, 0.4, 1.75].map(formatSplitRatio)).toEqual([
      '2:1',
      '3:2',
      '1:100',
      '1:3',
      '10:1',
      '2:5',
      '7:4',
    ]);
  });
});
