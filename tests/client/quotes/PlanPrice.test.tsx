import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlanPrice } from '../../../src/client/quotes/PlanPrice.tsx';
import type { Quote } from '../../../src/domain/quotes.ts';

// Issue 40: outside the session a price read "as of 1:23 AM" (when it was fetched) for Friday's
// close. It says what it is. November 2026 in New York is UTC−5; the 30th is a Monday.
const plan = { entryPrice: 110, stopLossPrice: 100, targetPrice: null };
const quote = (o: Partial<Quote>): Quote => ({
  symbol: 'AAPL',
  last: 105,
  bid: null,
  ask: null,
  close: null,
  netChange: null,
  tradeTime: null,
  fetchedAt: '2026-11-30T06:23:00.000Z',
  ...o,
});

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => vi.useRealTimers());

describe("a plan's price says what it is", () => {
  it("reads Friday's close at 1:30 AM on Monday, not the time it was fetched", () => {
    vi.setSystemTime(new Date('2026-11-30T06:30:00.000Z'));
    render(<PlanPrice plan={plan} quote={quote({})} nearEntryR={0.25} />);
    expect(screen.getByText('0.50R to entry (4.76%), Fri close')).toBeTruthy();
  });

  it('reads the time in New York during the session', () => {
    vi.setSystemTime(new Date('2026-11-30T15:43:00.000Z'));
    const at = '2026-11-30T15:42:10.000Z';
    render(<PlanPrice plan={plan} quote={quote({ fetchedAt: at, tradeTime: at })} nearEntryR={0.25} />);
    expect(screen.getByText('0.50R to entry (4.76%), as of 10:42 ET')).toBeTruthy();
  });
});
