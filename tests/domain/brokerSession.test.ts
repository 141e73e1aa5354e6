import { describe, expect, it } from 'vitest';
import { isBrokerSignInEndingSoon } from '../../src/domain/brokerSession.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

describe('isBrokerSignInEndingSoon', () => {
  it.each([
    ['no expiry (demo broker)', null, false],
    ['an unreadable date', 'soon', false],
    ['two days left', inHours(48), false],
    ['just over a day left', inHours(24.01), false],
    ['exactly a day left', inHours(24), true],
    ['an hour left', inHours(1), true],
    ['already over', inHours(-1), false],
  ])('%s → %s', (_label, expiresAt, expected) => {
    expect(isBrokerSignInEndingSoon(expiresAt, now)).toBe(expected);
  });
});
