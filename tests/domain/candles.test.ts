import { describe, expect, it } from 'vitest';
import {
  type Candle,
  candleSpans,
  earliestCandleDay,
  excursionFigures,
  excursions,
  isDay,
  targetROf,
  tradeWindow,
  validateCandle,
  weekdaysBetween,
} from '../../src/domain/candles.ts';

const c = (day: string, open: number, high: number, low: number, close: number): Candle => ({
  day,
  open,
  high,
  low,
  close,
  volume: 1000,
});

// Mon 2026-03-02 … Fri 2026-03-06. Entry Monday 11:00 New York at 100, exit Friday 14:00 at 110.
const candles = [
  c('2026-02-27', 99, 120, 80, 99), // the Friday before: never counts
  c('2026-03-02', 99, 104, 90, 101), // entry day: its low (90) may have come before the entry
  c('2026-03-03', 101, 106, 97, 105),
  c('2026-03-04', 105, 112, 103, 108),
  c('2026-03-05', 108, 109, 104, 107),
  c('2026-03-06', 107, 125, 99, 112), // exit day: its high (125) may have come after the exit
  c('2026-03-09', 112, 130, 70, 120), // after the exit: never counts
];

const long = {
  direction: 'Long' as const,
  openedAt: '2026-03-02T16:00:00.000Z',
  closedAt: '2026-03-06T19:00:00.000Z',
  entryQuantity: 10,
  averageEntryPrice: 100,
  averageExitPrice: 110,
  initialRisk: 50, // stop 95
  incomplete: false,
};

describe('excursions', () => {
  it('a long: the lows and highs of the days between, the entry day from the entry to the close, the exit day from the open to the exit', () => {
    // Against: the lowest sure price is 97 (Tuesday): 3 × 10 = $30 = 0.6R. For: 112 (Wednesday): $120 = 2.4R.
    expect(excursions(long, candles)).toEqual({ maeDollars: 30, mfeDollars: 120, maeR: 0.6, mfeR: 2.4 });
  });

  it('a short: against is up, for is down', () => {
    const short = { ...long, direction: 'Short' as const, averageEntryPrice: 100, averageExitPrice: 98 };
    // Sure range: entry day 100→101, Tue–Thu 97…112, exit day open 107 → exit 98. High 112, low 97.
    expect(excursions(short, candles)).toEqual({ maeDollars: 120, mfeDollars: 30, maeR: 2.4, mfeR: 0.6 });
  });

  it('no stop: in $ only', () => {
    expect(excursions({ ...long, initialRisk: null }, candles)).toEqual({
      maeDollars: 30,
      mfeDollars: 120,
      maeR: null,
      mfeR: null,
    });
  });

  it('the entry day counts from the entry to the close; the exit day from the open to the exit', () => {
    const twoDays = { ...long, closedAt: '2026-03-03T19:00:00.000Z', averageExitPrice: 104 };
    const days = [c('2026-03-02', 99, 104, 90, 98), c('2026-03-03', 103, 106, 97, 105)];
    // Entry day: 100 → 98 (the 90 low may be before the entry); exit day: 103 → 104 (the 97 low may be after).
    expect(excursions(twoDays, days)).toEqual({ maeDollars: 20, mfeDollars: 40, maeR: 0.4, mfeR: 0.8 });
  });

  it('a trade of one day: from its entry to its exit only', () => {
    const oneDay = { ...long, closedAt: '2026-03-02T19:00:00.000Z', averageExitPrice: 102 };
    expect(excursions(oneDay, candles)).toEqual({ maeDollars: 0, mfeDollars: 20, maeR: 0, mfeR: 0.4 });
  });

  it('a loser that never went its way has no MFE', () => {
    const loser = { ...long, averageExitPrice: 95, closedAt: '2026-03-03T19:00:00.000Z' };
    const days = [c('2026-03-02', 101, 101, 97, 98), c('2026-03-03', 98, 99, 94, 96)];
    expect(excursions(loser, days)).toEqual({ maeDollars: 50, mfeDollars: 0, maeR: 1, mfeR: 0 });
  });

  it('none for an open or incomplete trade, or without the candles of its entry and exit days', () => {
    expect(excursions({ ...long, closedAt: null }, candles)).toBeNull();
    expect(excursions({ ...long, incomplete: true }, candles)).toBeNull();
    expect(excursions(long, candles.slice(2))).toBeNull();
    expect(excursions(long, candles.slice(0, 5))).toBeNull();
  });
});

describe('the window a trade is drawn over', () => {
  it('from 4 weeks before the entry day to a week after the exit day (New York days)', () => {
    // Closed at 21:00 New York on the 6th = 02:00Z on the 7th: still the 6th.
    expect(
      tradeWindow({ openedAt: long.openedAt, closedAt: '2026-03-07T02:00:00.000Z' }, '2026-11-25'),
    ).toEqual({
      from: '2026-02-02',
      to: '2026-03-13',
    });
  });

  it('never past today; to today while open', () => {
    expect(tradeWindow(long, '2026-03-09')).toEqual({ from: '2026-02-02', to: '2026-03-09' });
    expect(tradeWindow({ ...long, closedAt: null }, '2026-04-01')).toEqual({
      from: '2026-02-02',
      to: '2026-04-01',
    });
  });

  it('at most a year and a day, keeping its end', () => {
    expect(tradeWindow({ openedAt: '2024-01-10T15:00:00Z', closedAt: null }, '2026-03-09')).toEqual({
      from: '2025-03-08',
      to: '2026-03-09',
    });
  });

  it('never before the 20 years the server holds candles for (issue 39)', () => {
    expect(earliestCandleDay('2026-11-25')).toBe('2006-11-25');
    expect(earliestCandleDay('2028-02-29')).toBe('2008-02-29');
    expect(earliestCandleDay('2044-02-29')).toBe('2024-02-29');
    expect(earliestCandleDay('2032-02-29')).toBe('2012-02-29');
    expect(earliestCandleDay('2030-02-28')).toBe('2010-02-28');
    const old = { openedAt: '2006-12-01T15:00:00Z', closedAt: '2006-12-05T20:00:00Z' };
    expect(tradeWindow(old, '2026-11-25')).toEqual({ from: '2006-11-25', to: '2006-12-12' });
    // Wholly before it: left as it is, for the server to refuse with its reason.
    const older = { openedAt: '2006-10-02T15:00:00Z', closedAt: '2006-11-01T20:00:00Z' };
    expect(tradeWindow(older, '2026-11-25')).toEqual({ from: '2006-11-08', to: '2006-11-08' });
  });
});

describe('a candle', () => {
  it('is checked: a New York day, positive prices, a high above and a low below the open and close', () => {
    expect(validateCandle(c('2026-03-02', 99, 104, 90, 101)).ok).toBe(true);
    expect(validateCandle(c('2026-02-30', 99, 104, 90, 101)).ok).toBe(false);
    // Month 13 threw (a 500 from GET /candles, issue 39): it is simply no day.
    expect(isDay('2026-13-01')).toBe(false);
    expect(validateCandle(c('2026-13-01', 99, 104, 90, 101)).ok).toBe(false);
    expect(validateCandle(c('2026-03-02', 99, 100, 90, 101)).ok).toBe(false);
    expect(validateCandle({ ...c('2026-03-02', 99, 104, 90, 101), volume: -1 }).ok).toBe(false);
  });

  it('weekdays between two days', () => {
    expect(weekdaysBetween('2026-03-06', '2026-03-10')).toEqual(['2026-03-06', '2026-03-09', '2026-03-10']);
  });
});

describe("Review's excursion figures", () => {
  it('means for winners and losers, winners past 1R against, losers that reached their target', () => {
    const figures = excursionFigures([
      { rMultiple: 2, maeR: 0.5, mfeR: 2.5, targetR: 2 },
      { rMultiple: 1, maeR: 1.2, mfeR: 1.5, targetR: null }, // went more than 1R against, then won
      { rMultiple: -1, maeR: 1, mfeR: 2.1, targetR: 2 }, // reached its target, then lost
      { rMultiple: -1, maeR: 1.1, mfeR: 0.3, targetR: 3 },
      { rMultiple: -0.5, maeR: 0.6, mfeR: 0.9, targetR: null },
      { rMultiple: 0, maeR: 0.2, mfeR: 0.2, targetR: 1 }, // breakeven: neither
    ]);
    expect(figures).toEqual({
      winners: { n: 2, meanMaeR: 0.85, meanMfeR: 2 },
      losers: { n: 3, meanMaeR: 0.9, meanMfeR: 1.1 },
      winnersPastOneR: { count: 1, n: 2 },
      losersReachedTarget: { count: 1, n: 2 },
    });
    expect(excursionFigures([]).winners).toEqual({ n: 0, meanMaeR: null, meanMfeR: null });
  });

  it("a plan's target in R", () => {
    expect(targetROf({ entryPrice: 100, stopLossPrice: 95, targetPrice: 110 })).toBe(2);
    expect(targetROf({ entryPrice: 100, stopLossPrice: 105, targetPrice: 90 })).toBe(2); // short
    expect(targetROf({ entryPrice: 100, stopLossPrice: 95, targetPrice: null })).toBeNull();
  });

  it("merges a symbol's windows into spans of at most 400 days, one call each", () => {
    const w = (symbol: string, from: string, to: string) => ({ symbol, window: { from, to } });
    expect(
      candleSpans(
        [
          w('AAPL', '2026-03-01', '2026-04-10'),
          w('MSFT', '2026-01-01', '2026-02-01'),
          w('AAPL', '2026-01-01', '2026-02-15'),
          w('AAPL', '2027-03-01', '2027-04-01'),
        ],
        400,
      ),
    ).toEqual([
      w('AAPL', '2026-01-01', '2026-04-10'),
      w('AAPL', '2027-03-01', '2027-04-01'),
      w('MSFT', '2026-01-01', '2026-02-01'),
    ]);
  });
});
