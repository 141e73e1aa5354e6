import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AccessTokenRejectedError,
  type Broker,
  type BrokerTokens,
  BrokerUnavailableError,
} from '../../../../src/server/brokers/broker.ts';
import {
  createSchwabBroker,
  TRANSACTIONS_RANGE_MS,
} from '../../../../src/server/brokers/schwab/schwabBroker.ts';
import { FAKE_LOGINS, type FakeSchwab } from './fakeSchwab.ts';
import { schwabOptions, signInVia, startFakeSchwab } from './schwabApp.ts';
import { etf, fee, option, schwabReceiveAndDeliver, schwabTrade } from './schwabTrades.ts';

// The real SchwabBroker over loopback HTTP to the fake, both on one test clock.
const DAY = 86_400_000;
const MARGIN = FAKE_LOGINS.alice?.accounts[0]?.hash as string;
const CASH = FAKE_LOGINS.alice?.accounts[1]?.hash as string;
const BOBS = FAKE_LOGINS.bob?.accounts[0]?.hash as string;

const clock = { now: new Date('2026-11-20T15:30:00.000Z') };
let fake: FakeSchwab;
let broker: Broker;
let tokens: BrokerTokens;

const options = () => schwabOptions(fake, () => clock.now);
const signIn = signInVia;

const daysAgo = (days: number, hourUtc = 15) => {
  const at = new Date(clock.now.getTime() - days * DAY);
  at.setUTCHours(hourUtc, 0, 0, 0);
  return at;
};

function transactionCalls() {
  return fake.apiCalls().filter((r) => r.path.endsWith('/transactions'));
}

beforeAll(async () => {
  fake = await startFakeSchwab(() => clock.now);
  broker = createSchwabBroker(options());
  tokens = await signIn(broker);
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.clearTransactions();
  fake.requests.length = 0;
});

describe('Schwab transactions as fills', () => {
  it('maps a buy and a sell with their fees summed, keyed by activityId', async () => {
    fake.seedTransactions(MARGIN, [
      schwabTrade({
        activityId: 80990733204,
        time: daysAgo(3, 14),
        symbol: 'AAPL',
        amount: 10,
        price: 225.5,
        fees: [fee('COMMISSION', 0.65), fee('SEC_FEE', 0), fee('TAF_FEE', 0)],
      }),
      schwabTrade({
        activityId: 80990733999,
        time: daysAgo(1, 19),
        symbol: 'AAPL',
        amount: -10,
        price: 231.25,
        fees: [fee('COMMISSION', 0.65), fee('SEC_FEE', 0.06), fee('TAF_FEE', 0.01)],
      }),
    ]);
    const page = await broker.executions(tokens, MARGIN, daysAgo(30), clock.now);
    expect(page).toEqual({
      skipped: 0,
      skippedReasons: {},
      executions: [
        {
          accountHash: MARGIN,
          brokerExecutionId: '80990733204',
          symbol: 'AAPL',
          side: 'Buy',
          quantity: 10,
          price: 225.5,
          fees: 0.65,
          executedAt: daysAgo(3, 14).toISOString(),
          positionEffect: 'Open',
        },
        {
          accountHash: MARGIN,
          brokerExecutionId: '80990733999',
          symbol: 'AAPL',
          side: 'Sell',
          quantity: 10,
          price: 231.25,
          fees: 0.72,
          executedAt: daysAgo(1, 19).toISOString(),
          positionEffect: 'Close',
        },
      ],
    });
  });

  it('imports ETFs and options, skips and counts a mutual fund and what it cannot read, never failing', async () => {
    fake.seedTransactions(MARGIN, [
      schwabTrade({
        activityId: 1,
        time: daysAgo(5),
        symbol: 'SPY',
        amount: 4,
        price: 580,
        instrument: etf('SPY'),
      }),
      schwabTrade({
        activityId: 2,
        time: daysAgo(4),
        symbol: 'AAPL',
        amount: -2,
        price: 3.1,
        instrument: option('AAPL'),
      }),
      schwabTrade({
        activityId: 3,
        time: daysAgo(4),
        symbol: 'SWPPX',
        amount: 10,
        price: 15,
        instrument: { assetType: 'MUTUAL_FUND', symbol: 'SWPPX' },
      }),
      {
        ...schwabTrade({ activityId: 4, time: daysAgo(3), symbol: 'MSFT', amount: 1, price: 400 }),
        transferItems: [],
      },
      { ...schwabTrade({ activityId: 5, time: daysAgo(3), symbol: 'MSFT', amount: 0, price: 400 }) },
      schwabTrade({ activityId: 6, time: daysAgo(2), symbol: 'msft', amount: 0.5, price: 401.2 }),
    ]);
    const page = await broker.executions(tokens, MARGIN, daysAgo(30), clock.now);
    expect(page.skipped).toBe(3);
    expect(page.skippedReasons).toEqual({ notStockOrEtf: 1, unreadable: 2 });
    expect(page.executions.map((e) => [e.brokerExecutionId, e.symbol, e.side, e.quantity])).toEqual([
      ['1', 'SPY', 'Buy', 4],
      ['2', 'AAPL', 'Sell', 2],
      ['6', 'MSFT', 'Buy', 0.5],
    ]);
  });

  it('splits a since 400 days back into ranges of at most a year that the fake accepts, up to now + 1 day', async () => {
    const since = new Date(clock.now.getTime() - 400 * DAY);
    const boundary = new Date(since.getTime() + TRANSACTIONS_RANGE_MS);
    fake.seedTransactions(CASH, [
      schwabTrade({
        activityId: 11,
        time: new Date(since.getTime() + DAY),
        symbol: 'NVDA',
        amount: 5,
        price: 120,
      }),
      // Exactly where the two ranges meet: Schwab answers it in both.
      schwabTrade({ activityId: 12, time: boundary, symbol: 'NVDA', amount: -5, price: 130 }),
      // Earlier today.
      schwabTrade({
        activityId: 13,
        time: new Date(clock.now.getTime() - 3_600_000),
        symbol: 'AMD',
        amount: 3,
        price: 150,
      }),
    ]);
    const page = await broker.executions(tokens, CASH, since, clock.now);
    expect(page.executions.map((e) => e.brokerExecutionId)).toEqual(['11', '12', '13']);
    const calls = transactionCalls();
    expect(calls.map((c) => [c.query.get('startDate'), c.query.get('endDate')])).toEqual([
      [since.toISOString(), boundary.toISOString()],
      [boundary.toISOString(), new Date(clock.now.getTime() + DAY).toISOString()],
    ]);
    for (const call of calls) {
      // Trades, and the receipts and deliveries that book splits and transfers of shares.
      expect(call.query.get('types')).toBe('TRADE,RECEIVE_AND_DELIVER');
      expect(call.query.get('startDate')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it('meets a fake that refuses what Schwab refuses', async () => {
    const call = (query: Record<string, string>, hash = MARGIN) =>
      fetch(`${fake.url}/trader/v1/accounts/${hash}/transactions?${new URLSearchParams(query)}`, {
        headers: { Authorization: `Bearer ${tokens.accessToken}` },
      });
    const start = '2025-11-20T15:30:00.000Z';
    expect(
      (await call({ types: 'TRADE', startDate: start, endDate: '2026-11-20T15:30:00.000Z' })).status,
    ).toBe(200);
    expect(
      (await call({ types: 'TRADE', startDate: start, endDate: '2026-11-21T15:30:00.000Z' })).status,
    ).toBe(400);
    expect(
      (await call({ types: 'TRADE', startDate: start, endDate: '2025-11-19T15:30:00.000Z' })).status,
    ).toBe(400);
    expect((await call({ types: 'TRADE', startDate: '2025-11-20', endDate: '2026-01-01' })).status).toBe(400);
    expect((await call({ startDate: start, endDate: '2026-01-01T00:00:00.000Z' })).status).toBe(400);
    const end = '2026-01-01T00:00:00.000Z';
    expect((await call({ types: 'TRADE,RECEIVE_AND_DELIVER', startDate: start, endDate: end })).status).toBe(
      200,
    );
    expect((await call({ types: 'TRADE,SPLITS', startDate: start, endDate: end })).status).toBe(400);
    expect(
      (await call({ types: 'TRADE', startDate: start, endDate: '2026-01-01T00:00:00.000Z' }, BOBS)).status,
    ).toBe(400);
  });

  it('answers fills oldest first within [since, now], whatever order Schwab sends them in', async () => {
    fake.seedTransactions(MARGIN, [
      schwabTrade({ activityId: 23, time: daysAgo(1), symbol: 'TSLA', amount: -2, price: 250 }),
      schwabTrade({ activityId: 21, time: daysAgo(20), symbol: 'TSLA', amount: 1, price: 240 }),
      schwabTrade({ activityId: 22, time: daysAgo(10), symbol: 'TSLA', amount: 1, price: 245 }),
    ]);
    const page = await broker.executions(tokens, MARGIN, daysAgo(15), clock.now);
    expect(page.executions.map((e) => e.brokerExecutionId)).toEqual(['22', '23']);
  });

  it('reports a refused access token and an outage as the other calls do, and works after a refresh', async () => {
    fake.seedTransactions(MARGIN, [
      schwabTrade({ activityId: 31, time: daysAgo(2), symbol: 'META', amount: 3, price: 600 }),
    ]);
    fake.failNext(503);
    await expect(broker.executions(tokens, MARGIN, daysAgo(10), clock.now)).rejects.toBeInstanceOf(
      BrokerUnavailableError,
    );
    fake.expireAccessTokens();
    await expect(broker.executions(tokens, MARGIN, daysAgo(10), clock.now)).rejects.toBeInstanceOf(
      AccessTokenRejectedError,
    );
    tokens = await broker.refresh(tokens);
    const page = await broker.executions(tokens, MARGIN, daysAgo(10), clock.now);
    expect(page.executions.map((e) => e.brokerExecutionId)).toEqual(['31']);
  });

  it('asks again in halves while an answer is full, so a busy year of 3,600 fills is imported whole', async () => {
    // Ten round trips of one share a day for 180 days: 3,600 fills in one year's range.
    const trades = Array.from({ length: 3600 }, (_, i) => {
      const at = new Date(daysAgo(1 + Math.floor(i / 20), 14).getTime() + (i % 20) * 60_000);
      return schwabTrade({
        activityId: 500_000 + i,
        time: at,
        symbol: 'SPY',
        amount: i % 2 === 0 ? 1 : -1,
        price: 500,
      });
    });
    fake.seedTransactions(MARGIN, trades);
    const page = await broker.executions(
      tokens,
      MARGIN,
      new Date(clock.now.getTime() - 200 * DAY),
      clock.now,
    );
    expect(page.executions).toHaveLength(3600);
    expect(new Set(page.executions.map((e) => e.brokerExecutionId)).size).toBe(3600);
    // No answer the import kept was a full one.
    const calls = transactionCalls();
    expect(calls.length).toBeGreaterThan(1);
  });

  it("counts each range's call against the app's requests a minute", async () => {
    const frugal = createSchwabBroker({ ...options(), requestsPerMinute: 4 });
    // Signing in takes three (the token, accountNumbers, userPreference); the first range the fourth.
    const own = await signIn(frugal);
    await expect(
      frugal.executions(own, MARGIN, new Date(clock.now.getTime() - 400 * DAY), clock.now),
    ).rejects.toBeInstanceOf(BrokerUnavailableError);
    expect(transactionCalls()).toHaveLength(1);
  });
});

describe('Schwab\'s option transactions (docs/product.md, "Options")', () => {
  // As Schwab's Trader API documents a TransactionOption: OCC's symbol, the underlying, put/call,
  // strike, expiration and premium multiplier; the amount in contracts, the price per share and
  // the cost per contract times 100.
  const AAPL_CALL = { expiration: '2026-12-18', strike: 250, putCall: 'Call', multiplier: 100 };
  const optionTrade = (
    activityId: number,
    days: number,
    amount: number,
    price: number,
    effect: 'OPENING' | 'CLOSING',
  ) => {
    const t = schwabTrade({
      activityId,
      time: daysAgo(days),
      symbol: 'AAPL',
      amount,
      price,
      positionEffect: effect,
      fees: [fee('COMMISSION', 0.65 * Math.abs(amount)), fee('OPT_REG_FEE', 0.03)],
      instrument: option('AAPL'),
    });
    const leg = t.transferItems.at(-1)!;
    return {
      ...t,
      transferItems: [...t.transferItems.slice(0, -1), { ...leg, cost: -amount * price * 100 }],
    };
  };

  it('reads a bought and a sold call as option fills of their contract, opening and closing', async () => {
    fake.seedTransactions(MARGIN, [
      optionTrade(301, 6, 2, 3.1, 'OPENING'),
      optionTrade(302, 2, -2, 4.5, 'CLOSING'),
    ]);
    const page = await broker.executions(tokens, MARGIN, daysAgo(30), clock.now);
    expect(page).toEqual({
      skipped: 0,
      skippedReasons: {},
      executions: [
        {
          accountHash: MARGIN,
          brokerExecutionId: '301',
          symbol: 'AAPL',
          option: AAPL_CALL,
          side: 'Buy',
          quantity: 2,
          price: 3.1,
          fees: 1.33,
          executedAt: daysAgo(6).toISOString(),
          positionEffect: 'Open',
        },
        {
          accountHash: MARGIN,
          brokerExecutionId: '302',
          symbol: 'AAPL',
          option: AAPL_CALL,
          side: 'Sell',
          quantity: 2,
          price: 4.5,
          fees: 1.33,
          executedAt: daysAgo(2).toISOString(),
          positionEffect: 'Close',
        },
      ],
    });
  });

  it('reads the contract from the fields when the symbol is not OCC, and the price from the cost', async () => {
    const t = optionTrade(303, 3, -1, 2.4, 'OPENING');
    const leg = t.transferItems.at(-1)!;
    const put = {
      ...option('SPY'),
      symbol: 'SPY 12/18/2026 410.5 P',
      putCall: 'PUT',
      strikePrice: 410.5,
      underlyingSymbol: 'SPY',
      optionPremiumMultiplier: 10,
    };
    const seeded = {
      ...t,
      transferItems: [...t.transferItems.slice(0, -1), { ...leg, instrument: put, price: 0, cost: 24 }],
    };
    fake.seedTransactions(MARGIN, [seeded]);
    const [fill] = (await broker.executions(tokens, MARGIN, daysAgo(30), clock.now)).executions;
    expect(fill).toMatchObject({
      symbol: 'SPY',
      option: { expiration: '2026-12-18', strike: 410.5, putCall: 'Put', multiplier: 10 },
      side: 'Sell',
      quantity: 1,
      // $24 for one contract of 10 shares.
      price: 2.4,
      positionEffect: 'Open',
    });
  });

  it('reads an option removed at expiration, by assignment or by exercise as its closing at 0', async () => {
    const removal = (activityId: number, description: string, amount: number) => ({
      ...schwabReceiveAndDeliver({ activityId, time: daysAgo(1), description, legs: [] }),
      transferItems: [{ instrument: option('AAPL'), amount, cost: 0, positionEffect: 'CLOSING' }],
    });
    fake.seedTransactions(MARGIN, [
      removal(401, 'REMOVAL OF OPTION DUE TO EXPIRATION', -2),
      removal(402, 'REMOVAL OF OPTION DUE TO ASSIGNMENT', 1),
      removal(403, 'REMOVAL OF OPTION DUE TO EXERCISE', -1),
    ]);
    const page = await broker.executions(tokens, MARGIN, daysAgo(30), clock.now);
    expect(
      page.executions.map((e) => [
        e.brokerExecutionId,
        e.kind,
        e.side,
        e.quantity,
        e.price,
        e.positionEffect,
      ]),
    ).toEqual([
      ['401', 'expiry', 'Sell', 2, 0, 'Close'],
      ['402', 'assignment', 'Buy', 1, 0, 'Close'],
      ['403', 'exercise', 'Sell', 1, 0, 'Close'],
    ]);
    expect(page.executions.every((e) => e.symbol === 'AAPL' && e.option?.strike === 250)).toBe(true);
  });
});
