import { describe, expect, it } from 'vitest';
import { readStatement } from '../../../src/domain/statements/registry.ts';
import { readTable } from '../../../src/domain/statements/table.ts';
import { tastytrade } from '../../../src/domain/statements/tastytrade.ts';
import { realisedBySymbol } from './fillPnl.ts';
import { expectRefusesOtherSamples, sample } from './samples.ts';
import { fillRows } from './statementTrips.ts';

const text = sample('tastytrade.csv');

describe('a tastytrade transactions CSV (current header, newest first)', () => {
  const read = tastytrade.parse(readTable(text));

  it('reads each fill with its line, both fee columns summed and its offset made UTC', () => {
    expect(fillRows(read.fills)).toEqual([
      // A price in 4 decimals below $1; "--" Commissions are none. 15:59:59 at −0500 is 20:59:59Z.
      [3, 'fill', 'GROM', 'Sell', 1000, 0.9123, 0.05, '2026-11-02T20:59:59.000Z', 'Close'],
      [4, 'fill', 'GROM', 'Buy', 1000, 0.8765, 0.01, '2026-11-02T14:45:00.000Z', 'Open'],
      [5, 'fill', 'NVDA', 'Sell', 200, 95, 0.6, '2026-06-15T15:20:00.000Z', 'Close'],
      // The 2-for-1 split's two rows (100 taken away, 200 delivered) are one adjustment of +100.
      [6, 'split', 'NVDA', 'Buy', 100, 0, 0, '2026-06-10T11:00:00.000Z', null],
      // Commissions 1.00 + Fees 0.08.
      [8, 'fill', 'NVDA', 'Buy', 100, 180, 1.08, '2026-06-01T14:05:00.000Z', 'Open'],
      // A cover written at −0500 (the exporter's zone, CDT): 14:45:30 there is 19:45:30Z.
      [11, 'fill', 'TSLA', 'Buy', 10, 245, 0.01, '2026-03-17T19:45:30.000Z', 'Close'],
      [12, 'fill', 'TSLA', 'Sell', 10, 250.12, 0.08, '2026-03-17T14:15:00.000Z', 'Open'],
      // Two partial fills of order 406, then the exit.
      [13, 'fill', 'AAPL', 'Sell', 100, 215.25, 0.7, '2026-03-16T18:02:00.000Z', 'Close'],
      [14, 'fill', 'AAPL', 'Buy', 40, 212.5, 0.03, '2026-03-16T13:31:06.000Z', 'Open'],
      [15, 'fill', 'AAPL', 'Buy', 60, 212.5, 0.05, '2026-03-16T13:31:05.000Z', 'Open'],
    ]);
    // An order's partial fills share its "Order #": no fill carries a broker id of its own.
    expect(read.fills.every((f) => f.brokerId === null && f.account === null)).toBe(true);
  });

  it('skips the broken row, the dividend, the option and the deposit with their lines', () => {
    expect(read.skipped).toEqual([
      { line: 2, reason: 'unreadable', detail: 'Quantity is not a number' },
      { line: 9, reason: 'dividend', detail: 'Dividend' },
      { line: 10, reason: 'option', detail: 'SPY   261120C00600000' },
      { line: 16, reason: 'cash', detail: 'Deposit' },
    ]);
  });

  it('gives the realised P&L per symbol that the statement’s Totals add up to', () => {
    // AAPL: 100 × (215.25 − 212.50) = 275.00, less 0.05 + 0.03 + 0.70: 274.22.
    // TSLA short: 10 × (250.12 − 245.00) = 51.20, less 0.08 + 0.01: 51.11.
    // NVDA: 100 at 180 is 200 at 90 after the split; 200 × (95 − 90) = 1,000, less 1.08 + 0.60: 998.32
    //   (Totals: 18,999.40 − 18,001.08 = 998.32).
    // GROM: 1,000 × (0.9123 − 0.8765) = 35.80, less 0.01 + 0.05: 35.74.
    expect(realisedBySymbol(read.fills)).toEqual({ GROM: 35.74, NVDA: 998.32, TSLA: 51.11, AAPL: 274.22 });
  });

  it('is picked by itself, and refuses every other sample', () => {
    expect(readStatement(text, 'auto')).toMatchObject({ ok: true, format: 'tastytrade' });
    expectRefusesOtherSamples(tastytrade, 'tastytrade.csv');
  });
});

describe('a tastyworks transactions CSV (the header before Sub Type)', () => {
  const older = [
    'Date,Type,Action,Symbol,Instrument Type,Description,Value,Quantity,Average Price,Commissions,Fees,Multiplier,Underlying Symbol,Expiration Date,Strike Price,Call or Put',
    '2023-01-10T15:00:00-0500,Trade,SELL_TO_CLOSE,F,Equity,Sold 50 F @ 12.40,620.00,50,12.40,0.00,-0.02,1,F,,,',
    '2023-01-09T10:00:00-0500,Trade,BUY_TO_OPEN,F,Equity,Bought 50 F @ 12.00,-600.00,50,-12.00,0.00,-0.01,1,F,,,',
    '2023-01-06T16:00:00-0500,Money Movement,,,,F DIVIDEND,7.50,0,,0.00,0.00,,,,,',
    '2023-01-05T16:00:00-0500,Money Movement,,,,Wire Funds Received,"1,000.00",0,,0.00,0.00,,,,,',
    '2023-01-04T10:00:00-0500,Trade,BUY_TO_OPEN,/ESH3,Future,Bought 1 /ESH3,0.00,1,0.00,-1.25,-0.85,50,/ES,,,',
  ].join('\n');

  it('is read the same way, its Description naming a money movement', () => {
    expect(tastytrade.detect(readTable(older))).toBe(true);
    const read = tastytrade.parse(readTable(older));
    expect(read.fills.map((f) => [f.line, f.side, f.quantity, f.price, f.fees, f.executedAt])).toEqual([
      [2, 'Sell', 50, 12.4, 0.02, '2023-01-10T20:00:00.000Z'],
      [3, 'Buy', 50, 12, 0.01, '2023-01-09T15:00:00.000Z'],
    ]);
    expect(read.skipped).toEqual([
      { line: 4, reason: 'dividend', detail: 'F DIVIDEND' },
      { line: 5, reason: 'cash', detail: 'Wire Funds Received' },
      { line: 6, reason: 'instrument', detail: '/ESH3' },
    ]);
  });

  it('refuses a file without tastytrade’s columns together', () => {
    const near =
      'Date,Type,Action,Symbol,Description,Value,Quantity,Average Price,Fees\n2023-01-10,Trade,BUY,F,,1,1,1,0';
    expect(tastytrade.detect(readTable(near))).toBe(false);
  });
});

describe('tastytrade’s other money rows', () => {
  it('counts a dividend’s withholding as a dividend, and reads an assignment’s shares as a fill', () => {
    const text = [
      'Date,Type,Sub Type,Action,Symbol,Instrument Type,Description,Value,Quantity,Average Price,Commissions,Fees,Multiplier,Root Symbol,Underlying Symbol,Expiration Date,Strike Price,Call or Put,Order #,Total,Currency',
      '2026-05-14T16:00:00-0400,Money Movement,Withholding,,AAPL,Equity,APPLE INC - WITHHOLDING,-3.90,0,,0.00,0.00,,,AAPL,,,,,-3.90,USD',
      '2026-05-15T16:00:00-0400,Receive Deliver,Assignment,BUY_TO_OPEN,F,Equity,Bought 100 F @ 12.00,"-1,200.00",100,-12.00,0.00,0.00,1,,F,,,,,"-1,200.00",USD',
      '2026-05-16T16:00:00-0400,Receive Deliver,Symbol Change,BUY_TO_OPEN,FB,Equity,Symbol change,0.00,10,0.00,0.00,0.00,1,,FB,,,,,0.00,USD',
    ].join('\n');
    const read = tastytrade.parse(readTable(text));
    expect(read.fills.map((f) => [f.line, f.symbol, f.side, f.quantity, f.price, f.positionEffect])).toEqual([
      [3, 'F', 'Buy', 100, 12, 'Open'],
    ]);
    expect(read.skipped).toEqual([
      { line: 2, reason: 'dividend', detail: 'Withholding' },
      { line: 4, reason: 'unreadable', detail: 'Receive Deliver Symbol Change' },
    ]);
  });

  it('refuses an impossible date or time even with its offset', () => {
    const header = sample('tastytrade.csv').split('\n')[0];
    const row = (date: string) =>
      `${date},Trade,Buy to Open,BUY_TO_OPEN,F,Equity,x,-12.00,1,-12.00,0.00,0.00,1,,F,,,,1,-12.00,USD`;
    const text = [
      header,
      row('2026-02-30T10:00:00-0500'),
      row('2026-03-02T24:00:00-0500'),
      row('2026-03-02T10:00:00Z'),
    ].join('\n');
    const read = tastytrade.parse(readTable(text));
    expect(read.skipped.map((s) => [s.line, s.detail])).toEqual([
      [2, 'Date cannot be read'],
      [3, 'Date cannot be read'],
    ]);
    expect(read.fills.map((f) => f.executedAt)).toEqual(['2026-03-02T10:00:00.000Z']);
  });
});

describe('a tastyworks desktop history (the header before both)', () => {
  const legacy = [
    'Date/Time,Transaction Code,Transaction Subcode,Symbol,Buy/Sell,Open/Close,Quantity,Expiration Date,Strike,Call/Put,Price,Fees,Amount,Description,Account Reference',
    '03/10/2021 03:00 PM,Trade,Sell to Close,TQQQ,Sell,Close,100,,,,80.50,0.12,8050.00,Sold 100 TQQQ @ 80.50,Individual...39',
    '01/21/2021 12:39 PM,Receive Deliver,Forward Split,TQQQ,Buy,Open,100,,,,,0.00,-8000.00,Forward split: Open 100.0 TQQQ,Individual...39',
    '01/21/2021 12:39 PM,Receive Deliver,Forward Split,TQQQ,Sell,Close,50,,,,,0.00,8000.00,Forward split: Close 50.0 TQQQ,Individual...39',
    '01/15/2021 10:00 AM,Money Movement,Dividend,SPY,,,0,,,,,0.00,15.20,SPDR S&P 500 ETF DIVIDEND,Individual...39',
    '01/14/2021 10:00 AM,Trade,Buy to Open,SPY,Buy,Open,1,1/15/2021,380,CALL,2.10,1.14,-210.00,Bought 1 SPY Call,Individual...39',
    '01/12/2021 09:45 AM,Trade,Buy to Open,TQQQ,Buy,Open,50,,,,160.00,0.05,-8000.00,Bought 50 TQQQ @ 160.00,Individual...39',
    '01/04/2021 09:00 AM,Money Movement,Deposit,,,,0,,,,,0.00,10000.00,ACH DEPOSIT,Individual...39',
  ].join('\n');

  it('is read with the same rules, its split as one adjustment', () => {
    expect(tastytrade.detect(readTable(legacy))).toBe(true);
    const read = tastytrade.parse(readTable(legacy));
    expect(fillRows(read.fills)).toEqual([
      // Times without an offset are US Eastern: March 10th 2021 is standard time (UTC−5).
      [2, 'fill', 'TQQQ', 'Sell', 100, 80.5, 0.12, '2021-03-10T20:00:00.000Z', 'Close'],
      // 100 delivered, 50 taken away: a 2-for-1 split adding 50.
      [3, 'split', 'TQQQ', 'Buy', 50, 0, 0, '2021-01-21T17:39:00.000Z', null],
      [7, 'fill', 'TQQQ', 'Buy', 50, 160, 0.05, '2021-01-12T14:45:00.000Z', 'Open'],
    ]);
    expect(read.skipped).toEqual([
      { line: 5, reason: 'dividend', detail: 'Dividend' },
      { line: 6, reason: 'option', detail: 'SPY' },
      { line: 8, reason: 'cash', detail: 'Deposit' },
    ]);
    // 50 at 160 are 100 at 80 after the split; 100 × (80.50 − 80) = 50, less 0.05 + 0.12: 49.83.
    expect(realisedBySymbol(read.fills)).toEqual({ TQQQ: 49.83 });
  });
});
