import { describe, expect, it } from 'vitest';
import { readStatement } from '../../../src/domain/statements/registry.ts';
import { schwab } from '../../../src/domain/statements/schwab.ts';
import { expectRefusesOtherSamples, readSample, sample } from './samples.ts';
import { fillRows, resultsBySymbol } from './statementTrips.ts';

const _text = sample('schwab.csv');

describe('Charles Schwab’s transactions CSV', () => {
  const read = readSample('schwab.csv');

  it('is recognised by itself', () => {
    expect([read.format, read.name]).toEqual(['schwab', 'Charles Schwab (transactions CSV)']);
  });

  it('reads each trade, split and reverse split at noon New York time of its trade date', () => {
    expect(fillRows(read.fills)).toEqual([
      // March 8th 2026 moved New York to daylight time: noon is 16:00 UTC from then, 17:00 before.
      [3, 'fill', 'NVDA', 'Sell', 100, 125, 0.05, '2026-03-19T16:00:00.000Z', null],
      [5, 'fill', 'TSLA', 'Buy', 30, 241.1, 0.01, '2026-03-17T16:00:00.000Z', 'Close'],
      // Booked on the 16th "as of" the 13th: the trade was on the 13th.
      [6, 'fill', 'TSLA', 'Sell', 30, 250.4567, 0.17, '2026-03-13T16:00:00.000Z', 'Open'],
      // Two sales of one day: the upper one is the later, a second after the lower one.
      [7, 'fill', 'AAPL', 'Sell', 60, 215.25, 0.02, '2026-03-16T16:00:01.000Z', null],
      [8, 'fill', 'AAPL', 'Sell', 40, 215.3, 0.01, '2026-03-16T16:00:00.000Z', null],
      [9, 'fill', 'AAPL', 'Buy', 100, 212.5, 0, '2026-03-12T16:00:00.000Z', null],
      [10, 'fill', 'VOO', 'Buy', 0.5123, 520, 0, '2026-03-10T16:00:00.000Z', null],
      // The 10-for-1 split adds 90 shares to the 10 held; it moves no money.
      [14, 'split', 'NVDA', 'Buy', 90, 0, 0, '2026-03-04T17:00:00.000Z', null],
      // 100 old shares out (line 16, by CUSIP) and 10 new in: the 1-for-10 reverse split takes 90.
      [15, 'split', 'MULN', 'Sell', 90, 0, 0, '2026-03-03T17:00:00.000Z', null],
      [17, 'fill', 'NVDA', 'Buy', 10, 1200, 0, '2026-03-02T17:00:00.000Z', null],
    ]);
    expect(read.fills.every((f) => f.brokerId === null && f.account === null)).toBe(true);
  });

  it('skips cash, dividends, the option, the money-market fund and the broken row, by line', () => {
    expect(read.skipped).toEqual([
      { line: 2, reason: 'cash' },
      { line: 4, reason: 'dividend' },
      { line: 11, reason: 'option', detail: 'SPY 03/20/2026 560.00 P' },
      { line: 12, reason: 'unreadable', detail: 'Quantity is not a number' },
      { line: 13, reason: 'instrument', detail: 'SWVXX' },
      { line: 18, reason: 'cash' },
      { line: 19, reason: 'cash' },
    ]);
  });

  it('makes the round trips and P&L the statement shows', () => {
    const results = resultsBySymbol(read.fills);
    // AAPL: sold 60 × 215.25 + 40 × 215.30 = 12,915.00 + 8,612.00 = 21,527.00 for 100 × 212.50 =
    // 21,250.00 → 277.00, less 0.02 + 0.01 of fees = 276.97 (12,914.98 + 8,611.99 − 21,250.00).
    expect(results.AAPL).toEqual({ trips: 1, net: 276.97, openQuantity: 0 });
    // TSLA short: 30 × (250.4567 − 241.10) = 280.701, less 0.17 + 0.01 = 280.521 → 280.52
    // (the Amounts: 7,513.53 − 7,233.01).
    expect(results.TSLA).toEqual({ trips: 1, net: 280.52, openQuantity: 0 });
    // NVDA: 10 at 1,200.00 = 12,000.00 become 100 by the split; sold 100 × 125.00 = 12,500.00:
    // 500.00 less 0.05 = 499.95.
    expect(results.NVDA).toEqual({ trips: 1, net: 499.95, openQuantity: 0 });
    expect(results.VOO).toEqual({ trips: 1, net: 0, openQuantity: 0.5123 });
  });

  it('reads an older export with its title line, account and total row', () => {
    const older = [
      '"Transactions  for account XXXX-1234 as of 03/20/2026 10:45 PM ET"',
      '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount",',
      '"03/16/2026","Buy","brk/b","BERKSHIRE HATHAWAY B","2","$480.10","$0.00","-$960.20",',
      '"Transactions Total","","","","","","","-$960.20",',
    ].join('\n');
    const result = readStatement(older, 'auto');
    expect(result).toMatchObject({ ok: true, format: 'schwab', skipped: [] });
    if (!result.ok) return;
    expect(result.fills).toMatchObject([{ line: 3, symbol: 'BRK.B', quantity: 2, account: 'XXXX-1234' }]);
  });

  it('skips a merger: the old CUSIP as no stock, the new shares as not imported', () => {
    const merger = [
      '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
      '"07/26/2026","Stock Merger","LCID","LUCID GROUP INC","50","","",""',
      '"07/26/2026","Stock Merger","171439102","CHURCHILL CAPITAL IV XXXMANDATORY MERGER","-50","","",""',
    ].join('\n');
    expect(readStatement(merger, 'auto')).toMatchObject({
      ok: true,
      fills: [],
      skipped: [
        { line: 2, reason: 'unreadable', detail: 'Action "Stock Merger" is not imported' },
        { line: 3, reason: 'instrument', detail: '171439102' },
      ],
    });
  });

  it('keeps a day’s trades in the file’s order, the newest at the top, a second apart', () => {
    const day = [
      '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
      '"03/16/2026","Buy to Cover","TSLA","TESLA INC","30","$241.10","$0.01","-$7,233.01"',
      '"03/16/2026","Sell Short","TSLA","TESLA INC","30","$250.4567","$0.17","$7,513.53"',
      '"03/16/2026","Sell","AAPL","APPLE INC","100","$215.00","","$21,500.00"',
      '"03/16/2026","Buy","AAPL","APPLE INC","100","$212.00","","-$21,200.00"',
    ].join('\n');
    const result = readStatement(day, 'auto');
    if (!result.ok) throw new Error('not read');
    // The bottom row is the day's first, at noon (16:00 UTC in March's daylight time).
    expect(result.fills.map((f) => f.executedAt)).toEqual([
      '2026-03-16T16:00:03.000Z',
      '2026-03-16T16:00:02.000Z',
      '2026-03-16T16:00:01.000Z',
      '2026-03-16T16:00:00.000Z',
    ]);
    // The short sale opens before its cover closes: one trade, 30 × (250.4567 − 241.10) − 0.18.
    expect(resultsBySymbol(result.fills)).toEqual({
      AAPL: { trips: 1, net: 300, openQuantity: 0 },
      TSLA: { trips: 1, net: 280.52, openQuantity: 0 },
    });
  });

  it('refuses every other broker’s sample', () => {
    expectRefusesOtherSamples(schwab, 'schwab.csv');
  });
});
