import { describe, expect, it } from 'vitest';
import { readStatement } from '../../../src/domain/statements/registry.ts';
import { identified, statementFillId } from '../../../src/domain/statements/statement.ts';
import { wallTimeToIso } from '../../../src/domain/statements/wallTime.ts';
import { sample, TRADER_MAPPING } from './samples.ts';

const text = sample('mapped.csv');
const mapping = TRADER_MAPPING;

describe('a CSV read through the trader’s mapping', () => {
  const read = readStatement(text, 'auto', [mapping]);

  it('reads each fill with its line, fees summed and Eastern time made UTC', () => {
    if (!read.ok) throw new Error('not read');
    expect(read.format).toBe('mapped');
    expect(
      read.fills.map((f) => [f.line, f.symbol, f.side, f.quantity, f.price, f.fees, f.executedAt]),
    ).toEqual([
      // March 16th 2026 is after the change to daylight time (March 8th): UTC−4.
      [2, 'AAPL', 'Buy', 100, 1212.5, 1, '2026-03-16T13:31:05.000Z'],
      [3, 'AAPL', 'Sell', 60, 1215.25, 1.02, '2026-03-16T14:02:00.000Z'],
      [4, 'AAPL', 'Sell', 40, 1215.25, 0.01, '2026-03-16T14:02:00.000Z'],
      // November 2nd 2026 is after the change back (November 1st): UTC−5.
      [5, 'MSFT', 'Sell', 2.5, 401.1234, 0, '2026-11-02T20:59:59.000Z'],
      // A date alone is noon in New York.
      [7, 'MSFT', 'Buy', 2.5, 400, 0, '2026-11-02T17:00:00.000Z'],
    ]);
    // The round trip by hand: 100 × (1215.25 − 1212.50) = 275.00 less fees 1 + 1.02 + 0.01 = 272.97.
    const [buy, ...sells] = read.fills.slice(0, 3);
    const pnl = sells.reduce((sum, s) => sum + s.quantity * s.price, 0) - 100 * (buy?.price ?? 0);
    const fees = read.fills.slice(0, 3).reduce((sum, f) => sum + f.fees, 0);
    expect(Math.round((pnl - fees) * 100) / 100).toBe(272.97);
  });

  it('skips an option and an unreadable date with their lines', () => {
    if (!read.ok) throw new Error('not read');
    expect(read.skipped).toEqual([
      { line: 6, reason: 'instrument', detail: 'SPY 261120C00600000' },
      { line: 8, reason: 'unreadable', detail: 'Date or time cannot be read' },
    ]);
  });

  it('is not recognised without a mapping for its header', () => {
    expect(readStatement(text, 'auto', [])).toMatchObject({ ok: false, reason: 'unrecognised' });
    expect(readStatement(text, 'auto', [{ ...mapping, header: ['Other'] }])).toMatchObject({ ok: false });
  });

  it('gives the same ids to the same fills, and two identical fills two ids', () => {
    if (!read.ok) throw new Error('not read');
    const twice = [...read.fills, ...read.fills.slice(0, 1)];
    const ids = identified(twice).map(({ identity }) => statementFillId('acct', identity));
    expect(new Set(ids).size).toBe(6);
    const again = identified(read.fills).map(({ identity }) => statementFillId('acct', identity));
    expect(again).toEqual(ids.slice(0, 5));
    // Another account: other ids.
    expect(statementFillId('other', identified(read.fills)[0]?.identity ?? '')).not.toBe(ids[0]);
  });
});

describe('wall time in New York', () => {
  it('reads the hour the clock repeats as the first, and refuses impossible dates', () => {
    expect(wallTimeToIso({ year: 2026, month: 11, day: 1 }, { hour: 1, minute: 30 })).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(wallTimeToIso({ year: 2026, month: 2, day: 30 }, { hour: 9, minute: 30 })).toBeNull();
    expect(wallTimeToIso({ year: 2026, month: 7, day: 1 }, { hour: 9, minute: 30 }, 'UTC')).toBe(
      '2026-07-01T09:30:00.000Z',
    );
  });
});
