import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatAgo,
  formatAsOf,
  formatMoney,
  formatPercent,
  formatPrice,
  formatProbability,
  formatR,
  formatRewardToRisk,
  formatTimestamp,
  formatWait,
  formatWeight,
  maskAccountNumber,
  truncateCriteria,
} from '../../src/domain/format.ts';

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [1234.56, '$1,234.56'],
    [-1234.56, '-$1,234.56'],
    [0.005, '$0.01'],
    [-0.004, '$0.00'],
    [-0, '$0.00'],
    [1_234_567.891, '$1,234,567.89'],
    [-2_500_000, '-$2,500,000.00'],
  ])('%d is %s', (amount, expected) => {
    expect(formatMoney(amount)).toBe(expected);
  });
});

describe('formatPercent and friends', () => {
  it.each([
    [12.345, '12.35%'],
    [0, '0.00%'],
    [-3.1, '-3.10%'],
    [-0.001, '0.00%'],
    [1234.5, '1,234.50%'],
  ])('percent %d is %s', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });

  it.each([
    [65, '65.0%'],
    [72.25, '72.3%'],
    [0, '0.0%'],
    [null, 'Not set'],
    [undefined, 'Not set'],
  ])('probability %s is %s', (value, expected) => {
    expect(formatProbability(value)).toBe(expected);
  });

  it.each([
    [0.5, '0.5'],
    [1, '1.0'],
    [0, '0.0'],
  ])('weight %d is %s', (value, expected) => {
    expect(formatWeight(value)).toBe(expected);
  });
});

describe('truncateCriteria', () => {
  it('keeps 50 characters as they are and cuts 51 to 50 plus "..."', () => {
    const fifty = 'x'.repeat(50);
    expect(truncateCriteria(fifty)).toBe(fifty);
    expect(truncateCriteria(`${fifty}y`)).toBe(`${fifty}...`);
    expect(truncateCriteria('')).toBe('');
  });
});

describe('maskAccountNumber', () => {
  it('shows only the last 4 digits', () => {
    expect(maskAccountNumber('12345678')).toBe('****5678');
    expect(maskAccountNumber('123')).toBe('****123');
  });
});

describe('formatTimestamp', () => {
  it("shows a valid moment in the reader's locale and an invalid one as 'Invalid timestamp'", () => {
    const iso = '2026-11-20T15:00:00.000Z';
    expect(formatTimestamp(iso)).toBe(new Date(iso).toLocaleString());
    expect(formatTimestamp('not a date')).toBe('Invalid timestamp');
    expect(formatTimestamp('')).toBe('Invalid timestamp');
  });
});

describe('formatRewardToRisk', () => {
  it.each([
    [2.5, '2.5R'],
    [2, '2.0R'],
    [10 / 3, '3.3R'],
    [0.5, '0.5R'],
    [2.69 / 1.23, '2.2R'],
    [12.25, '12.3R'],
  ])('%d is %s', (ratio, expected) => {
    expect(formatRewardToRisk(ratio)).toBe(expected);
  });
});

describe('formatR', () => {
  it.each([
    [2.5, '+2.50R'],
    [-1, '\u22121.00R'],
    [0, '0.00R'],
    [-0, '0.00R'],
    // Round to zero: no signed zero.
    [0.004, '0.00R'],
    [-0.004, '0.00R'],
    [-0.0049999, '0.00R'],
    // Halves away from zero on both sides, despite 1.005 being 1.00499… in binary.
    [0.005, '+0.01R'],
    [-0.005, '\u22120.01R'],
    [1.005, '+1.01R'],
    [-1.005, '\u22121.01R'],
    [0.333333, '+0.33R'],
    [-2.6667, '\u22122.67R'],
    [12.3456, '+12.35R'],
  ])('%d is %s', (r, expected) => {
    expect(formatR(r)).toBe(expected);
  });
});

describe('formatPrice', () => {
  // Stocks under $1 trade in ten-thousandths; issue 26: an entry of 2.345 showed as $2.35.
  it.each([
    [100, '$100.00'],
    [2.345, '$2.345'],
    [0.1234, '$0.1234'],
    [0.12345, '$0.1235'],
    [1234.5, '$1,234.50'],
    [-0, '$0.00'],
  ])('%s is %s', (price, text) => {
    expect(formatPrice(price)).toBe(text);
  });
});

describe('countOf', () => {
  it.each([
    [1, 'share', '1 share'],
    [2, 'share', '2 shares'],
    [0, 'share', '0 shares'],
    [1, 'edge', '1 edge'],
    [3, 'edge', '3 edges'],
  ])('%s %s is "%s"', (count, noun, text) => {
    expect(countOf(count, noun)).toBe(text);
  });
});

describe('formatAgo and formatWait ("Fills imported 3 min ago")', () => {
  const now = new Date('2026-11-20T15:30:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const MIN = 60_000;

  it.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [-2 * MIN, 'just now'], // a clock a little behind the server's
    [MIN, '1 min ago'],
    [3 * MIN + 59_000, '3 min ago'],
    [59 * MIN, '59 min ago'],
    [60 * MIN, '1 h ago'],
    [23 * 60 * MIN + 59 * MIN, '23 h ago'],
    [24 * 60 * MIN, '1 day ago'],
    [5 * 24 * 60 * MIN, '5 days ago'],
  ])('%i ms ago reads "%s"', (ms, text) => {
    expect(formatAgo(ago(ms), now)).toBe(text);
  });

  it.each([
    [1, 'in 1 s'],
    [44_100, 'in 45 s'],
    [59_001, 'in 1 min'],
    [60_000, 'in 1 min'],
    [90_000, 'in 2 min'],
  ])('a wait of %i ms reads "%s"', (ms, text) => {
    expect(formatWait(ms)).toBe(text);
  });
});

describe('formatAsOf', () => {
  it('says the time alone on the same day, the date with it on another, and refuses a non-date', () => {
    const now = new Date(2026, 10, 24, 18, 0);
    expect(formatAsOf(new Date(2026, 10, 24, 16, 5).toISOString(), now)).toMatch(/^4:05\sPM$/);
    expect(formatAsOf(new Date(2026, 10, 21, 16, 5).toISOString(), now)).toMatch(/^Nov 21, 4:05\sPM$/);
    expect(formatAsOf('soon', now)).toBe('Invalid timestamp');
  });
});
