import { describe, expect, it } from 'vitest';
import type { BrokerExecution, BrokerTokens } from '../../../../src/server/brokers/broker.ts';
import { createDemoBroker } from '../../../../src/server/brokers/demo/demoBroker.ts';
import { demoDailyCandles } from '../../../../src/server/brokers/demo/demoCandles.ts';
import { DEMO_FILLS_DAYS } from '../../../../src/server/brokers/demo/demoFills.ts';
import { DEMO_TRADERS } from '../../../../src/server/brokers/demo/demoTraders.ts';

const DAY = 86_400_000;
const broker = createDemoBroker();
const tokensOf = (traderId: string): BrokerTokens => ({
  accessToken: `demo:${traderId}`,
  refreshToken: null,
  accessExpiresAt: null,
  refreshExpiresAt: null,
});
const accounts = DEMO_TRADERS.flatMap((t) => t.accounts.map((a) => ({ trader: t.id, account: a })));
const EPOCH = new Date(0);
// A weekday during the session, a Saturday, a Sunday night and dates across the year (and DST).
const NOWS = [
  '2026-11-20T15:30:00.000Z',
  '2026-11-21T12:00:00.000Z',
  '2026-03-08T23:59:59.999Z',
  '2025-06-30T20:15:00.000Z',
  '2027-01-04T14:00:00.000Z',
].map((s) => new Date(s));

async function fillsOf(trader: string, accountHash: string, now: Date, since = EPOCH) {
  return (await broker.executions(tokensOf(trader), accountHash, since, now)).executions;
}

interface RoundTrip {
  symbol: string;
  fills: BrokerExecution[];
  closed: boolean;
}

/** Per symbol, in time order: a round trip runs from a position leaving zero to its return. */
function roundTrips(fills: BrokerExecution[]): RoundTrip[] {
  const open = new Map<string, RoundTrip & { position: number }>();
  const trips: RoundTrip[] = [];
  for (const fill of fills) {
    let trip = open.get(fill.symbol);
    if (!trip) {
      trip = { symbol: fill.symbol, fills: [], closed: false, position: 0 };
      open.set(fill.symbol, trip);
      trips.push(trip);
    }
    const before = trip.position;
    trip.position += fill.side === 'Buy' ? fill.quantity : -fill.quantity;
    trip.fills.push(fill);
    // Never through zero: a long stays ≥ 0, a short ≤ 0, and the broker's effect says which way.
    expect(Math.sign(trip.position) * Math.sign(before)).toBeGreaterThanOrEqual(0);
    expect(fill.positionEffect).toBe(Math.abs(trip.position) > Math.abs(before) ? 'Open' : 'Close');
    if (trip.position === 0) {
      trip.closed = true;
      open.delete(fill.symbol);
    }
  }
  return trips;
}

describe('demo broker fills', () => {
  it('answers the same fills with the same ids for two different nows on the days both cover', async () => {
    for (const { trader, account } of accounts) {
      const today = NOWS[0] as Date;
      const later = new Date(today.getTime() + 9 * DAY + 3 * 3_600_000);
      const first = await fillsOf(trader, account.accountHash, today);
      const second = await fillsOf(trader, account.accountHash, later);
      const byId = new Map(first.map((f) => [f.brokerExecutionId, f]));
      const overlap = second.filter((f) => Date.parse(f.executedAt) <= today.getTime());
      expect(overlap.length).toBeGreaterThan(10);
      for (const fill of overlap) expect(byId.get(fill.brokerExecutionId)).toEqual(fill);
      // What happened in between is new, and only that.
      const fresh = second.filter((f) => !byId.has(f.brokerExecutionId));
      expect(fresh.length).toBeGreaterThan(0);
      for (const fill of fresh) expect(Date.parse(fill.executedAt)).toBeGreaterThan(today.getTime());
      expect(await fillsOf(trader, account.accountHash, today)).toEqual(first);
    }
  });

  it('lies within the last 120 days, never after now, on weekdays during the session, oldest first', async () => {
    for (const now of NOWS) {
      for (const { trader, account } of accounts) {
        const fills = await fillsOf(trader, account.accountHash, now);
        expect(new Set(fills.map((f) => f.brokerExecutionId)).size).toBe(fills.length);
        expect(fills.map((f) => f.executedAt)).toEqual(fills.map((f) => f.executedAt).sort());
        for (const fill of fills) {
          const at = new Date(fill.executedAt);
          expect(at.getTime()).toBeGreaterThanOrEqual(now.getTime() - DEMO_FILLS_DAYS * DAY);
          expect(at.getTime()).toBeLessThanOrEqual(now.getTime());
          expect([1, 2, 3, 4, 5]).toContain(at.getUTCDay());
          const minute = at.getUTCHours() * 60 + at.getUTCMinutes();
          expect(minute).toBeGreaterThanOrEqual(14 * 60 + 30);
          expect(minute).toBeLessThan(21 * 60);
          expect(fill.accountHash).toBe(account.accountHash);
          expect(fill.fees).toBeGreaterThanOrEqual(0);
          expect(fill.fees).toBeLessThanOrEqual(1);
          expect(Number.isInteger(fill.quantity) && fill.quantity > 0).toBe(true);
        }
      }
    }
  });

  it("fills at the demo's close of the day", async () => {
    const now = NOWS[0] as Date;
    for (const { trader, account } of accounts) {
      for (const fill of await fillsOf(trader, account.accountHash, now)) {
        const closes = demoDailyCandles(fill.symbol, now);
        const day = fill.executedAt.slice(0, 10);
        expect(fill.price).toBe(closes.find((c) => c.date === day)?.close);
      }
    }
  });

  it('gives every account 8–15 whole round trips, closed ones and an open one, longs and in margin accounts a short', async () => {
    for (const now of NOWS) {
      for (const { trader, account } of accounts) {
        const trips = roundTrips(await fillsOf(trader, account.accountHash, now));
        expect(trips.length).toBeGreaterThanOrEqual(8);
        expect(trips.length).toBeLessThanOrEqual(15);
        // No closing fill without its opening: every round trip starts with an opening fill.
        for (const trip of trips) expect(trip.fills[0]?.positionEffect).toBe('Open');
        expect(trips.filter((t) => t.closed).length).toBeGreaterThanOrEqual(6);
        const open = trips.filter((t) => !t.closed);
        expect(open.length).toBeGreaterThanOrEqual(1);
        expect(open.length).toBeLessThanOrEqual(2);
        // Opened in the last days: the newest within two weeks or so, any within three.
        const ages = open.map((t) => now.getTime() - Date.parse(t.fills[0]?.executedAt as string));
        expect(Math.min(...ages)).toBeLessThan(14 * DAY);
        expect(Math.max(...ages)).toBeLessThan(21 * DAY);
        const shorts = trips.filter((t) => t.fills[0]?.side === 'Sell').length;
        if (/margin|individual/.test(account.accountHash)) expect(shorts).toBeGreaterThanOrEqual(1);
        else expect(shorts).toBe(0);
        expect(shorts).toBeLessThanOrEqual(3);
      }
    }
  });

  it('shows scale-ins, partial exits, winners and losers', async () => {
    const trips = (
      await Promise.all(
        accounts.map(({ trader, account }) => fillsOf(trader, account.accountHash, NOWS[0] as Date)),
      )
    ).flatMap(roundTrips);
    const opens = (t: RoundTrip) => t.fills.filter((f) => f.positionEffect === 'Open').length;
    const closes = (t: RoundTrip) => t.fills.filter((f) => f.positionEffect === 'Close').length;
    expect(trips.some((t) => opens(t) > 1)).toBe(true);
    expect(trips.some((t) => t.closed && closes(t) > 1)).toBe(true);
    const pnl = (t: RoundTrip) =>
      t.fills.reduce((sum, f) => sum + (f.side === 'Sell' ? 1 : -1) * f.quantity * f.price - f.fees, 0);
    const closed = trips.filter((t) => t.closed);
    expect(closed.some((t) => pnl(t) > 0)).toBe(true);
    expect(closed.some((t) => pnl(t) < 0)).toBe(true);
  });

  it('reports the stop order placed with each round trip: on its first fill only, below a long, above a short', async () => {
    for (const { trader, account } of accounts) {
      for (const trip of roundTrips(await fillsOf(trader, account.accountHash, NOWS[0] as Date))) {
        const [first, ...rest] = trip.fills as [BrokerExecution, ...BrokerExecution[]];
        const stop = first.protectiveStop as number;
        const distance = (first.side === 'Buy' ? first.price - stop : stop - first.price) / first.price;
        expect(distance).toBeGreaterThanOrEqual(0.029);
        expect(distance).toBeLessThanOrEqual(0.081);
        expect(stop * 100).toBeCloseTo(Math.round(stop * 100), 6);
        for (const later of rest) expect(later.protectiveStop).toBeNull();
      }
    }
  });

  it('answers from `since` on, and refuses an account of another trader', async () => {
    const now = NOWS[0] as Date;
    const accountHash = DEMO_TRADERS[0]?.accounts[0]?.accountHash as string;
    const all = await fillsOf('alex', accountHash, now);
    const since = new Date(all[10]?.executedAt as string);
    const page = await broker.executions(tokensOf('alex'), accountHash, since, now);
    expect(page).toEqual({ executions: all.slice(10), skipped: 0, skippedReasons: {} });
    const samsAccount = DEMO_TRADERS[1]?.accounts[0]?.accountHash as string;
    await expect(broker.executions(tokensOf('alex'), samsAccount, EPOCH, now)).rejects.toThrow();
  });
});
