import { beforeAll, describe, expect, it } from 'vitest';
import { dateRangeBounds, parseDateRange, tradesInRange } from '../../src/domain/dateRanges.ts';
import { messages } from '../../src/domain/messages.ts';
import { computeStats } from '../../src/domain/stats.ts';
import type { Account, GroupStats, Trade } from '../../src/domain/types.ts';
import { signedInServer } from './harness.ts';

// GET /stats with the date range of Review's address: the same parser and the same New York days
// as the app, so the API and the offline page agree.

const { t, alex } = signedInServer();
const stats = (query: string) => alex.json<GroupStats[]>('GET', `/api/v1/stats?${query}`);

/**
 * Four planned trades of 100 shares bought at $50 with the stop at $45 ($500 at risk), closed
 * around New York's midnights of Monday 23 to Wednesday 25 November 2026 (EST, UTC−5).
 */
const TRADES = [
  // Monday 23:59:59 in New York: +$1,000, +2R.
  ['STMO', '2026-11-23T15:00:00.000Z', '2026-11-24T04:59:59.000Z', 60],
  // Tuesday 00:00:01: −$500, −1R.
  ['STTU', '2026-11-24T05:00:00.000Z', '2026-11-24T05:00:01.000Z', 45],
  // Tuesday 23:59:59 in New York, Wednesday in UTC: +$250, +0.5R.
  ['STTL', '2026-11-24T15:00:00.000Z', '2026-11-25T04:59:59.000Z', 52.5],
  // Wednesday 00:00:00: +$1,500, +3R.
  ['STWE', '2026-11-24T16:00:00.000Z', '2026-11-25T05:00:00.000Z', 65],
] as const;

beforeAll(async () => {
  const [margin] = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body as [Account];
  t.clock.now = new Date('2026-11-22T15:00:00.000Z');
  for (const [stock] of TRADES) {
    const plan = await alex.json<{ id: string }>('POST', '/api/v1/tradeplans', {
      stock,
      entryPrice: 50,
      stopLossPrice: 45,
    });
    expect(plan.status).toBe(201);
    await alex.json('PUT', `/api/v1/tradeplans/${plan.body.id}/status`, { status: 'Ready' });
  }
  // Wednesday noon in New York.
  t.clock.now = new Date('2026-11-25T17:00:00.000Z');
  for (const [symbol, openedAt, closedAt, exit] of TRADES) {
    for (const [side, price, executedAt] of [
      ['Buy', 50, openedAt],
      ['Sell', exit, closedAt],
    ] as const) {
      const res = await alex.json('POST', '/api/v1/executions', {
        accountId: margin.id,
        symbol,
        side,
        quantity: 100,
        price,
        executedAt,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  }
});

describe('GET /stats with a date range', () => {
  it('counts only the trades closed on the New York days asked for, by hand', async () => {
    const res = await stats('from=2026-11-24&to=2026-11-24');
    expect(res.status).toBe(200);
    // Tuesday in New York: −1R and +0.5R. n 2, one win in two, mean −0.25R, −$500 + $250.
    expect(res.body).toEqual([
      expect.objectContaining({
        n: 2,
        wins: 1,
        losses: 1,
        winRate: 50,
        expectancyR: -0.25,
        profitFactor: 0.5,
        netPnl: -250,
        withoutStop: 0,
      }),
    ]);
    // Monday and Tuesday: +2R, −1R, +0.5R.
    const two = (await stats('from=2026-11-23&to=2026-11-24&by=all')).body[0];
    expect([two?.n, two?.expectancyR, two?.netPnl]).toEqual([3, 0.5, 750]);
  });

  it('resolves the presets on the server clock, in New York', async () => {
    // Wednesday 25th: this week (Monday 23 to Sunday 29) holds all four.
    expect((await stats('range=week')).body[0]?.n).toBe(4);
    expect((await stats('range=all')).body[0]?.n).toBe(4);
    expect((await stats('range=month')).body[0]?.n).toBe(4);
    // 03:00 UTC on Thursday the 26th is still Wednesday in New York: the last 30 days hold all four.
    t.clock.now = new Date('2026-11-26T03:00:00.000Z');
    expect((await stats('range=last30')).body[0]?.n).toBe(4);
    expect((await stats('range=year')).body[0]?.n).toBe(4);
    // 04:00 UTC on Monday the 23rd is still Sunday the 22nd in New York: last week, none of them.
    t.clock.now = new Date('2026-11-23T04:00:00.000Z');
    expect(await stats('range=week')).toEqual({ status: 200, body: [] });
    // An hour later it is Monday in New York: the week holds all four.
    t.clock.now = new Date('2026-11-23T05:00:00.000Z');
    expect((await stats('range=week')).body[0]?.n).toBe(4);
  });

  it('answers as computeStats over GET /trades in the same range, read by the same parser', async () => {
    const trades = (await alex.json<Trade[]>('GET', '/api/v1/trades')).body;
    const query = { from: '2026-11-24', to: '2026-11-25' };
    const { range } = parseDateRange(query);
    const inRange = tradesInRange(trades, dateRangeBounds(range, t.clock.now));
    const expected = computeStats(inRange, 'all', { plans: [], setups: [], edges: [] });
    expect(expected[0]?.n).toBe(3);
    expect((await stats(`from=${query.from}&to=${query.to}`)).body).toEqual(expected);
  });

  it.each([
    ['range=fortnight', 'range', messages.dateRangeInvalid],
    ['range=month&from=2026-11-01&to=2026-11-30', 'range', messages.dateRangeBoth],
    ['from=2026-11-24', 'to', messages.dateRangeNeedsBoth],
    ['from=2026-11-31&to=2026-12-01', 'from', messages.dateRangeFromInvalid],
    ['from=2026-11-25&to=2026-11-24', 'from', messages.dateRangeOrder],
  ])('refuses %s with a 400 and the reason', async (query, field, message) => {
    expect(await stats(query)).toEqual({ status: 400, body: { message, errors: [{ field, message }] } });
  });
});
