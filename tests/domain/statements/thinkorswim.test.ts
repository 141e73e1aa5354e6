import { describe, expect, it } from 'vitest';
import { readStatement } from '../../../src/domain/statements/registry.ts';
import { thinkorswim } from '../../../src/domain/statements/thinkorswim.ts';
import { expectRefusesOtherSamples, readSample, sample } from './samples.ts';
import { fillRows, resultsBySymbol } from './statementTrips.ts';

const _text = sample('thinkorswim.csv');

describe('thinkorswim’s account statement', () => {
  const read = readSample('thinkorswim.csv');

  it('is recognised by itself', () => {
    expect([read.format, read.name]).toEqual(['thinkorswim', 'thinkorswim (account statement)']);
  });

  it('reads the trade history with the fees the Cash Balance books for each fill', () => {
    expect(fillRows(read.fills)).toEqual([
      // March 17th 2026, New York on daylight time since the 8th: UTC−4.
      [40, 'fill', 'MULN', 'Sell', 1000, 0.8437, 0.03, '2026-03-17T14:15:30.000Z', 'Close'],
      // The commission column counts too (line 17).
      [41, 'fill', 'MULN', 'Buy', 1000, 0.8125, 1, '2026-03-17T13:40:02.000Z', 'Open'],
      [42, 'fill', 'TSLA', 'Buy', 30, 241.1, 0, '2026-03-16T19:59:58.000Z', 'Close'],
      // Two sales in one second are told apart by their quantity and price (lines 13 and 14).
      [44, 'fill', 'AAPL', 'Sell', 40, 215.3, 0.01, '2026-03-16T14:02:00.000Z', 'Close'],
      [45, 'fill', 'AAPL', 'Sell', 60, 215.25, 0.02, '2026-03-16T14:02:00.000Z', 'Close'],
      [46, 'fill', 'AAPL', 'Buy', 100, 212.5, 0, '2026-03-16T13:31:05.000Z', 'Open'],
      // March 6th, still standard time: UTC−5. The Cash Balance booked it a second later.
      [47, 'fill', 'TSLA', 'Sell', 30, 250.45, 0.17, '2026-03-06T19:20:11.000Z', 'Open'],
      [50, 'fill', 'SPY', 'Buy', 10, 560.12, 0, '2026-03-06T14:32:00.000Z', 'Open'],
    ]);
    expect(read.fills.every((f) => f.kind === 'fill' && f.brokerId === null)).toBe(true);
    expect(read.fills.every((f) => f.account === '123456789')).toBe(true);
  });

  it('skips the cash movement, the dividend, the cancelled order, the option, the future and the broken row', () => {
    expect(read.skipped).toEqual([
      { line: 10, reason: 'cash' },
      { line: 11, reason: 'dividend' },
      { line: 33, reason: 'notFilled' },
      { line: 43, reason: 'option', detail: 'SPY' },
      { line: 48, reason: 'instrument', detail: '/ESH26' },
      { line: 49, reason: 'unreadable', detail: 'Price is not a positive number' },
    ]);
  });

  it('makes the round trips and P&L the statement shows', () => {
    const results = resultsBySymbol(read.fills);
    // AAPL: 60 × 215.25 + 40 × 215.30 − 100 × 212.50 = 12,915.00 + 8,612.00 − 21,250.00 = 277.00,
    // less 0.02 + 0.01 = 276.97 (the statement's P/L YTD, line 59).
    expect(results.AAPL).toEqual({ trips: 1, net: 276.97, openQuantity: 0 });
    // TSLA short: 30 × (250.45 − 241.10) = 280.50, less 0.17 = 280.33.
    expect(results.TSLA).toEqual({ trips: 1, net: 280.33, openQuantity: 0 });
    // MULN: 1,000 × (0.8437 − 0.8125) = 31.20, less 1.00 + 0.03 = 30.17 (843.67 − 813.50).
    expect(results.MULN).toEqual({ trips: 1, net: 30.17, openQuantity: 0 });
    expect(results.SPY).toEqual({ trips: 1, net: 0, openQuantity: 10 });
  });

  it('gives a fill the Cash Balance does not book no fees, and a spread’s later leg its first leg’s time', () => {
    const statement = [
      'Account Trade History',
      ',Exec Time,Spread,Side,Qty,Pos Effect,Symbol,Exp,Strike,Type,Price,Net Price,Order Type',
      ',3/16/26 09:31:05,COVERED,SELL,-1,TO OPEN,AAPL,20 MAR 26,220,CALL,1.10,211.40,LMT',
      ',,,BUY,+100,TO OPEN,AAPL,,,STOCK,212.50,DEBIT,',
    ].join('\n');
    const result = readStatement(statement, 'auto');
    expect(result).toMatchObject({ ok: true, format: 'thinkorswim' });
    if (!result.ok) return;
    expect(result.fills).toMatchObject([
      {
        line: 4,
        symbol: 'AAPL',
        side: 'Buy',
        quantity: 100,
        fees: 0,
        executedAt: '2026-03-16T13:31:05.000Z',
      },
    ]);
    expect(result.skipped).toEqual([{ line: 3, reason: 'option', detail: 'AAPL' }]);
  });

  it('refuses every other broker’s sample', () => {
    expectRefusesOtherSamples(thinkorswim, 'thinkorswim.csv');
  });
});
