import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Broker, BrokerTokens } from '../../../../src/server/brokers/broker.ts';
import { centralMidnight, createSchwabBroker } from '../../../../src/server/brokers/schwab/schwabBroker.ts';
import { mapPriceHistory } from '../../../../src/server/brokers/schwab/schwabMapping.ts';
import type { FakeSchwab } from './fakeSchwab.ts';
import { schwabOptions, signInVia, startFakeSchwab } from './schwabApp.ts';

// The real SchwabBroker over loopback HTTP to the fake, both on one test clock.
// Wednesday 2026-11-25, 10:30 New York: the session is open.
const clock = { now: new Date('2026-11-25T15:30:00.000Z') };
let fake: FakeSchwab;
let broker: Broker;
let tokens: BrokerTokens;

beforeAll(async () => {
  fake = await startFakeSchwab(() => clock.now);
  broker = createSchwabBroker(schwabOptions(fake, () => clock.now));
  tokens = await signInVia(broker);
});
afterAll(() => fake.stop());

describe("Schwab's price history", () => {
  it('asks for daily bars of a range in epoch ms, from the first day to the last (or now), Central time', async () => {
    const before = fake.apiCalls('/marketdata/v1/pricehistory').length;
    const candles = await broker.priceHistory(tokens, 'AAPL', '2026-11-16', '2026-11-25', clock.now);
    const [call] = fake.apiCalls('/marketdata/v1/pricehistory').slice(before);
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      symbol: 'AAPL',
      periodType: 'year',
      frequencyType: 'daily',
      frequency: '1',
      startDate: String(Date.parse('2026-11-16T06:00:00Z')), // midnight CST
      endDate: String(clock.now.getTime()), // the last day is today: up to now
    });
    // Eight weekdays, today's included, each on its New York day.
    expect(candles.map((c) => c.day)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    for (const c of candles) {
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
      expect(c.volume).toBeGreaterThan(0);
    }
  });

  it('ends a past range at the end of its last day; a day asked twice is the same bar', async () => {
    const before = fake.apiCalls('/marketdata/v1/pricehistory').length;
    const first = await broker.priceHistory(tokens, 'AAPL', '2026-07-01', '2026-07-10', clock.now);
    const [call] = fake.apiCalls('/marketdata/v1/pricehistory').slice(before);
    expect(call?.query.get('endDate')).toBe(String(Date.parse('2026-07-11T05:00:00Z') - 1)); // CDT
    expect(first.map((c) => c.day)).toEqual([
      '2026-07-01',
      '2026-07-02',
      '2026-07-03',
      '2026-07-06',
      '2026-07-07',
      '2026-07-08',
      '2026-07-09',
      '2026-07-10',
    ]);
    const again = await broker.priceHistory(tokens, 'AAPL', '2026-07-06', '2026-07-06', clock.now);
    expect(again).toEqual(first.filter((c) => c.day === '2026-07-06'));
  });

  it('has no candles for a symbol Schwab does not know (404) or has nothing for', async () => {
    expect(await broker.priceHistory(tokens, 'NOSUCH', '2026-11-16', '2026-11-20', clock.now)).toEqual([]);
    expect(await broker.priceHistory(tokens, 'EMPTY', '2026-11-16', '2026-11-20', clock.now)).toEqual([]);
  });

  it('the fake refuses a frequency its period does not allow, as Schwab does', async () => {
    const res = await fetch(
      `${fake.url}/marketdata/v1/pricehistory?symbol=AAPL&periodType=day&frequencyType=daily`,
      { headers: { Authorization: `Bearer ${tokens.accessToken}` } },
    );
    expect(res.status).toBe(400);
  });
});

describe('our mapping of Schwab bars', () => {
  it('dates each bar by its Central day, oldest first, and leaves out a bar without sensible prices', () => {
    const bar = { open: 10, high: 12, low: 9, close: 11, volume: 500 };
    expect(
      mapPriceHistory({
        symbol: 'AAPL',
        empty: false,
        candles: [
          { ...bar, datetime: centralMidnight('2026-07-07') },
          { ...bar, close: 10.5, datetime: centralMidnight('2026-01-05') },
          { ...bar, high: 8, datetime: centralMidnight('2026-01-06') }, // high below the open
          { close: 11, datetime: centralMidnight('2026-01-07') }, // no open, high, low
        ],
      }),
    ).toEqual([
      { day: '2026-01-05', ...bar, close: 10.5 },
      { day: '2026-07-07', ...bar },
    ]);
    expect(mapPriceHistory({ symbol: 'AAPL', empty: true })).toEqual([]);
  });
});
