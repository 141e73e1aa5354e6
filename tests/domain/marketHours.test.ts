import { describe, expect, it } from 'vitest';
import {
  isMarketOpen,
  lastSessionDate,
  noTradingBetween,
  sessionFraction,
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
