import { describe, expect, it } from 'vitest';
import { planImport } from '../../../src/domain/statements/importPlan.ts';
import { robinhood } from '../../../src/domain/statements/robinhood.ts';
import { readTable } from '../../../src/domain/statements/table.ts';
import { tradeFiguresOf } from '../../../src/domain/tradeFigures.ts';
import { expectRefusesOtherSamples, readSample, sample } from './samples.ts';

const _text = sample('robinhood.csv');
const ACCOUNT = '5f0c6b36-52a4-4d4e-9d36-2b0c8c3f0a11';
const HEADER =
  '"Activity Date","Process Date","Settle Date","Instrument","Description","Trans Code","Quantity","Price","Amount"';

describe('Robinhood’s activity report', () => {
  const read = readSample('robinhood.csv');

  it('is recognised by itself', () => {
    expect(read.format).toBe('robinhood');
    expect(read.name).toBe('Robinhood (activity report)');
  });

  it('reads each fill with its line, a date as noon in New York, the day’s fills a second apart', () => {
    expect(
      read.fills.map((f) => [f.line, f.kind, f.symbol, f.side, f.quantity, f.price, f.fees, f.executedAt]),
    ).toEqual([
      // April 1st is daylight time (UTC−4): noon is 16:00 UTC. 2.5 × 410.40 = 1026.00, Amount
      // 1025.97: the fees are 0.03.
      [2, 'fill', 'MSFT', 'Sell', 2.5, 410.4, 0.03, '2026-04-01T16:00:00.000Z'],
      // 20 × 122.00 = 2440.00 against 2439.93.
      [5, 'fill', 'AVGO', 'Sell', 20, 122, 0.07, '2026-03-25T16:00:00.000Z'],
      // A day trade: the buy is lower in the file (older), so it is the day's first fill.
      [11, 'fill', 'NVDA', 'Sell', 20, 121.5, 0.07, '2026-03-19T16:00:01.000Z'],
      [13, 'fill', 'NVDA', 'Buy', 20, 120, 0, '2026-03-19T16:00:00.000Z'],
      // A short sale and its cover the same day: the sale first.
      [15, 'fill', 'TSLA', 'Buy', 10, 240, 0, '2026-03-18T16:00:01.000Z'],
      [17, 'fill', 'TSLA', 'Sell', 10, 250, 0.07, '2026-03-18T16:00:00.000Z'],
      // 30 × 220.05 = 6601.50 against 6601.31; 70 × 220.10 = 15407.00 against 15406.56.
      [19, 'fill', 'AAPL', 'Sell', 30, 220.05, 0.19, '2026-03-17T16:00:01.000Z'],
      [21, 'fill', 'AAPL', 'Sell', 70, 220.1, 0.44, '2026-03-17T16:00:00.000Z'],
      // The 10-for-1 split adds 18 shares to the 2 held; its description spans three lines.
      [23, 'split', 'AVGO', 'Buy', 18, 0, 0, '2026-03-16T16:00:00.000Z'],
      // March 10th is after the change to daylight time (March 8th).
      [27, 'fill', 'MSFT', 'Buy', 2.5, 401.2, 0, '2026-03-10T16:00:00.000Z'],
      // Before it, standard time (UTC−5): noon is 17:00 UTC. "$1,212.50" is 1212.5.
      [30, 'fill', 'AVGO', 'Buy', 2, 1212.5, 0, '2026-03-04T17:00:00.000Z'],
      [32, 'fill', 'AAPL', 'Buy', 40, 212.52, 0, '2026-03-03T17:00:01.000Z'],
      [35, 'fill', 'AAPL', 'Buy', 60, 212.5, 0, '2026-03-03T17:00:00.000Z'],
    ]);
    expect(
      read.fills.every((f) => f.brokerId === null && f.positionEffect === null && f.account === null),
    ).toBe(true);
  });

  it('skips cash, the dividend, options and a broken date with their lines; the disclaimer is no row', () => {
    expect(read.skipped).toEqual([
      { line: 4, reason: 'cash' },
      { line: 7, reason: 'option' },
      { line: 8, reason: 'option' },
      { line: 9, reason: 'unreadable', detail: 'Activity Date cannot be read' },
      { line: 26, reason: 'dividend' },
      { line: 29, reason: 'cash' },
      { line: 34, reason: 'cash' },
    ]);
  });

  it('makes the round trips the broker’s Amounts add up to', () => {
    const trades = tradeFiguresOf(planImport(read.fills, ACCOUNT, [], '2026-04-02T00:00:00.000Z').add);
    const bySymbol = trades.map((t) => [t.symbol, t.direction, t.closedAt !== null, t.netPnl]);
    expect(bySymbol.sort()).toEqual([
      // Bought 60 × 212.50 + 40 × 212.52 = 21250.80; sold for 15406.56 + 6601.31 = 22007.87:
      // 757.07 (gross 757.70 less fees 0.44 + 0.19).
      ['AAPL', 'Long', true, 757.07],
      // 2 × 1212.50 = 2425.00, split to 20, sold for 2439.93: 14.93.
      ['AVGO', 'Long', true, 14.93],
      // 1025.97 − 1003.00 = 22.97.
      ['MSFT', 'Long', true, 22.97],
      // 2429.93 − 2400.00 = 29.93.
      ['NVDA', 'Long', true, 29.93],
      // Sold short for 2499.93, covered for 2400.00: 99.93.
      ['TSLA', 'Short', true, 99.93],
    ]);
  });

  it('refuses every other sample file', () => {
    expectRefusesOtherSamples(robinhood, 'robinhood.csv');
  });

  it('reads a reverse split’s shares taken away, and refuses codes that move shares it cannot follow', () => {
    const table = readTable(
      [
        HEADER,
        '"5/4/2026","5/4/2026","5/4/2026","XYZ","Reverse Split 1:10","SPL","90S","",""',
        '"5/4/2026","5/4/2026","5/4/2026","XYZ","Shares received","REC","10","",""',
        '"5/4/2026","5/4/2026","5/4/2026","XYZ","XYZ","Buy","","$1.00","($1.00)"',
        '"5/4/2026","5/4/2026","5/4/2026","037833100","Apple","Buy","1","$1.00","($1.00)"',
        '"5/4/2026","5/4/2026","5/4/2026","XYZ","XYZ","Sell","1","abc","$1.00"',
      ].join('\n'),
    );
    const parsed = robinhood.parse(table);
    expect(parsed.fills.map((f) => [f.kind, f.side, f.quantity, f.price, f.fees])).toEqual([
      ['split', 'Sell', 90, 0, 0],
    ]);
    expect(parsed.skipped).toEqual([
      { line: 3, reason: 'unreadable', detail: 'Trans Code REC is not a trade the journal reads' },
      { line: 4, reason: 'unreadable', detail: 'Quantity is not a positive number' },
      { line: 5, reason: 'instrument', detail: '037833100' },
      { line: 6, reason: 'unreadable', detail: 'Price is not a positive number' },
    ]);
  });
});
