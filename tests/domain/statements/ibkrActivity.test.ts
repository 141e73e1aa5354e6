import { describe, expect, it } from 'vitest';
import { ibkrActivity } from '../../../src/domain/statements/ibkrActivity.ts';
import { readStatement } from '../../../src/domain/statements/registry.ts';
import { readTable } from '../../../src/domain/statements/table.ts';
import { realisedBySymbol } from './fillPnl.ts';
import { expectRefusesOtherSamples, sample } from './samples.ts';
import { fillRows } from './statementTrips.ts';

const text = sample('ibkr-activity.csv');

describe('an Interactive Brokers Activity Statement (CSV)', () => {
  const read = ibkrActivity.parse(readTable(text));

  it('reads each Execution row of the Trades section, its Order rows passed over', () => {
    expect(fillRows(read.fills)).toEqual([
      // Two partial executions ("O;P") of the order on line 9. March 16th 2026 is daylight time
      // (from March 8th): 09:31:05 in New York is 13:31:05Z.
      [10, 'fill', 'AAPL', 'Buy', 60, 212.5, 0.35, '2026-03-16T13:31:05.000Z', 'Open'],
      [11, 'fill', 'AAPL', 'Buy', 40, 212.5, 0.35, '2026-03-16T13:31:06.000Z', 'Open'],
      // The quantity's sign is the side; Comm/Fee −0.51 is 0.51 of fees.
      [13, 'fill', 'AAPL', 'Sell', 100, 215.2525, 0.51, '2026-03-16T18:02:00.000Z', 'Close'],
      // A short sale ("O" on a sale) and its cover ("C" on a buy).
      [16, 'fill', 'TSLA', 'Sell', 10, 250.1234, 1, '2026-03-17T14:15:00.000Z', 'Open'],
      [18, 'fill', 'TSLA', 'Buy', 10, 245, 1, '2026-03-17T19:45:30.000Z', 'Close'],
      // "BRK B" is BRK.B; fractional shares; November 2nd is standard time again (UTC−5).
      [21, 'fill', 'BRK.B', 'Buy', 2.5, 401.1234, 0.35, '2026-11-02T14:45:00.000Z', 'Open'],
    ]);
    expect(read.fills.every((f) => f.brokerId === null && f.account === null)).toBe(true);
  });

  it('skips the broken price, the option and the money sections’ rows, not their totals', () => {
    expect(read.skipped).toEqual([
      { line: 22, reason: 'unreadable', detail: 'T. Price is not a positive number' },
      { line: 26, reason: 'option', detail: 'SPY 20NOV26 600 C' },
      { line: 29, reason: 'dividend', detail: 'Dividends' },
      { line: 32, reason: 'cash', detail: 'Deposits & Withdrawals' },
    ]);
  });

  it('gives the Realized P/L the statement writes per symbol', () => {
    // AAPL: 100 × (215.2525 − 212.50) = 275.25, less 0.35 + 0.35 + 0.51: 274.04 (its SubTotal).
    // TSLA short: 10 × (250.1234 − 245) = 51.234, less 1 + 1: 49.234 → 49.23 (SubTotal 49.234).
    expect(realisedBySymbol(read.fills)).toEqual({ AAPL: 274.04, TSLA: 49.23 });
  });

  it('reads the Order rows when the statement lists no executions', () => {
    const orders = text
      .split('\n')
      .filter((row) => !row.startsWith('Trades,Data,Execution'))
      .join('\n');
    const byOrder = ibkrActivity.parse(readTable(orders));
    expect(byOrder.fills.map((f) => [f.line, f.symbol, f.quantity, f.fees])).toEqual([
      [9, 'AAPL', 100, 0.7],
      [10, 'AAPL', 100, 0.51],
      [12, 'TSLA', 10, 1],
      [13, 'TSLA', 10, 1],
      [15, 'BRK.B', 2.5, 0.35],
    ]);
    expect(realisedBySymbol(byOrder.fills)).toEqual({ AAPL: 274.04, TSLA: 49.23 });
  });

  it('is picked by itself, and refuses every other sample', () => {
    expect(readStatement(text, 'auto')).toMatchObject({ ok: true, format: 'ibkr-activity' });
    expectRefusesOtherSamples(ibkrActivity, 'ibkr-activity.csv');
  });
});

describe('an Activity Statement’s less common rows', () => {
  it('skips a stock traded in another currency, and a cancelled trade', () => {
    const text = [
      'Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,Comm/Fee,Code',
      'Trades,Data,Order,Stocks,CAD,SHOP,"2026-07-10, 10:00:00",2,150,-1,O',
      'Trades,Data,Order,Stocks,USD,AMD,"2026-07-10, 10:00:00",-2,150,-1,Ca',
    ].join('\n');
    expect(ibkrActivity.parse(readTable(text))).toEqual({
      fills: [],
      skipped: [
        { line: 2, reason: 'instrument', detail: 'SHOP in CAD' },
        { line: 3, reason: 'notFilled' },
      ],
    });
  });
});
