import { describe, expect, it } from 'vitest';
import {
  isMarketOpen,
  lastSessionDate,
  newYorkTime,
  noTradingBetween,
  sessionFraction,
  sessionPhase,
} from '../../src/domain/marketHours.ts';

// 2026-11-24 is a Tuesday; New York is on EST (UTC−5) then, on EDT (UTC−4) in July.
const at = (iso: string) => new Date(iso);

describe('the US regular session', () => {
  it.each([
    ['2026-11-24T14:29:59Z', false], // 9:29:59 in New York
    ['2026-11-24T14:30:00Z', true], // the open
    ['2026-11-24T20:59:59Z', true],
    ['2026-11-24T21:00:00Z', false], // the close
    ['2026-07-14T13:30:00Z', true], // 9:30 EDT
    ['2026-07-14T20:30:00Z', false], // 16:30 EDT
    ['2026-11-28T15:00:00Z', false], // a Saturday
  ])('at %s it is open: %s', (iso, open) => {
    expect(isMarketOpen(at(iso))).toBe(open);
  });

  it.each([
    ['2026-11-24T13:14:00Z', 'pre-market'], // 8:14 in New York
    ['2026-11-24T14:29:59Z', 'pre-market'],
    ['2026-11-24T14:30:00Z', 'session'],
    ['2026-11-24T21:00:00Z', 'after hours'], // the close
    ['2026-11-25T04:59:59Z', 'after hours'], // 23:59:59 on Tuesday
    ['2026-11-28T15:00:00Z', 'weekend'],
  ])('at %s it is %s', (iso, phase) => {
    expect(sessionPhase(at(iso))).toBe(phase);
  });

  it('measures how far into the session a moment is', () => {
    expect(sessionFraction(at('2026-11-24T14:30:00Z'))).toBe(0);
    expect(sessionFraction(at('2026-11-24T17:45:00Z'))).toBe(0.5);
    expect(sessionFraction(at('2026-11-24T21:00:00Z'))).toBeNull();
  });

  it("knows the last session begun: before the open it is the previous weekday's", () => {
    expect(lastSessionDate(at('2026-11-24T14:00:00Z'))).toBe('2026-11-23');
    expect(lastSessionDate(at('2026-11-24T15:00:00Z'))).toBe('2026-11-24');
    expect(lastSessionDate(at('2026-11-25T02:00:00Z'))).toBe('2026-11-24'); // 21:00 in New York
    expect(lastSessionDate(at('2026-11-30T14:00:00Z'))).toBe('2026-11-27'); // Monday before the open
  });

  it('sees no trading between two moments of the same night or weekend, and trading across an open', () => {
    expect(noTradingBetween(at('2026-11-24T21:30:00Z'), at('2026-11-25T13:00:00Z'))).toBe(true);
    expect(noTradingBetween(at('2026-11-27T22:00:00Z'), at('2026-11-30T14:29:00Z'))).toBe(true);
    expect(noTradingBetween(at('2026-11-24T13:00:00Z'), at('2026-11-24T21:30:00Z'))).toBe(false);
    expect(noTradingBetween(at('2026-11-24T20:59:00Z'), at('2026-11-24T21:30:00Z'))).toBe(false);
  });
});

describe("New York's wall clock", () => {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    hourCycle: 'h23',
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const formatted = (at: Date) => {
    const part = Object.fromEntries(formatter.formatToParts(at).map((p) => [p.type, p.value]));
    return {
      date: `${part.year}-${part.month}-${part.day}`,
      weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part.weekday ?? ''),
      minute: Number(part.hour) * 60 + Number(part.minute),
    };
  };

  it('matches the time-zone formatter minute by minute across both clock changes of 2026', () => {
    // 2026-03-08 02:00 EST becomes 03:00 EDT (07:00 UTC); 2026-11-01 02:00 EDT becomes 01:00 EST (06:00 UTC).
    for (const start of ['2026-03-08T04:00:00Z', '2026-11-01T03:00:00Z']) {
      for (let m = 0; m < 6 * 60; m++) {
        const at = new Date(Date.parse(start) + m * 60_000 + 59_999);
        expect(newYorkTime(at)).toEqual(formatted(at));
      }
    }
  });

  it('matches the time-zone formatter at random moments from 1990 to 2100', () => {
    let seed = 31;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const from = Date.parse('1990-01-01T00:00:00Z');
    const to = Date.parse('2100-01-01T00:00:00Z');
    for (let i = 0; i < 5_000; i++) {
      const at = new Date(from + Math.floor(random() * (to - from)));
      expect(newYorkTime(at)).toEqual(formatted(at));
    }
  });

  it('refuses an invalid date as the formatter does', () => {
    expect(() => newYorkTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
