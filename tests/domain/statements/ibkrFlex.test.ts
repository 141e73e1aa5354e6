import { describe, expect, it } from 'vitest';
import { ibkrFlex } from '../../../src/domain/statements/ibkrFlex.ts';
import { readStatement } from '../../../src/domain/statements/registry.ts';
import { readTable } from '../../../src/domain/statements/table.ts';
import { realisedBySymbol } from './fillPnl.ts';
import { expectRefusesOtherSamples, sample } from './samples.ts';
import { fillRows } from './statementTrips.ts';

const text = sample('ibkr-flex.csv');

describe('an Interactive Brokers Flex Query (trades, with section codes)', () => {
  const read = ibkrFlex.parse(readTable(text));

  it('reads each execution with its line, id, fees summed and Eastern time made UTC', () => {
    expect(fillRows(read.fills)).toEqual([
      // Two partial fills of one order; its ORDER row (line 5) sums them and is not read again.
      // March 16th 2026 is after the change to daylight time (March 8th): 09:31:05 EDT is 13:31:05Z.
      [6, 'fill', 'AAPL', 'Buy', 60, 212.5, 0.35, '2026-03-16T13:31:05.000Z', 'Open'],
      [7, 'fill', 'AAPL', 'Buy', 40, 212.5, 0.35, '2026-03-16T13:31:06.000Z', 'Open'],
      // IBCommission 0.50 + Taxes 0.01.
      [8, 'fill', 'AAPL', 'Sell', 100, 215.2525, 0.51, '2026-03-16T18:02:00.000Z', 'Close'],
      // A short sale and its cover.
      [9, 'fill', 'TSLA', 'Sell', 10, 250.1234, 1, '2026-03-17T14:15:00.000Z', 'Open'],
      [10, 'fill', 'TSLA', 'Buy', 10, 245, 1, '2026-03-17T19:45:30.000Z', 'Close'],
      // "BRK B" is BRK.B; fractional shares; November 2nd is after the change back (UTC−5).
      [12, 'fill', 'BRK.B', 'Buy', 2.5, 401.1234, 0.35, '2026-11-02T14:45:00.000Z', 'Open'],
    ]);
    expect(read.fills.map((f) => f.brokerId)).toEqual([
      '612345001',
      '612345002',
      '612345003',
      '612345004',
      '612345005',
      '612345007',
    ]);
    expect(new Set(read.fills.map((f) => f.account))).toEqual(new Set(['U1234567']));
  });

  it('skips the option, the unreadable price and the cash section’s rows with their lines', () => {
    // The SYMBOL_SUMMARY row (line 14) restates fills: passed over, not a skipped row.
    expect(read.skipped).toEqual([
      { line: 11, reason: 'option', detail: 'SPY   261120C00600000' },
      { line: 13, reason: 'unreadable', detail: 'TradePrice is not a positive number' },
      { line: 18, reason: 'dividend', detail: 'Dividends' },
      { line: 19, reason: 'cash', detail: 'Deposits/Withdrawals' },
    ]);
  });

  it('gives the realised P&L of the file’s FifoPnlRealized', () => {
    // AAPL: 100 × (215.2525 − 212.50) = 275.25, less 0.35 + 0.35 + 0.50 + 0.01 = 1.21: 274.04.
    // TSLA short: 10 × (250.1234 − 245.00) = 51.234, less 1 + 1: 49.234 → 49.23.
    // BRK.B stays open: nothing realised.
    expect(realisedBySymbol(read.fills)).toEqual({ AAPL: 274.04, TSLA: 49.23 });
  });

  it('is picked by itself, and refuses every other sample', () => {
    expect(readStatement(text, 'auto')).toMatchObject({ ok: true, format: 'ibkr-flex' });
    expectRefusesOtherSamples(ibkrFlex, 'ibkr-flex.csv');
  });
});

describe('a Flex Query in the plain layout', () => {
  // Header rows without section codes, a new header per section; times with a zone or offset.
  const plain = [
    'ClientAccountID,AssetClass,Symbol,Quantity,TradePrice,IBCommission,DateTime,Buy/Sell,TradeID',
    'U7,STK,AMD,-3,150.5,-1.0,20260710;153000 -05:00,SELL,91',
    'U7,STK,AMD,3,150,-1.0,20260710;160000 EDT,BUY,92',
    'U7,FUT,ESU6,1,5500,-2.25,20260710;100000,BUY,93',
    'U7,STK,AMD,1,150,-1.0,20260710;100000 XYZ,BUY,94',
    'ClientAccountID,CurrencyPrimary,DateTime,Amount,Type',
    'U7,USD,20260711,-0.75,Withholding Tax',
    'U7,USD,20260711,-10,Other Fees',
  ].join('\n');
  const read = ibkrFlex.parse(readTable(plain));

  it('reads a written offset and zone name, and skips what is not a stock fill', () => {
    expect(ibkrFlex.detect(readTable(plain))).toBe(true);
    expect(read.fills.map((f) => [f.line, f.side, f.quantity, f.fees, f.executedAt, f.brokerId])).toEqual([
      // 15:30 at UTC−5 is 20:30Z; 16:00 EDT (UTC−4) is 20:00Z.
      [2, 'Sell', 3, 1, '2026-07-10T20:30:00.000Z', '91'],
      [3, 'Buy', 3, 1, '2026-07-10T20:00:00.000Z', '92'],
    ]);
    expect(read.skipped).toEqual([
      { line: 4, reason: 'instrument', detail: 'ESU6' },
      { line: 5, reason: 'unreadable', detail: 'Date or time cannot be read' },
      { line: 7, reason: 'dividend', detail: 'Withholding Tax' },
      { line: 8, reason: 'cash', detail: 'Other Fees' },
    ]);
  });

  it('refuses a CSV without IBKR’s own columns', () => {
    const generic = 'Symbol,Quantity,TradePrice,DateTime\nAMD,1,150,20260710;100000';
    expect(ibkrFlex.detect(readTable(generic))).toBe(false);
  });
});

describe('a Flex Query’s less common shapes', () => {
  it('finds the Trades section after a long one, and reads a trade date without a time as noon', () => {
    const positions = Array.from({ length: 60 }, (_, i) => `"DATA","POST","U7","STK","P${i}","1"`);
    const text = [
      '"HEADER","POST","ClientAccountID","AssetClass","Symbol","Quantity"',
      ...positions,
      '"HEADER","TRNT","ClientAccountID","CurrencyPrimary","AssetClass","Symbol","Quantity","TradePrice","IBCommission","TradeDate"',
      '"DATA","TRNT","U7","USD","STK","AMD","2","150","-1","20260710"',
      '"DATA","TRNT","U7","CAD","STK","SHOP","2","150","-1","20260710"',
    ].join('\n');
    const table = readTable(text);
    expect(ibkrFlex.detect(table)).toBe(true);
    const read = ibkrFlex.parse(table);
    // Noon in New York in July (UTC−4) is 16:00Z.
    expect(read.fills.map((f) => [f.line, f.symbol, f.side, f.executedAt])).toEqual([
      [63, 'AMD', 'Buy', '2026-07-10T16:00:00.000Z'],
    ]);
    // The journal's prices are dollars: a stock traded in another currency is another instrument.
    expect(read.skipped).toEqual([{ line: 64, reason: 'instrument', detail: 'SHOP in CAD' }]);
  });
});
