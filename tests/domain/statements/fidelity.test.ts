import { describe, expect, it } from 'vitest';
import { fidelity } from '../../../src/domain/statements/fidelity.ts';
import { readStatement } from '../../../src/domain/statements/registry.ts';
import { expectRefusesOtherSamples, readSample, sample } from './samples.ts';
import { fillRows, resultsBySymbol } from './statementTrips.ts';

const _text = sample('fidelity.csv');

describe('Fidelity’s account history CSV', () => {
  const read = readSample('fidelity.csv');

  it('is recognised by itself, past the blank lines before its header', () => {
    expect([read.format, read.name]).toEqual(['fidelity', 'Fidelity (account history CSV)']);
  });

  it('reads each trade and the split at noon New York time of its Run Date', () => {
    expect(fillRows(read.fills)).toEqual([
      // New York left daylight time on November 1st 2026: noon is 17:00 UTC from then, 16:00 before.
      [4, 'fill', 'TSLA', 'Buy', 25, 238.1, 0.01, '2026-11-05T17:00:00.000Z', 'Close'],
      [6, 'fill', 'TSLA', 'Sell', 25, 245.3312, 0.08, '2026-11-03T17:00:00.000Z', 'Open'],
      // Three trades of one day, the bottom one first at noon, each above it a second later.
      [7, 'fill', 'NVDA', 'Sell', 30, 125.5, 0.04, '2026-11-02T17:00:02.000Z', null],
      [8, 'fill', 'AAPL', 'Sell', 40, 231.05, 0.02, '2026-11-02T17:00:01.000Z', null],
      [9, 'fill', 'AAPL', 'Sell', 60, 231, 0.03, '2026-11-02T17:00:00.000Z', null],
      // The commission column and the fees column both count.
      [10, 'fill', 'AAPL', 'Buy', 100, 228.4, 4.95, '2026-10-30T16:00:00.000Z', null],
      // A reinvested dividend buys shares, fractional.
      [11, 'fill', 'VTI', 'Buy', 0.127, 301.1, 0, '2026-10-29T16:00:00.000Z', null],
      // The 3-for-1 split's 20 added shares, booked as a DISTRIBUTION.
      [17, 'split', 'NVDA', 'Buy', 20, 0, 0, '2026-10-23T16:00:00.000Z', null],
      [18, 'fill', 'NVDA', 'Buy', 10, 360, 0.01, '2026-10-20T16:00:00.000Z', null],
    ]);
    expect(read.fills.every((f) => f.brokerId === null && f.account === null)).toBe(true);
  });

  it('skips dividends, the option, cash, the money-market fund and the broken row; not the disclaimer', () => {
    expect(read.skipped).toEqual([
      { line: 5, reason: 'dividend' },
      { line: 12, reason: 'dividend' },
      { line: 13, reason: 'option', detail: '-SPY261120C600' },
      { line: 14, reason: 'cash' },
      { line: 15, reason: 'instrument', detail: 'SPAXX' },
      { line: 16, reason: 'unreadable', detail: 'Price is not a positive number' },
      // The money-market fund moving cash for the purchase above is no stock.
      { line: 19, reason: 'instrument', detail: 'SPAXX' },
    ]);
  });

  it('makes the round trips and P&L the statement shows', () => {
    const results = resultsBySymbol(read.fills);
    // AAPL: 40 × 231.05 + 60 × 231.00 = 9,242.00 + 13,860.00 = 23,102.00 less 100 × 228.40 =
    // 22,840.00 → 262.00, less 4.95 + 0.02 + 0.03 = 257.00 (the Amounts: 9,241.98 + 13,859.97 −
    // 22,844.95).
    expect(results.AAPL).toEqual({ trips: 1, net: 257, openQuantity: 0 });
    // TSLA short: 25 × (245.3312 − 238.10) = 180.78, less 0.08 + 0.01 = 180.69 (6,133.20 − 5,952.51).
    expect(results.TSLA).toEqual({ trips: 1, net: 180.69, openQuantity: 0 });
    // NVDA: 10 at 360.00 = 3,600.00 become 30 by the split; 30 × 125.50 = 3,765.00 → 165.00, less
    // 0.01 + 0.04 = 164.95.
    expect(results.NVDA).toEqual({ trips: 1, net: 164.95, openQuantity: 0 });
  });

  it('reads the newer layout: columns in another order, the account, the ticker from the Action', () => {
    const newer = [
      'Run Date,Account,Account Number,Action,Symbol,Description,Type,Price ($),Quantity,Commission ($),Fees ($),Accrued Interest ($),Amount ($),Settlement Date',
      '06/03/2026,Individual,Z12345678,YOU BOUGHT MICROSOFT CORP (MSFT) (Margin),,MICROSOFT CORP,Margin,400.5,2,,,,-801,06/04/2026',
    ].join('\n');
    const result = readStatement(newer, 'auto');
    expect(result).toMatchObject({ ok: true, format: 'fidelity', skipped: [] });
    if (!result.ok) return;
    expect(result.fills).toMatchObject([
      { line: 2, symbol: 'MSFT', side: 'Buy', quantity: 2, price: 400.5, account: 'Z12345678' },
    ]);
  });

  it('keeps a day’s trades in the file’s order, the newest at the top, a second apart', () => {
    const day = [
      'Run Date,Action,Symbol,Description,Type,Quantity,Price ($),Commission ($),Fees ($),Accrued Interest ($),Amount ($),Settlement Date',
      '11/02/2026,"YOU BOUGHT SHORT COVER TESLA INC COM (TSLA) (Short)",TSLA,"TESLA INC COM",Short,25,238.1,,0.01,,-5952.51,11/03/2026',
      '11/02/2026,"YOU SOLD SHORT SALE TESLA INC COM (TSLA) (Short)",TSLA,"TESLA INC COM",Short,-25,245.3312,,0.08,,6133.20,11/03/2026',
    ].join('\n');
    const result = readStatement(day, 'auto');
    if (!result.ok) throw new Error('not read');
    // Noon is 17:00 UTC in November's standard time; the cover a second after the short sale.
    expect(result.fills.map((f) => f.executedAt)).toEqual([
      '2026-11-02T17:00:01.000Z',
      '2026-11-02T17:00:00.000Z',
    ]);
    expect(resultsBySymbol(result.fills)).toEqual({ TSLA: { trips: 1, net: 180.69, openQuantity: 0 } });
  });

  it('refuses every other broker’s sample', () => {
    expectRefusesOtherSamples(fidelity, 'fidelity.csv');
  });
});
