import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../../src/domain/messages.ts';
import type { BracketOrder } from '../../../../src/domain/orders.ts';
import {
  type Broker,
  type BrokerExchange,
  BrokerOrderNotFoundError,
  type BrokerTokens,
  OrderRejectedError,
} from '../../../../src/server/brokers/broker.ts';
import { createDemoBroker } from '../../../../src/server/brokers/demo/demoBroker.ts';
import { demoQuote } from '../../../../src/server/brokers/demo/demoQuotes.ts';

// Simulated orders against the demo's intraday path: the expected fills are found here by walking
// the same path (demoQuote) minute by minute, independently of the broker's own walk.
const MINUTE = 60_000;
const ALEX: BrokerTokens = {
  accessToken: 'demo:alex',
  refreshToken: null,
  accessExpiresAt: null,
  refreshExpiresAt: null,
};
const MARGIN = 'demo-alex-7352-margin'; // $48,250.50 available
// META's path that day dips late in the morning and peaks in the afternoon: crossings to wait for.
const SYMBOL = 'META';
// Tuesday 24 November 2026, 10:00 New York (EST: UTC−5), and that day's close.
const TEN = new Date('2026-11-24T15:00:00.000Z');
const CLOSE = new Date('2026-11-24T21:00:00.000Z');

const clock = { now: TEN };
let broker: Broker;
let exchanges: BrokerExchange[];
const log = (e: BrokerExchange) => exchanges.push(e);

const price = (at: Date | number) => demoQuote(SYMBOL, new Date(at)).last;
const cents = (n: number) => Math.round(n * 100) / 100;

/** The first whole minute from `from` (inclusive, `from` itself first) to `to` where `test` holds. */
function firstMinute(from: Date, to: Date, test: (p: number) => boolean): Date | null {
  for (
    let t = from.getTime();
    t < to.getTime();
    t = t === from.getTime() ? Math.floor(t / MINUTE) * MINUTE + MINUTE : t + MINUTE
  )
    if (test(price(t))) return new Date(t);
  return null;
}
function pathBetween(from: Date, to: Date): number[] {
  const prices: number[] = [];
  for (let t = from.getTime(); t < to.getTime(); t += MINUTE) prices.push(price(t));
  return prices;
}

const order = (fields: Partial<BracketOrder>): BracketOrder => {
  const now = price(TEN);
  return {
    symbol: SYMBOL,
    direction: 'Long',
    quantity: 10,
    entryType: 'Limit',
    entryPrice: cents(now),
    entryLimitPrice: null,
    duration: 'Day',
    stopPrice: cents(now * 0.5),
    targetPrice: cents(now * 2),
    ...fields,
  };
};

const place = (o: BracketOrder) => broker.placeOrder(ALEX, MARGIN, o, log);
const state = (id: string) => broker.getOrder(ALEX, MARGIN, id, log);
const fills = async (since = TEN) =>
  (await broker.executions(ALEX, MARGIN, since, clock.now)).executions.filter((e) =>
    e.brokerExecutionId.startsWith('demo-order-'),
  );

beforeEach(() => {
  clock.now = TEN;
  broker = createDemoBroker({ now: () => clock.now });
  exchanges = [];
});

describe('a demo entry', () => {
  it('a buy limit at or above the price fills at once, at the price', async () => {
    const id = await place(order({ entryPrice: cents(price(TEN) + 1) }));
    expect(await state(id)).toMatchObject({ status: 'Filled', filledQuantity: 10 });
    const [entry] = await fills();
    expect(entry).toMatchObject({
      side: 'Buy',
      quantity: 10,
      price: price(TEN),
      executedAt: TEN.toISOString(),
      positionEffect: 'Open',
      protectiveStop: cents(price(TEN) * 0.5),
      fees: 0,
    });
  });

  it('a buy limit below the price fills the first minute the price is at or below it', async () => {
    const path = pathBetween(TEN, CLOSE);
    const limit = cents(Math.min(...path.slice(1)) + 0.005);
    const expected = firstMinute(TEN, CLOSE, (p) => p <= limit) as Date;
    expect(expected.getTime()).toBeGreaterThan(TEN.getTime());
    const id = await place(order({ entryPrice: limit }));
    clock.now = new Date(expected.getTime() - MINUTE);
    expect(await state(id)).toMatchObject({ status: 'Working', filledQuantity: 0 });
    expect(await fills()).toEqual([]);
    clock.now = expected;
    expect(await state(id)).toMatchObject({ status: 'Filled', filledQuantity: 10 });
    expect((await fills()).map((f) => [f.executedAt, f.price])).toEqual([
      [expected.toISOString(), price(expected)],
    ]);
  });

  it('a buy stop fills when the price reaches it, at the price then', async () => {
    const path = pathBetween(TEN, CLOSE);
    const trigger = cents(Math.max(...path) - 0.005);
    const expected = firstMinute(TEN, CLOSE, (p) => p >= trigger) as Date;
    expect(expected.getTime() - TEN.getTime()).toBeGreaterThan(60 * MINUTE);
    const id = await place(order({ entryType: 'Stop', entryPrice: trigger }));
    clock.now = new Date(expected.getTime() - MINUTE);
    expect(await state(id)).toMatchObject({ status: 'Working' });
    clock.now = CLOSE;
    expect(await state(id)).toMatchObject({ status: 'Filled' });
    expect((await fills()).map((f) => [f.executedAt, f.price])).toEqual([
      [expected.toISOString(), price(expected)],
    ]);
  });

  it('a stop-limit fills once triggered and at or below its limit, not at a price above it', async () => {
    // A minute that jumps past every earlier price by more than a cent: the trigger and the limit
    // are set a cent above the earlier prices, so it triggers there but is above the limit.
    const path = pathBetween(TEN, CLOSE);
    const jump = path.findIndex((p, i) => i > 10 && p > cents(Math.max(...path.slice(0, i)) + 0.01));
    expect(jump).toBeGreaterThan(10);
    const trigger = cents(Math.max(...path.slice(0, jump)) + 0.01);
    const triggeredAt = new Date(TEN.getTime() + jump * MINUTE);
    const expected = firstMinute(triggeredAt, CLOSE, (p) => p <= trigger) as Date;
    expect(expected.getTime()).toBeGreaterThan(triggeredAt.getTime());
    const id = await place(order({ entryType: 'StopLimit', entryPrice: trigger, entryLimitPrice: trigger }));
    clock.now = triggeredAt;
    expect(await state(id)).toMatchObject({ status: 'Working' });
    clock.now = CLOSE;
    expect(await state(id)).toMatchObject({ status: 'Filled' });
    expect((await fills()).map((f) => [f.executedAt, f.price])).toEqual([
      [expected.toISOString(), price(expected)],
    ]);
  });

  it('a Day entry not filled by the close expires; a GTC one keeps working', async () => {
    const low = cents(Math.min(...pathBetween(TEN, CLOSE)) - 1);
    const day = await place(order({ entryPrice: low, stopPrice: cents(low - 1) }));
    const gtc = await place(
      order({ entryPrice: low, stopPrice: cents(low - 1), duration: 'GoodTillCancel' }),
    );
    clock.now = new Date(CLOSE.getTime() - MINUTE);
    expect(await state(day)).toMatchObject({ status: 'Working' });
    clock.now = new Date(CLOSE.getTime() + 3 * 3_600_000);
    expect(await state(day)).toMatchObject({
      status: 'Cancelled',
      reason: 'The Day order expired unfilled at the close',
    });
    expect(await state(gtc)).toMatchObject({ status: 'Working' });
  });

  it('placed after the close, a Day entry works in the next session', async () => {
    clock.now = new Date(CLOSE.getTime() + 3_600_000);
    const nextOpen = new Date('2026-11-25T14:30:00.000Z');
    const id = await place(order({ entryPrice: cents(price(nextOpen) + 5) }));
    clock.now = new Date(nextOpen.getTime() - MINUTE);
    expect(await state(id)).toMatchObject({ status: 'Working' });
    clock.now = nextOpen;
    expect(await state(id)).toMatchObject({ status: 'Filled' });
    expect((await fills(TEN))[0]?.executedAt).toBe(nextOpen.toISOString());
  });
});

describe('the exits of a filled demo order', () => {
  it('the stop sells when the price falls to it, from the minute after the entry', async () => {
    const later = pathBetween(new Date(TEN.getTime() + MINUTE), CLOSE);
    const stop = cents(Math.min(...later) + 0.005);
    const expected = firstMinute(new Date(TEN.getTime() + MINUTE), CLOSE, (p) => p <= stop) as Date;
    const id = await place(order({ entryPrice: cents(price(TEN) + 1), stopPrice: stop }));
    clock.now = CLOSE;
    expect(await state(id)).toMatchObject({ status: 'Filled', filledQuantity: 10 });
    const [entry, exit] = await fills();
    expect(entry?.positionEffect).toBe('Open');
    expect(exit).toMatchObject({
      side: 'Sell',
      quantity: 10,
      price: price(expected),
      executedAt: expected.toISOString(),
      positionEffect: 'Close',
      protectiveStop: null,
    });
    expect(new Set([entry?.brokerExecutionId, exit?.brokerExecutionId]).size).toBe(2);
  });

  it('the target sells when the price rises to it, and the stop is then off', async () => {
    const later = pathBetween(new Date(TEN.getTime() + MINUTE), CLOSE);
    const target = cents(Math.max(...later) - 0.005);
    const expected = firstMinute(new Date(TEN.getTime() + MINUTE), CLOSE, (p) => p >= target) as Date;
    const entryPrice = cents(price(TEN) + 0.01);
    const id = await place(order({ entryPrice, stopPrice: cents(entryPrice * 0.5), targetPrice: target }));
    clock.now = new Date(CLOSE.getTime() + 2 * 86_400_000);
    expect(await state(id)).toMatchObject({ status: 'Filled' });
    const exits = (await fills()).filter((f) => f.positionEffect === 'Close');
    expect(exits.map((f) => [f.executedAt, f.price, f.brokerExecutionId.endsWith('-target')])).toEqual([
      [expected.toISOString(), price(expected), true],
    ]);
  });
});

describe('a short demo order (a short plan): the mirror', () => {
  const short = (fields: Partial<BracketOrder>) =>
    order({
      direction: 'Short',
      stopPrice: cents(price(TEN) * 2),
      targetPrice: cents(price(TEN) * 0.5),
      ...fields,
    });

  it('a short limit at or below the price sells short at once, at the price', async () => {
    const id = await place(short({ entryPrice: cents(price(TEN) - 1) }));
    expect(await state(id)).toMatchObject({ status: 'Filled', filledQuantity: 10 });
    const [entry] = await fills();
    expect(entry).toMatchObject({
      side: 'Sell',
      quantity: 10,
      price: price(TEN),
      executedAt: TEN.toISOString(),
      positionEffect: 'Open',
      protectiveStop: cents(price(TEN) * 2),
    });
  });

  it('a short limit above the price sells the first minute the price is at or above it', async () => {
    const path = pathBetween(TEN, CLOSE);
    const limit = cents(Math.max(...path.slice(1)) - 0.005);
    const expected = firstMinute(TEN, CLOSE, (p) => p >= limit) as Date;
    expect(expected.getTime()).toBeGreaterThan(TEN.getTime());
    const id = await place(short({ entryPrice: limit }));
    clock.now = new Date(expected.getTime() - MINUTE);
    expect(await state(id)).toMatchObject({ status: 'Working', filledQuantity: 0 });
    clock.now = expected;
    expect(await state(id)).toMatchObject({ status: 'Filled' });
    expect((await fills()).map((f) => [f.side, f.executedAt, f.price])).toEqual([
      ['Sell', expected.toISOString(), price(expected)],
    ]);
  });

  it('a short stop sells short when the price falls to it', async () => {
    const path = pathBetween(TEN, CLOSE);
    const trigger = cents(Math.min(...path) + 0.005);
    const expected = firstMinute(TEN, CLOSE, (p) => p <= trigger) as Date;
    const id = await place(short({ entryType: 'Stop', entryPrice: trigger }));
    clock.now = new Date(expected.getTime() - MINUTE);
    expect(await state(id)).toMatchObject({ status: 'Working' });
    clock.now = CLOSE;
    expect((await fills()).map((f) => [f.side, f.executedAt, f.price])).toEqual([
      ['Sell', expected.toISOString(), price(expected)],
    ]);
  });

  it('its stop buys to cover when the price rises to it', async () => {
    const later = pathBetween(new Date(TEN.getTime() + MINUTE), CLOSE);
    const stop = cents(Math.max(...later) - 0.005);
    const expected = firstMinute(new Date(TEN.getTime() + MINUTE), CLOSE, (p) => p >= stop) as Date;
    const id = await place(short({ entryPrice: cents(price(TEN) - 1), stopPrice: stop }));
    clock.now = CLOSE;
    expect(await state(id)).toMatchObject({ status: 'Filled' });
    const [, exit] = await fills();
    expect(exit).toMatchObject({
      side: 'Buy',
      price: price(expected),
      executedAt: expected.toISOString(),
      positionEffect: 'Close',
    });
    expect(exit?.brokerExecutionId.endsWith('-stop')).toBe(true);
  });

  it('its target buys to cover when the price falls to it', async () => {
    const later = pathBetween(new Date(TEN.getTime() + MINUTE), CLOSE);
    const target = cents(Math.min(...later) + 0.005);
    const expected = firstMinute(new Date(TEN.getTime() + MINUTE), CLOSE, (p) => p <= target) as Date;
    const entryPrice = cents(price(TEN) - 0.01);
    const id = await place(short({ entryPrice, stopPrice: cents(entryPrice * 2), targetPrice: target }));
    clock.now = new Date(CLOSE.getTime() + 2 * 86_400_000);
    expect(await state(id)).toMatchObject({ status: 'Filled' });
    const exits = (await fills()).filter((f) => f.positionEffect === 'Close');
    expect(
      exits.map((f) => [f.side, f.executedAt, f.price, f.brokerExecutionId.endsWith('-target')]),
    ).toEqual([['Buy', expected.toISOString(), price(expected), true]]);
  });

  it('refuses a short stop below the entry', async () => {
    await expect(place(short({ stopPrice: cents(price(TEN) * 0.9) }))).rejects.toThrow(
      new OrderRejectedError(messages.stopLossNotAboveEntryShort),
    );
  });
});

describe('cancelling, finding and previewing demo orders', () => {
  it('cancels a working entry; a filled one is refused', async () => {
    const working = await place(
      order({ entryPrice: cents(price(TEN) * 0.6), stopPrice: cents(price(TEN) * 0.5) }),
    );
    await broker.cancelOrder(ALEX, MARGIN, working, log);
    expect(await state(working)).toMatchObject({ status: 'Cancelled', reason: 'Cancelled by the trader' });
    const filled = await place(order({ entryPrice: cents(price(TEN) + 1) }));
    await expect(broker.cancelOrder(ALEX, MARGIN, filled, log)).rejects.toBeInstanceOf(OrderRejectedError);
  });

  it("finds the account's recent orders, as placed", async () => {
    const placedOrder = order({ entryPrice: cents(price(TEN) * 0.6), stopPrice: cents(price(TEN) * 0.5) });
    const id = await place(placedOrder);
    const recent = await broker.recentOrders(ALEX, MARGIN, new Date(TEN.getTime() - 1000), TEN, log);
    expect(recent).toEqual([
      {
        brokerOrderId: id,
        status: 'Working',
        filledQuantity: 0,
        enteredAt: TEN.toISOString(),
        reason: null,
        order: placedOrder,
      },
    ]);
    expect(await broker.recentOrders(ALEX, 'demo-alex-9914-cash', new Date(0), TEN, log)).toEqual([]);
  });

  it('refuses prices the rules refuse, and more than the funds', async () => {
    await expect(place(order({ stopPrice: cents(price(TEN) + 1) }))).rejects.toThrow(
      new OrderRejectedError(messages.stopLossNotBelowEntry),
    );
    await expect(place(order({ quantity: 10_000 }))).rejects.toThrow(/Insufficient funds/);
    expect(exchanges.map((e) => e.status)).toEqual([400, 400]);
  });

  it('previews with warnings only: the funds, a closed market', async () => {
    expect(await broker.previewOrder?.(ALEX, MARGIN, order({}), log)).toEqual({
      warnings: [],
      rejections: [],
    });
    clock.now = new Date(CLOSE.getTime() + 3_600_000);
    const preview = await broker.previewOrder?.(ALEX, MARGIN, order({ quantity: 10_000 }), log);
    expect(preview?.warnings).toEqual([
      expect.stringMatching(
        /^This order costs up to \$[\d,.]+, more than the \$48,250\.50 available for trading$/,
      ),
      'The market is closed: the entry works from the next session',
    ]);
    expect(preview?.rejections).toEqual([]);
  });

  it('logs each call and its answer', async () => {
    const id = await place(order({}));
    await state(id);
    expect(exchanges.map((e) => [e.method, e.status])).toEqual([
      ['POST', 201],
      ['GET', 200],
    ]);
    expect(exchanges[0]?.requestBody).toEqual(order({}));
  });

  it('an order it does not hold (a restart forgets them) is not found', async () => {
    const id = await place(order({}));
    const restarted = createDemoBroker({ now: () => clock.now });
    await expect(restarted.getOrder(ALEX, MARGIN, id, log)).rejects.toBeInstanceOf(BrokerOrderNotFoundError);
  });

  it("another trader's account is refused", async () => {
    await expect(broker.placeOrder(ALEX, 'demo-sam-1234-individual', order({}), log)).rejects.toThrow(
      'Not an account of this demo trader',
    );
  });
});
