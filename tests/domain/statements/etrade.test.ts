import { describe, expect, it } from 'vitest';
import { etrade } from '../../../src/domain/statements/etrade.ts';
import { readStatement } from '../../../src/domain/statements/registry.ts';
import { expectRefusesOtherSamples, readSample, sample } from './samples.ts';
import { fillRows, resultsBySymbol } from './statementTrips.ts';

const _text = sample('etrade.csv');

describe('E*TRADE’s transactions CSV', () => {
  const read = readSample('etrade.csv');

  it('is recognised by itself, past the title lines', () => {
    expect([read.format, read.name]).toEqual(['etrade', 'E*TRADE (transactions CSV)']);
  });

  it('reads each trade at noon New York time of its trade date', () => {
    expect(fillRows(read.fills)).toEqual([
      // New York left daylight time on November 1st 2026: noon is 17:00 UTC from then, 16:00 before.
      [8, 'fill', 'TSLA', 'Buy', 25, 238.1, 0.01, '2026-11-05T17:00:00.000Z', 'Close'],
      [10, 'fill', 'TSLA', 'Sell', 25, 245.3312, 0.08, '2026-11-03T17:00:00.000Z', 'Open'],
      // Two sales of one day: the upper one is the later, a second after the lower one.
      [11, 'fill', 'AAPL', 'Sell', 40, 231.05, 0.02, '2026-11-02T17:00:01.000Z', null],
      [12, 'fill', 'AAPL', 'Sell', 60, 231, 0.03, '2026-11-02T17:00:00.000Z', null],
      [13, 'fill', 'AAPL', 'Buy', 100, 228.4, 4.95, '2026-10-30T16:00:00.000Z', null],
      // A reinvested dividend buys shares, fractional.
      [14, 'fill', 'VTI', 'Buy', 0.127, 301.1, 0, '2026-10-29T16:00:00.000Z', null],
    ]);
    expect(read.fills.every((f) => f.kind === 'fill' && f.brokerId === null)).toBe(true);
    expect(read.fills.every((f) => f.account === 'Individual Brokerage -4321')).toBe(true);
  });

  it('skips the dividend, the option, cash and the broken row; not the title or disclaimer lines', () => {
    expect(read.skipped).toEqual([
      { line: 9, reason: 'dividend' },
      { line: 15, reason: 'option', detail: 'CALL SPY    11/20/26   600.000' },
      { line: 16, reason: 'cash' },
      { line: 17, reason: 'unreadable', detail: 'Price is not a positive number' },
      { line: 18, reason: 'cash' },
    ]);
  });

  it('makes the round trips and P&L the statement shows', () => {
    const results = resultsBySymbol(read.fills);
    // AAPL: 40 × 231.05 + 60 × 231.00 − 100 × 228.40 = 9,242.00 + 13,860.00 − 22,840.00 = 262.00,
    // less 4.95 + 0.02 + 0.03 = 257.00 (the Amounts: 9,241.98 + 13,859.97 − 22,844.95).
    expect(results.AAPL).toEqual({ trips: 1, net: 257, openQuantity: 0 });
    // TSLA short: 25 × (245.3312 − 238.10) = 180.78, less 0.08 + 0.01 = 180.69 (6,133.20 − 5,952.51).
    expect(results.TSLA).toEqual({ trips: 1, net: 180.69, openQuantity: 0 });
  });

  it('reads the classic DownloadTxnHistory layout with its account line', () => {
    const classic = [
      'For Account:,####3525',
      '',
      'TransactionDate,TransactionType,SecurityType,Symbol,Quantity,Amount,Price,Commission,Description',
      '',
      '04/06/26,Sold,EQ,AMZN,-2,202.19,101.1,0,AMAZON.COM INC',
      "04/03/26,Sold,,NVDA Dec 13 '26 $150 Put,-5,3972.31,7.95,2.68,PUT  NVDA   12/13/26   150.000",
      '04/02/26,Bought,MF,JSPGX,5.834,-81.33,13.94,0,JANUS HENDERSON GLOBAL ALLOCAT',
      '04/01/26,Bought,EQ,AMZN,2,-204.9,102.45,0,AMAZON.COM INC',
    ].join('\n');
    const result = readStatement(classic, 'auto');
    expect(result).toMatchObject({ ok: true, format: 'etrade' });
    if (!result.ok) return;
    expect(
      result.fills.map((f) => [f.line, f.symbol, f.side, f.quantity, f.price, f.executedAt, f.account]),
    ).toEqual([
      [5, 'AMZN', 'Sell', 2, 101.1, '2026-04-06T16:00:00.000Z', '####3525'],
      [8, 'AMZN', 'Buy', 2, 102.45, '2026-04-01T16:00:00.000Z', '####3525'],
    ]);
    expect(result.skipped).toEqual([
      { line: 6, reason: 'option', detail: 'PUT  NVDA   12/13/26   150.000' },
      { line: 7, reason: 'instrument', detail: 'JSPGX' },
    ]);
  });

  it('keeps a day’s trades in the file’s order, the newest at the top, a second apart', () => {
    const day = [
      'Activity/Trade Date,Transaction Date,Settlement Date,Activity Type,Description,Symbol,Cusip,Quantity #,Price $,Amount $,Commission,Category,Note',
      '11/02/26,11/02/26,11/03/26,Bought To Cover,TESLA INC,TSLA,--,25.0,238.10,-5952.51,0.01,--,--',
      '11/02/26,11/02/26,11/03/26,Sold Short,TESLA INC,TSLA,--,-25.0,245.3312,6133.20,0.08,--,--',
    ].join('\n');
    const result = readStatement(day, 'auto');
    if (!result.ok) throw new Error('not read');
    expect(result.fills.map((f) => f.executedAt)).toEqual([
      '2026-11-02T17:00:01.000Z',
      '2026-11-02T17:00:00.000Z',
    ]);
    expect(resultsBySymbol(result.fills)).toEqual({ TSLA: { trips: 1, net: 180.69, openQuantity: 0 } });
  });

  it('refuses every other broker’s sample', () => {
    expectRefusesOtherSamples(etrade, 'etrade.csv');
  });
});
