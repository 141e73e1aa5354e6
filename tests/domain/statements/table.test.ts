import { describe, expect, it } from 'vitest';
import {
  columnsOf,
  readAmount,
  readDate,
  readFee,
  readInstant,
  readSide,
  readStock,
  readTime,
} from '../../../src/domain/statements/cells.ts';
import { readTable } from '../../../src/domain/statements/table.ts';

describe('a statement file as rows and lines', () => {
  it('numbers a row after a quoted cell spanning two lines from the line it starts on', () => {
    const table = readTable(
      'Date,Description,Qty\n03/16/2026,"Apple\nCUSIP: 037833100",10\n03/17/2026,Tesla,5\n',
    );
    expect(table.rows).toEqual([
      ['Date', 'Description', 'Qty'],
      ['03/16/2026', 'Apple\nCUSIP: 037833100', '10'],
      ['03/17/2026', 'Tesla', '5'],
    ]);
    expect(table.lines).toEqual([1, 2, 4]);
  });

  it('leaves the byte order mark out of the first header cell', () => {
    expect(readTable('\uFEFFDate,Symbol\n03/16/2026,AAPL').rows[0]).toEqual(['Date', 'Symbol']);
  });

  it('reads a semicolon-separated file, commas in its cells, blank lines at its end', () => {
    const table = readTable('Datum;Symbol;Kurs\n16.03.2026;AAPL;1.212,50\n17.03.2026;MSFT;401,5\n\n\n\n');
    expect(table.rows).toEqual([
      ['Datum', 'Symbol', 'Kurs'],
      ['16.03.2026', 'AAPL', '1.212,50'],
      ['17.03.2026', 'MSFT', '401,5'],
    ]);
    expect(table.lines).toEqual([1, 2, 3]);
  });

  it('reads a tab-separated file with CR LF endings, thousands separators and blank lines', () => {
    const table = readTable(
      'Date\tSymbol\tQty\r\n03/16/2026\tAAPL\t1,000\r\n\r\n03/17/2026\tMSFT\t2,500\r\n\r\n\r\n',
    );
    expect(table.rows).toEqual([
      ['Date', 'Symbol', 'Qty'],
      ['03/16/2026', 'AAPL', '1,000'],
      ['03/17/2026', 'MSFT', '2,500'],
    ]);
    expect(table.lines).toEqual([1, 2, 4]);
  });

  it('counts CR LF inside a quoted cell once, and blank or space-only lines without a row', () => {
    const table = readTable('a,b\r\n"x\r\ny",2\r\n\r\n  ,  \r\nz,3\r\n');
    expect(table.rows).toEqual([
      ['a', 'b'],
      ['x\r\ny', '2'],
      ['z', '3'],
    ]);
    expect(table.lines).toEqual([1, 2, 6]);
    expect(readTable('\n\na,b\n1,2').lines).toEqual([3, 4]);
  });

  it('trims the cells', () => {
    expect(readTable(' a , b \n 1 , 2 ').rows).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});

describe('the cells brokers write', () => {
  it('reads amounts with $, thousands separators, parentheses and 4 decimals', () => {
    expect(readAmount('(12.00)')).toBe(-12);
    expect(readAmount('($1,234.50)')).toBe(-1234.5);
    expect(readAmount('$1,234.5678')).toBe(1234.5678);
    expect(readAmount('-$5')).toBe(-5);
    expect(readAmount('1.5e2')).toBe(150);
    expect(readAmount('.5')).toBe(0.5);
    for (const none of ['--', '-', '', '  ', 'abc', '(5', '1e400', '@MKT', undefined]) {
      expect(readAmount(none), String(none)).toBeNull();
    }
  });

  it('reads a blank or dashed fee as none, and refuses a fee that is not a number', () => {
    expect([readFee(''), readFee('--'), readFee('-'), readFee(undefined), readFee('0.65')]).toEqual([
      0, 0, 0, 0, 0.65,
    ]);
    expect(readFee('(0.65)')).toBe(-0.65);
    expect(readFee('n/a')).toBeNull();
  });

  it('reads 12-hour times, 12 AM as midnight and 12 PM as noon', () => {
    expect(readTime('12:00 AM')).toEqual({ hour: 0, minute: 0, second: 0 });
    expect(readTime('12:30:15 am')).toEqual({ hour: 0, minute: 30, second: 15 });
    expect(readTime('12:00 PM')).toEqual({ hour: 12, minute: 0, second: 0 });
    expect(readTime('12:01 pm')).toEqual({ hour: 12, minute: 1, second: 0 });
    expect(readTime('1:00 PM')).toEqual({ hour: 13, minute: 0, second: 0 });
    expect(readTime('9:31:05.123')).toEqual({ hour: 9, minute: 31, second: 5 });
    expect(readTime('20260315;093105')).toEqual({ hour: 9, minute: 31, second: 5 });
    // No 13 o'clock or 0 o'clock on a 12-hour clock.
    expect(readTime('13:00 PM')).toBeNull();
    expect(readTime('0:30 AM')).toBeNull();
    expect(readTime('')).toBeNull();
  });

  it('reads 12 AM and 12 PM in New York as instants', () => {
    // March 16th 2026 is daylight time (UTC−4).
    expect(readInstant('03/16/2026', '12:00 AM')).toBe('2026-03-16T04:00:00.000Z');
    expect(readInstant('03/16/2026', '12:00 PM')).toBe('2026-03-16T16:00:00.000Z');
    expect(readInstant('03/16/2026 12:15:00 AM')).toBe('2026-03-16T04:15:00.000Z');
  });

  it('reads two-digit years as this century', () => {
    expect(readDate('3/5/26')).toEqual({ year: 2026, month: 3, day: 5 });
    expect(readDate('12/31/99')).toEqual({ year: 2099, month: 12, day: 31 });
    expect(readInstant('1/2/26')).toBe('2026-01-02T17:00:00.000Z');
  });

  it('reads ISO and compact dates, and refuses other orders', () => {
    expect(readDate('2026-03-15')).toEqual({ year: 2026, month: 3, day: 15 });
    expect(readDate('20260315')).toEqual({ year: 2026, month: 3, day: 15 });
    expect(readDate('2026-03-16T09:31:05')).toEqual({ year: 2026, month: 3, day: 16 });
    for (const other of ['15.03.2026', '2026-3-5', '', 'March 15']) expect(readDate(other), other).toBeNull();
  });

  it('refuses impossible dates and times as instants', () => {
    expect(readInstant('02/29/2026', '10:00')).toBeNull();
    expect(readInstant('02/29/2028', '10:00')).toBe('2028-02-29T15:00:00.000Z');
    for (const date of ['04/31/2026', '13/01/2026', '00/10/2026', '99/99/99', '2026-02-30']) {
      expect(readInstant(date), date).toBeNull();
    }
    expect(readInstant('03/16/2026', '24:00')).toBeNull();
    expect(readInstant('03/16/2026', '09:61')).toBeNull();
    expect(readInstant('03/16/2026', 'soon')).toBeNull();
  });

  it('reads the sides brokers write, and stocks but not options or CUSIPs', () => {
    expect(['Buy', 'BOT', 'Buy to Cover', 'sell short', 'SLD', 'STC'].map(readSide)).toEqual([
      'Buy',
      'Buy',
      'Buy',
      'Sell',
      'Sell',
      'Sell',
    ]);
    expect(readSide('Hold')).toBeNull();
    expect(readStock('brk/b')).toBe('BRK.B');
    expect(readStock(' aapl ')).toBe('AAPL');
    expect(readStock('SPY 261120C00600000')).toBeNull();
    expect(readStock('037833100')).toBeNull();
  });

  it('finds columns by their names without case, spaces or punctuation', () => {
    expect(
      columnsOf(['Trade Date', 'SYMBOL', 'Fees & Comm'], {
        date: ['trade date'],
        fees: ['Fees&Comm'],
        x: ['X'],
      }),
    ).toEqual({
      date: 0,
      fees: 2,
      x: -1,
    });
  });
});
