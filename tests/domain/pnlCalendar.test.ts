import { describe, expect, it } from 'vitest';
import { pnlCalendar, shiftMonth, tradesClosedOn } from '../../src/domain/pnlCalendar.ts';
import type { Trade } from '../../src/domain/types.ts';
import { tradeFixture } from '../fixtures/records.ts';

// New York is on EDT (UTC−4) until 2 a.m. on Sunday 2026-11-01, then on EST (UTC−5): that Sunday
// lasts 25 hours, 04:00Z to 05:00Z the next day. On Sunday 2026-03-08 clocks go forward: that day
// lasts 23 hours, 05:00Z to 04:00Z the next day.

const closed = (
  id: string,
  closedAt: string | null,
  netPnl: number,
  r: number | null,
  o: Partial<Trade> = {},
): Trade =>
  tradeFixture({
    id,
    key: `acc|${id}`,
    accountId: 'acc',
    symbol: id.toUpperCase(),
    openedAt: '2026-10-01T14:00:00.000Z',
    closedAt,
    entryQuantity: 10,
    openQuantity: closedAt === null ? 10 : 0,
    averageEntryPrice: 10,
    averageExitPrice: 11,
    grossPnl: netPnl,
    netPnl,
    initialStop: r === null ? null : 9,
    initialRisk: r === null ? null : 10,
    rMultiple: r,
    executionIds: [],
    ...o,
  });

const november = [
  // Saturday Oct 31, 23:59:59 EDT: November 1st in UTC, October in New York: not in the month.
  closed('d', '2026-11-01T03:59:59.000Z', 999, 9),
  // Sunday Nov 1, 00:30 EDT.
  closed('c', '2026-11-01T04:30:00.000Z', 0.1, 0.5),
  // Sunday Nov 1, 23:30 EST: November 2nd in UTC, still the 25-hour Sunday in New York.
  closed('e', '2026-11-02T04:30:00.000Z', 0.2, 0.25),
  // Monday Nov 2, 23:59:59 EST (UTC says the 3rd).
  closed('a', '2026-11-03T04:59:59.000Z', 100.1, 1),
  // Tuesday Nov 3, 00:00:01 EST.
  closed('b', '2026-11-03T05:00:01.000Z', -50.05, -0.5),
  // Tuesday Nov 3, without a stop: its money counts, it has no R.
  closed('g', '2026-11-03T17:00:00.000Z', 20, null),
  // Tuesday Nov 3, incomplete (no entry): in nothing.
  closed('i', '2026-11-03T18:00:00.000Z', 500, null, { incomplete: true }),
  // Monday Nov 30, 23:59:59 EST: December 1st in UTC.
  closed('f', '2026-12-01T04:59:59.000Z', 400, 2),
  // Open: in nothing.
  closed('o', null, 0, null),
];

describe('the P&L calendar of a month', () => {
  const calendar = pnlCalendar(november, '2026-11');
  const day = (date: string) => calendar.weeks.flatMap((w) => w.days).find((d) => d.date === date)!;

  it('lays out whole weeks, Monday to Sunday, around the month', () => {
    // November 2026 begins on a Sunday and ends on a Monday: six rows, Oct 26 to Dec 6.
    expect(calendar.weeks).toHaveLength(6);
    expect(calendar.weeks[0]!.days.map((d) => d.date)).toEqual([
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
    ]);
    expect(calendar.weeks[5]!.days[6]!.date).toBe('2026-12-06');
    expect(calendar.weeks[0]!.days.map((d) => d.inMonth)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('puts each trade on the New York day it closed, across midnight and the clock change', () => {
    // c and e: 0.1 + 0.2 summed in cents is $0.30 exactly; +0.5R + 0.25R.
    expect(day('2026-11-01')).toMatchObject({ trades: 2, netPnl: 0.3, r: 0.75, withR: 2 });
    expect(day('2026-11-02')).toMatchObject({ trades: 1, netPnl: 100.1, r: 1, withR: 1 });
    // b and g: −50.05 + 20 = −30.05; R from b alone.
    expect(day('2026-11-03')).toMatchObject({ trades: 2, netPnl: -30.05, r: -0.5, withR: 1 });
    expect(day('2026-11-30')).toMatchObject({ trades: 1, netPnl: 400, r: 2, withR: 1 });
    // d closed in October in New York: the grid shows Oct 31, without figures.
    expect(day('2026-10-31')).toMatchObject({ inMonth: false, trades: 0, netPnl: 0, r: null, level: 0 });
    expect(day('2026-11-04')).toMatchObject({ trades: 0, netPnl: 0, r: null, level: 0 });
  });

  it('grades each day against the largest of the month, 1 to 4', () => {
    // |P&L| ÷ $400 × 4, rounded up: $400 → 4, $100.10 → 2, $30.05 → 1, $0.30 → 1.
    expect(['2026-11-30', '2026-11-02', '2026-11-03', '2026-11-01'].map((d) => day(d).level)).toEqual([
      4, 2, 1, 1,
    ]);
  });

  it("totals each week's days of the month, and the month", () => {
    expect(calendar.weeks.map(({ trades, netPnl, r }) => [trades, netPnl, r])).toEqual([
      [2, 0.3, 0.75], // Nov 1 only
      [3, 70.05, 0.5], // 100.10 − 30.05; +1R − 0.5R
      [0, 0, null],
      [0, 0, null],
      [0, 0, null],
      [1, 400, 2], // Nov 30 only
    ]);
    expect(calendar).toMatchObject({ month: '2026-11', trades: 6, netPnl: 470.35, r: 3.25, withR: 5 });
  });

  it('lists the trades of one New York day, by close time', () => {
    expect(tradesClosedOn(november, '2026-11-01').map((t) => t.id)).toEqual(['c', 'e']);
    expect(tradesClosedOn(november, '2026-11-03').map((t) => t.id)).toEqual(['b', 'g']);
    expect(tradesClosedOn(november, '2026-10-31').map((t) => t.id)).toEqual(['d']);
  });
});

describe('the day clocks go forward', () => {
  const march = pnlCalendar(
    [
      closed('sat', '2026-03-08T04:59:59.000Z', 1, 1), // Saturday Mar 7, 23:59:59 EST
      closed('sun', '2026-03-08T05:00:00.000Z', 2, 1), // Sunday Mar 8, 00:00 EST
      closed('late', '2026-03-09T03:59:59.000Z', 4, 1), // Sunday Mar 8, 23:59:59 EDT
      closed('mon', '2026-03-09T04:00:00.000Z', 8, 1), // Monday Mar 9, 00:00 EDT
    ],
    '2026-03',
  );
  const day = (date: string) => march.weeks.flatMap((w) => w.days).find((d) => d.date === date)!;

  it('is 23 hours long', () => {
    expect([day('2026-03-07').netPnl, day('2026-03-08').netPnl, day('2026-03-09').netPnl]).toEqual([1, 6, 8]);
    // March 2026 begins on a Sunday: the week of Mon Feb 23 holds only the 1st.
    expect(march.weeks[0]!.days[0]!.date).toBe('2026-02-23');
    expect(march.weeks.map((w) => w.netPnl)).toEqual([0, 7, 8, 0, 0, 0]);
  });
});

describe('moving by month', () => {
  it.each([
    ['2026-11', 1, '2026-12'],
    ['2026-12', 1, '2027-01'],
    ['2026-01', -1, '2025-12'],
    ['2026-03', -14, '2025-01'],
  ])('%s moved by %i is %s', (month, by, expected) => {
    expect(shiftMonth(month, by)).toBe(expected);
  });
});
