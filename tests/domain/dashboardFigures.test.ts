import { describe, expect, it } from 'vitest';
import { monthPerformance, openPositionsText } from '../../src/domain/dashboardFigures.ts';
import { formatSignedMoney, formatSignedPercent } from '../../src/domain/format.ts';

const NOV = [Date.parse('2026-11-01T00:00:00-05:00'), Date.parse('2026-12-01T00:00:00-05:00')] as const;
const closed = (closedAt: string | null, netPnl: number | null) => ({ closedAt, netPnl });

describe('Current Positions', () => {
  it('counts the open trades, in words', () => {
    expect(openPositionsText([])).toBe('No open trades');
    expect(openPositionsText([closed('2026-11-02T15:00:00Z', 10)])).toBe('No open trades');
    expect(openPositionsText([closed(null, null), closed('2026-11-02T15:00:00Z', 10)])).toBe(
      '1 active trade',
    );
    expect(openPositionsText([closed(null, null), closed(null, 5)])).toBe('2 active trades');
  });
});

describe('a month of performance', () => {
  const accounts = [{ currentBalance: 15_000 }, { currentBalance: 5_000 }];

  it("sums the net P&L of the trades closed in the month against the accounts' balance", () => {
    const trades = [
      closed('2026-11-03T15:00:00Z', 600.1),
      closed('2026-11-30T20:59:59Z', -100.05),
      closed(null, 999), // open: not counted
      closed('2026-10-31T20:00:00Z', 1_000), // October in New York
      closed('2026-12-01T05:00:00Z', 1_000), // the next month's first instant
    ];
    expect(monthPerformance(trades, accounts, ...NOV)).toEqual({ netPnl: 500.05, percent: 2.50025 });
  });

  it('is nothing when no trade closed in the month, or none with a known P&L', () => {
    expect(monthPerformance([], accounts, ...NOV)).toBeNull();
    expect(monthPerformance([closed(null, 50)], accounts, ...NOV)).toBeNull();
    expect(monthPerformance([closed('2026-11-03T15:00:00Z', null)], accounts, ...NOV)).toBeNull();
  });

  it('gives no percent against a balance that is not above zero', () => {
    const trades = [closed('2026-11-03T15:00:00Z', 25)];
    expect(monthPerformance(trades, [], ...NOV)).toEqual({ netPnl: 25, percent: null });
    expect(monthPerformance(trades, [{ currentBalance: 0 }], ...NOV)).toEqual({ netPnl: 25, percent: null });
  });

  it('reads with its sign', () => {
    expect(formatSignedPercent(2.50025)).toBe('+2.50%');
    expect(formatSignedPercent(-1.2)).toBe('-1.20%');
    expect(formatSignedPercent(0.001)).toBe('0.00%');
    expect(formatSignedMoney(500.05)).toBe('+$500.05');
    expect(formatSignedMoney(-12)).toBe('-$12.00');
    expect(formatSignedMoney(0.001)).toBe('$0.00');
  });
});
