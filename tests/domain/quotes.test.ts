import { describe, expect, it } from 'vitest';
import {
  byDistanceToEntry,
  openTradePnl,
  type PlanPriceState,
  planPrice,
  priceTimeLabel,
  watchedSymbols,
} from '../../src/domain/quotes.ts';

// Entry 100, stop 96 (1R = $4), target 110; near entry within 0.25R = $1.
const plan = { entryPrice: 100, stopLossPrice: 96, targetPrice: 110 };

describe('a plan against the last price', () => {
  it.each<[number, PlanPriceState]>([
    [80, 'Below stop'], // a gap through the stop
    [95.99, 'Below stop'],
    [96, 'Below stop'], // at the stop: the setup broke
    [96.01, 'Waiting'],
    [98.99, 'Waiting'],
    [99, 'Near entry'], // exactly 0.25R below the entry
    [99.99, 'Near entry'],
    [100, 'Entry reached'], // exactly at the entry
    [100.01, 'Entry reached'],
    [109.99, 'Entry reached'],
    [110, 'Target reached'],
    [130, 'Target reached'], // a gap through the target
  ])('at %d it is %s', (last, state) => {
    expect(planPrice(plan, last).state).toBe(state);
  });

  it('says the distance to the entry in percent of the price and in R', () => {
    expect(planPrice(plan, 98)).toEqual({
      state: 'Waiting',
      last: 98,
      distancePercent: (2 / 98) * 100,
      distanceR: 0.5,
    });
    expect(planPrice(plan, 101).distanceR).toBe(-0.25);
  });

  it("takes the trader's own near-entry threshold", () => {
    expect(planPrice(plan, 98, 0.5).state).toBe('Near entry');
    expect(planPrice(plan, 97.99, 0.5).state).toBe('Waiting');
  });

  it('without a target, a plan above its entry stays Entry reached', () => {
    expect(planPrice({ ...plan, targetPrice: null }, 500).state).toBe('Entry reached');
  });

  it('lists plans at their entry first, then the nearest, and plans without a price last', () => {
    const at = (id: string, last: number | null) => ({
      id,
      price: last === null ? null : planPrice(plan, last),
    });
    const sorted = byDistanceToEntry([
      at('far', 97),
      at('none', null),
      at('reached', 100.5),
      at('near', 99.5),
    ]);
    expect(sorted.map((p) => p.id)).toEqual(['reached', 'near', 'far', 'none']);
  });
});

describe('the stocks a trader watches', () => {
  it('are the active plans’ and the open trades’, each once, at most 100', () => {
    const plan = (
      stock: string,
      status: 'Draft' | 'Ready' | 'Hold' | 'Discarded',
      doneAt: string | null = null,
    ) => ({
      stock,
      status,
      doneAt,
    });
    const plans = [
      plan('aapl', 'Ready'),
      plan('MSFT', 'Hold'),
      plan('TSLA', 'Draft'),
      plan('META', 'Discarded'),
      plan('NVDA', 'Ready', '2026-11-20T15:00:00.000Z'), // done: its trade is what matters now
    ];
    const trades = [
      { symbol: 'NVDA', closedAt: null },
      { symbol: 'AAPL', closedAt: null },
      { symbol: 'KO', closedAt: '2026-11-19T15:00:00.000Z' },
    ];
    expect(watchedSymbols(plans, trades)).toEqual(['AAPL', 'MSFT', 'NVDA']);
    const many = Array.from({ length: 150 }, (_, i) => plan(`S${i}`, 'Ready'));
    expect(watchedSymbols(many, [])).toHaveLength(100);
  });
});

describe("an open trade's unrealised P&L", () => {
  const long = { direction: 'Long' as const, openQuantity: 10, averageEntryPrice: 100, initialStop: 95 };
  it('is the shares held times the move, in $ and in R of the risk per share', () => {
    expect(openTradePnl(long, 110)).toEqual({ pnl: 100, r: 2 });
    expect(openTradePnl(long, 97.5)).toEqual({ pnl: -25, r: -0.5 });
  });
  it('turns the sign for a short trade', () => {
    expect(openTradePnl({ ...long, direction: 'Short', initialStop: 105 }, 90)).toEqual({ pnl: 100, r: 2 });
  });
  it('has no R without a stop, and nothing without a known entry price', () => {
    expect(openTradePnl({ ...long, initialStop: null }, 110)).toEqual({ pnl: 100, r: null });
    expect(openTradePnl({ ...long, averageEntryPrice: null }, 110)).toBeNull();
  });
});

describe('what a price is, in words (issue 40)', () => {
  // November 2026 in New York is EST (UTC−5): Tue 24, Wed 25, Thanksgiving Thu 26, Fri 27, Sat 28,
  // Sun 29, Mon 30. `fetchedAt` is when the server had the quote, `tradeTime` the broker's last
  // trade (null from the demo broker outside the session).
  const ny = (day: string, time: string) => new Date(`2026-${day}T${time}:00-05:00`).toISOString();
  it.each([
    // The issue's: fetched at 1:23 AM on Monday, the price is Friday's close.
    ['a night after the weekend', ny('11-30', '01:23'), null, ny('11-30', '01:30'), 'Fri close'],
    ['a weekend', ny('11-28', '10:00'), null, ny('11-29', '12:00'), 'Fri close'],
    ["today's, after the close", ny('11-27', '17:00'), null, ny('11-27', '20:00'), 'close'],
    [
      'the same, read on Monday before the open',
      ny('11-27', '17:00'),
      null,
      ny('11-30', '08:00'),
      'Fri close',
    ],
    ['before the open, no print', ny('11-24', '08:15'), null, ny('11-24', '08:16'), 'Mon close'],
    [
      'a last trade at 15:59, had after the close',
      ny('11-24', '16:30'),
      ny('11-24', '15:59'),
      ny('11-24', '16:31'),
      'close',
    ],
    ['more than a week old', ny('11-13', '17:00'), null, ny('11-24', '12:00'), 'Nov 13 close'],
    ['in the session', ny('11-24', '10:42'), ny('11-24', '10:41'), ny('11-24', '10:43'), 'as of 10:42 ET'],
    [
      'in the session, the afternoon',
      ny('11-24', '14:05'),
      ny('11-24', '14:05'),
      ny('11-24', '14:06'),
      'as of 2:05 ET',
    ],
    [
      'in the session, read the next day',
      ny('11-24', '10:42'),
      ny('11-24', '10:42'),
      ny('11-25', '09:00'),
      'as of Tue 10:42 ET',
    ],
    ['a pre-market print', ny('11-24', '08:15'), ny('11-24', '08:14'), ny('11-24', '08:16'), 'pre-market'],
    [
      'a pre-market print, the stock not traded since the open',
      ny('11-24', '09:35'),
      ny('11-24', '09:12'),
      ny('11-24', '09:36'),
      'pre-market',
    ],
    ['an after-hours print', ny('11-24', '17:30'), ny('11-24', '17:29'), ny('11-24', '18:00'), 'after hours'],
    [
      "Friday's after-hours print, read on Saturday",
      ny('11-27', '19:00'),
      ny('11-27', '18:55'),
      ny('11-28', '11:00'),
      'Fri after hours',
    ],
    // The session's clock knows no holidays; the broker's last trade does.
    [
      'Thanksgiving, by the last trade',
      ny('11-26', '11:00'),
      ny('11-25', '19:58'),
      ny('11-26', '11:01'),
      'Wed after hours',
    ],
    [
      'in the session, the stock not traded yet today',
      ny('11-24', '09:35'),
      ny('11-23', '15:50'),
      ny('11-24', '09:36'),
      'Mon close',
    ],
  ])('%s: %s', (_what, fetchedAt, tradeTime, now, label) => {
    expect(priceTimeLabel({ fetchedAt, tradeTime }, new Date(now))).toBe(label);
  });

  it('reads New York time in summer too (EDT, UTC−4)', () => {
    const fetchedAt = '2026-07-14T14:42:00.000Z';
    expect(priceTimeLabel({ fetchedAt, tradeTime: fetchedAt }, new Date('2026-07-14T14:43:00Z'))).toBe(
      'as of 10:42 ET',
    );
  });
});
