import { describe, expect, it } from 'vitest';
import { readStatement } from '../../../src/domain/statements/registry.ts';
import { readTable } from '../../../src/domain/statements/table.ts';
import { tradestation } from '../../../src/domain/statements/tradestation.ts';
import { realisedBySymbol } from './fillPnl.ts';
import { expectRefusesOtherSamples, sample } from './samples.ts';
import { fillRows } from './statementTrips.ts';

const text = sample('tradestation.csv');

describe('a TradeStation trade history', () => {
  const read = tradestation.parse(readTable(text));

  it('reads each execution with every fee column summed and Eastern time made UTC', () => {
    expect(fillRows(read.fills)).toEqual([
      // Partial fills. Comm 0.60 + NSCC 0.01 + ECN Remove 0.18 = 0.79; March 16th is daylight time.
      [2, 'fill', 'AAPL', 'Buy', 60, 212.5, 0.79, '2026-03-16T13:31:05.000Z', null],
      // Comm 0.40 + NSCC 0.01 − the ECN Add rebate 0.08 = 0.33 (Gross − Net: 8,500.33 − 8,500).
      [3, 'fill', 'AAPL', 'Buy', 40, 212.5, 0.33, '2026-03-16T13:31:06.000Z', null],
      // 1.00 + SEC 0.60 + TAF 0.02 + NSCC 0.01 + ECN Remove 0.30 = 1.93.
      [4, 'fill', 'AAPL', 'Sell', 100, 215.2525, 1.93, '2026-03-16T18:02:00.000Z', null],
      // SS is a short sale, BC its cover.
      [5, 'fill', 'TSLA', 'Sell', 10, 250.1234, 1.09, '2026-03-17T14:15:00.000Z', 'Open'],
      [6, 'fill', 'TSLA', 'Buy', 10, 245, 1.01, '2026-03-17T19:45:30.000Z', 'Close'],
      // A price in 4 decimals; November 2nd is standard time again (UTC−5).
      [8, 'fill', 'GROM', 'Buy', 1000, 0.8765, 0.8, '2026-11-02T14:45:00.000Z', null],
      [9, 'fill', 'GROM', 'Sell', 1000, 0.9123, 1.21, '2026-11-02T20:59:59.000Z', null],
    ]);
    expect(new Set(read.fills.map((f) => f.account))).toEqual(new Set(['11223344']));
  });

  it('skips the option and the impossible time with their lines', () => {
    expect(read.skipped).toEqual([
      { line: 7, reason: 'option', detail: 'SPY261120C00600000' },
      { line: 10, reason: 'unreadable', detail: 'T/D or Exec Time cannot be read' },
    ]);
  });

  it('gives the realised P&L the Net Proceeds add up to', () => {
    // AAPL: 100 × (215.2525 − 212.50) = 275.25, less 0.79 + 0.33 + 1.93 = 3.05: 272.20
    //   (Net: 21,523.32 − 12,750.79 − 8,500.33 = 272.20).
    // TSLA short: 10 × (250.1234 − 245) = 51.234, less 1.09 + 1.01: 49.134 → 49.13.
    // GROM: 1,000 × (0.9123 − 0.8765) = 35.80, less 0.80 + 1.21: 33.79 (Net: 911.09 − 877.30).
    expect(realisedBySymbol(read.fills)).toEqual({ AAPL: 272.2, TSLA: 49.13, GROM: 33.79 });
  });

  it('is picked by itself, and refuses every other sample', () => {
    expect(readStatement(text, 'auto')).toMatchObject({ ok: true, format: 'tradestation' });
    expectRefusesOtherSamples(tradestation, 'tradestation.csv');
  });

  it('refuses a file with only some of its columns', () => {
    const near = 'Account,T/D,Side,Symbol,Qty,Price,Exec Time,Comm\n1,03/16/2026,B,AAPL,1,1,09:30:00,0';
    expect(tradestation.detect(readTable(near))).toBe(false);
  });
});
