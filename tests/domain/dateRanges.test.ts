import { describe, expect, it } from 'vitest';
import {
  ALL_DATES,
  type DateRange,
  dateRangeBounds,
  dateRangeDays,
  dateRangeQuery,
  newYorkMidnight,
  parseDateRange,
  tradesInRange,
} from '../../src/domain/dateRanges.ts';
import { messages } from '../../src/domain/messages.ts';

// New York is on EST (UTC−5) in winter and EDT (UTC−4) in summer; in 2026 clocks go forward on
// Sunday March 8 and back on Sunday November 1, both at 2 a.m.
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const bounds = (range: DateRange, now: string) => {
  const b = dateRangeBounds(range, new Date(now));
  return [iso(b.start), iso(b.end)];
};

describe("New York's midnight", () => {
  it.each([
    ['2026-11-24', '2026-11-24T05:00:00.000Z'], // EST
    ['2026-07-14', '2026-07-14T04:00:00.000Z'], // EDT
    ['2026-03-08', '2026-03-08T05:00:00.000Z'], // the day clocks go forward begins on EST
    ['2026-03-09', '2026-03-09T04:00:00.000Z'], // so it lasted 23 hours
    ['2026-11-01', '2026-11-01T04:00:00.000Z'], // the day clocks go back begins on EDT
    ['2026-11-02', '2026-11-02T05:00:00.000Z'], // so it lasted 25 hours
  ])('%s begins at %s', (date, at) => {
    expect(iso(newYorkMidnight(date))).toBe(at);
  });
});

describe('the presets, as New York days', () => {
  // 03:30 UTC on Wednesday the 25th is still Tuesday the 24th, 22:30, in New York.
  const now = '2026-11-25T03:30:00.000Z';
  it.each<[DateRange['preset'], string, string]>([
    ['week', '2026-11-23T05:00:00.000Z', '2026-11-30T05:00:00.000Z'], // Monday 23 to Sunday 29
    ['month', '2026-11-01T04:00:00.000Z', '2026-12-01T05:00:00.000Z'], // from EDT into EST
    ['last30', '2026-10-26T04:00:00.000Z', '2026-11-25T05:00:00.000Z'], // Oct 26 to Nov 24
    ['year', '2026-01-01T05:00:00.000Z', '2027-01-01T05:00:00.000Z'],
  ])('%s is [%s, %s)', (preset, start, end) => {
    expect(bounds({ preset } as DateRange, now)).toEqual([start, end]);
  });

  it('leaves both ends open for all', () => {
    expect(bounds(ALL_DATES, now)).toEqual([null, null]);
  });

  it('runs a week from Monday to Sunday, a Sunday in the week before the next Monday', () => {
    expect(dateRangeDays({ preset: 'week' }, new Date('2026-11-29T23:00:00Z'))).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
    // Monday 00:00 in New York starts the next week.
    expect(dateRangeDays({ preset: 'week' }, new Date('2026-11-30T05:00:00Z'))).toEqual({
      from: '2026-11-30',
      to: '2026-12-06',
    });
  });

  it('covers a custom range of whole New York days, both included, across a clock change', () => {
    expect(bounds({ preset: 'custom', from: '2026-03-08', to: '2026-03-08' }, now)).toEqual([
      '2026-03-08T05:00:00.000Z',
      '2026-03-09T04:00:00.000Z',
    ]);
    expect(bounds({ preset: 'custom', from: '2026-10-31', to: '2026-11-01' }, now)).toEqual([
      '2026-10-31T04:00:00.000Z',
      '2026-11-02T05:00:00.000Z',
    ]);
  });
});

describe('the trades a range shows', () => {
  const trade = (id: string, closedAt: string | null) => ({ id, closedAt });
  const trades = [
    trade('before', '2026-11-24T04:59:59.000Z'), // Monday 23:59:59 in New York
    trade('first', '2026-11-24T05:00:01.000Z'), // Tuesday 00:00:01
    // Wednesday 25th in UTC, still Tuesday 23:59:59 in New York.
    trade('last', '2026-11-25T04:59:59.000Z'),
    trade('after', '2026-11-25T05:00:00.000Z'), // Wednesday 00:00:00
    trade('open', null),
  ];
  const now = new Date('2026-11-25T12:00:00Z');

  it('keeps the trades closed on its New York days, and every open trade', () => {
    const tuesday = dateRangeBounds({ preset: 'custom', from: '2026-11-24', to: '2026-11-24' }, now);
    expect(tradesInRange(trades, tuesday).map((t) => t.id)).toEqual(['first', 'last', 'open']);
  });

  it('gives every trade back, the same array, for all', () => {
    expect(tradesInRange(trades, dateRangeBounds(ALL_DATES, now))).toBe(trades);
  });
});

describe('the range in the address', () => {
  it.each<[Record<string, string>, DateRange]>([
    [{}, ALL_DATES],
    [{ range: 'all' }, ALL_DATES],
    [{ range: 'week' }, { preset: 'week' }],
    [{ range: 'month' }, { preset: 'month' }],
    [{ range: 'last30' }, { preset: 'last30' }],
    [{ range: 'year' }, { preset: 'year' }],
    [
      { from: '2026-01-01', to: '2026-01-31' },
      { preset: 'custom', from: '2026-01-01', to: '2026-01-31' },
    ],
    [
      { range: 'custom', from: '2024-02-29', to: '2024-02-29' },
      { preset: 'custom', from: '2024-02-29', to: '2024-02-29' },
    ],
  ])('reads %j', (query, range) => {
    expect(parseDateRange(query)).toEqual({ range });
  });

  it.each<[Record<string, string>, 'range' | 'from' | 'to', string]>([
    [{ range: 'Month' }, 'range', messages.dateRangeInvalid],
    [{ range: '' }, 'range', messages.dateRangeInvalid],
    [{ range: 'x'.repeat(5000) }, 'range', messages.dateRangeInvalid],
    [{ range: 'month', from: '2026-01-01', to: '2026-01-31' }, 'range', messages.dateRangeBoth],
    [{ from: '2026-01-01' }, 'to', messages.dateRangeNeedsBoth],
    [{ to: '2026-01-01' }, 'from', messages.dateRangeNeedsBoth],
    [{ range: 'custom' }, 'from', messages.dateRangeNeedsBoth],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'from', messages.dateRangeFromInvalid],
    [{ from: '', to: '2026-03-01' }, 'from', messages.dateRangeFromInvalid],
    [{ from: '1969-12-31', to: '2026-03-01' }, 'from', messages.dateRangeFromInvalid],
    [{ from: '2026-01-01', to: '2026-1-31' }, 'to', messages.dateRangeToInvalid],
    [{ from: '2026-01-01', to: '2026-01-01T00:00' }, 'to', messages.dateRangeToInvalid],
    [{ from: '2026-02-01', to: '2026-01-31' }, 'from', messages.dateRangeOrder],
  ])('refuses %j, with the reason, and falls back to all', (query, field, message) => {
    expect(parseDateRange(query)).toEqual({ range: ALL_DATES, problem: { field, message } });
  });

  it('words the refusals', () => {
    expect(messages.dateRangeInvalid).toBe(
      'Range must be one of week, month, last30, year, all, or from and to',
    );
  });

  it.each<DateRange>([
    ALL_DATES,
    { preset: 'week' },
    { preset: 'year' },
    { preset: 'custom', from: '2026-01-01', to: '2026-01-31' },
  ])('writes %j as it reads it back, all as no parameter', (range) => {
    const query = dateRangeQuery(range);
    expect(Object.keys(query).length).toBeLessThanOrEqual(2);
    expect(parseDateRange(query)).toEqual({ range });
  });
});
