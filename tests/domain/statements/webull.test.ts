import { describe, expect, it } from 'vitest';
import { planImport } from '../../../src/domain/statements/importPlan.ts';
import { readTable } from '../../../src/domain/statements/table.ts';
import { webull } from '../../../src/domain/statements/webull.ts';
import { tradeFiguresOf } from '../../../src/domain/tradeFigures.ts';
import { expectRefusesOtherSamples, readSample, sample } from './samples.ts';

const _text = sample('webull.csv');
const ACCOUNT = '5f0c6b36-52a4-4d4e-9d36-2b0c8c3f0a11';
const HEADER =
  'Name,Symbol,Side,Status,Filled,Total Qty,Price,Avg Price,Time-in-Force,Placed Time,Filled Time';

describe('Webull’s orders records', () => {
  const read = readSample('webull.csv');

  it('is recognised by itself', () => {
    expect(read.format).toBe('webull');
    expect(read.name).toBe('Webull (orders records)');
  });

  it('reads what filled of each order at its average price, at the time it filled, with no fees', () => {
    expect(
      read.fills.map((f) => [
        f.line,
        f.symbol,
        f.side,
        f.positionEffect,
        f.quantity,
        f.price,
        f.fees,
        f.executedAt,
      ]),
    ).toEqual([
      // EDT is UTC−4: 14:30:12 is 18:30:12 UTC. A buy after a short sale is its cover.
      [7, 'TSLA', 'Buy', null, 10, 245.5, 0, '2026-03-17T18:30:12.000Z'],
      // "Short" is a sale that opens a short position.
      [8, 'TSLA', 'Sell', 'Open', 10, 250, 0, '2026-03-17T14:05:00.000Z'],
      [9, 'AAPL', 'Sell', null, 10, 215, 0, '2026-03-16T15:15:00.000Z'],
      // Partially filled: the 30 of 40 that filled.
      [10, 'AAPL', 'Sell', null, 30, 215.2, 0, '2026-03-16T14:41:27.000Z'],
      [11, 'AAPL', 'Sell', null, 60, 215.1, 0, '2026-03-16T14:02:00.000Z'],
      // The average price, not the limit ("@212.50"), with its 4 decimals.
      [12, 'AAPL', 'Buy', null, 100, 212.485, 0, '2026-03-16T13:31:05.000Z'],
      [13, 'NVDA', 'Sell', null, 5.5, 120, 0, '2026-03-09T13:30:01.000Z'],
      // EST is UTC−5: 15:59:59 is 20:59:59 UTC. Fractional shares as written.
      [14, 'NVDA', 'Buy', null, 5.5, 118.2345, 0, '2026-03-06T20:59:59.000Z'],
    ]);
    expect(read.fills.every((f) => f.kind === 'fill' && f.brokerId === null && f.account === null)).toBe(
      true,
    );
  });

  it('skips orders that did not fill, options and a row without its price, with their lines', () => {
    expect(read.skipped).toEqual([
      { line: 2, reason: 'notFilled' },
      { line: 3, reason: 'unreadable', detail: 'Avg Price is not a positive number' },
      // A vertical spread's own row, then its two legs.
      { line: 4, reason: 'option' },
      { line: 5, reason: 'option' },
      { line: 6, reason: 'option' },
      { line: 15, reason: 'notFilled' },
    ]);
  });

  it('makes the round trips worked by hand', () => {
    const trades = tradeFiguresOf(planImport(read.fills, ACCOUNT, [], '2026-03-19T00:00:00.000Z').add);
    expect(trades.map((t) => [t.symbol, t.direction, t.closedAt !== null, t.netPnl]).sort()).toEqual([
      // Bought 100 × 212.485 = 21248.50; sold 60 × 215.10 + 30 × 215.20 + 10 × 215.00 =
      // 12906.00 + 6456.00 + 2150.00 = 21512.00: 263.50 (Webull's export has no fees).
      ['AAPL', 'Long', true, 263.5],
      // 5.5 × (120.00 − 118.2345) = 9.71025: 9.71.
      ['NVDA', 'Long', true, 9.71],
      // Sold short 10 × 250.00, covered 10 × 245.50: 45.00.
      ['TSLA', 'Short', true, 45],
    ]);
  });

  it('refuses every other sample file', () => {
    expectRefusesOtherSamples(webull, 'webull.csv');
  });

  it('reads the zone as written, Eastern without one, and refuses what it cannot read', () => {
    const row = (side: string, filled: string, time: string, symbol = 'AAPL') =>
      `Apple Inc,${symbol},${side},Filled,${filled},10,@MKT,200.00,DAY,,${time}`;
    const parsed = webull.parse(
      readTable(
        [
          HEADER,
          // PST is UTC−8; without an abbreviation, New York's clock (EST in January).
          row('Buy', '10', '01/05/2026 06:31:00 PST'),
          row('Sell', '10', '01/05/2026 09:31:00'),
          row('Buy', '10', '01/05/2026 09:31:00 JST'),
          row('Buy', '10', '01/05/2026 25:31:00 EST'),
          row('Hold', '10', '01/05/2026 09:31:00 EST'),
          row('Buy', 'ten', '01/05/2026 09:31:00 EST'),
          row('Buy', '10', '01/05/2026 09:31:00 EST', 'BTC/USD 1'),
          'Someone,,Buy,Filled,1,1,@1,1,DAY,,01/05/2026 09:31:00 EST',
        ].join('\r\n'),
      ),
    );
    expect(parsed.fills.map((f) => [f.side, f.executedAt])).toEqual([
      ['Buy', '2026-01-05T14:31:00.000Z'],
      ['Sell', '2026-01-05T14:31:00.000Z'],
    ]);
    expect(parsed.skipped).toEqual([
      { line: 4, reason: 'unreadable', detail: "Filled Time's zone JST is not known" },
      { line: 5, reason: 'unreadable', detail: 'Filled Time cannot be read' },
      { line: 6, reason: 'unreadable', detail: 'Side is neither a buy, a sell nor a short sale' },
      { line: 7, reason: 'unreadable', detail: 'Filled is not a number' },
      { line: 8, reason: 'instrument', detail: 'BTC/USD 1' },
      { line: 9, reason: 'unreadable', detail: 'Symbol is empty' },
    ]);
  });
});
