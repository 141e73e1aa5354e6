import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages.ts';
import { defaultEntryType, limitFillsAtOnceNote } from '../../src/domain/orderDecisions.ts';
import {
  type BracketOrder,
  bracketOrderOf,
  bracketOrderProblems,
  describeOrder,
  isOnOrderTick,
  orderCost,
  orderDollarsAtRisk,
  orderPriceText,
  sameBracketOrder,
  validateOrderConfirm,
  validateOrderRequest,
} from '../../src/domain/orders.ts';
import { bracketOrderFixture } from '../fixtures/records.ts';

const PLAN = '0b5c8f0e-4a3b-4c7d-9e1f-2a3b4c5d6e7f';
const ACCOUNT = '1c6d9a1f-5b4c-4d8e-8f20-3b4c5d6e7f80';

const order = bracketOrderFixture;

describe('the order in words', () => {
  it.each([
    [order(), 'Buy 66 NVDA at 140.00 limit, Day; then sell 66 at 135.00 stop or 150.00 limit, GTC'],
    [
      order({ entryType: 'Stop', duration: 'GoodTillCancel' }),
      'Buy 66 NVDA at 140.00 stop, GTC; then sell 66 at 135.00 stop or 150.00 limit, GTC',
    ],
    [
      order({ entryType: 'StopLimit', entryLimitPrice: 140.5 }),
      'Buy 66 NVDA at 140.00 stop, 140.50 limit, Day; then sell 66 at 135.00 stop or 150.00 limit, GTC',
    ],
    [order({ targetPrice: null }), 'Buy 66 NVDA at 140.00 limit, Day; then sell 66 at 135.00 stop, GTC'],
    [
      order({ symbol: 'SNDL', quantity: 2500, entryPrice: 0.5, stopPrice: 0.45, targetPrice: 0.6125 }),
      'Buy 2,500 SNDL at 0.5000 limit, Day; then sell 2,500 at 0.4500 stop or 0.6125 limit, GTC',
    ],
    [
      order({ direction: 'Short', entryPrice: 140, stopPrice: 145, targetPrice: 130 }),
      'Sell short 66 NVDA at 140.00 limit, Day; then buy to cover 66 at 145.00 stop or 130.00 limit, GTC',
    ],
  ])('%#: %s', (o, words) => {
    expect(describeOrder(o)).toBe(words);
  });
});

describe('order prices as text: cents, 4 decimals under $1', () => {
  it.each([
    [140, '140.00'],
    [1, '1.00'],
    [1.005, '1.01'],
    [0.5, '0.5000'],
    [0.1234, '0.1234'],
    [2.345, '2.35'],
  ])('%s → %s', (p, text) => {
    expect(orderPriceText(p)).toBe(text);
  });

  it.each([
    [140.01, true],
    [140.015, false],
    [0.1234, true],
    [0.12345, false],
    [1.1, true],
  ])('%s on the tick: %s', (p, onTick) => {
    expect(isOnOrderTick(p)).toBe(onTick);
  });
});

describe('what is wrong with an order', () => {
  it.each<[string, Partial<BracketOrder>, string[]]>([
    ['a plain bracket', {}, []],
    ['without a target', { targetPrice: null }, []],
    ['a stop entry', { entryType: 'Stop' }, []],
    ['a stop-limit with its limit', { entryType: 'StopLimit', entryLimitPrice: 140.5 }, []],
    ['a stop-limit with its limit at the trigger', { entryType: 'StopLimit', entryLimitPrice: 140 }, []],
    ['stop at the entry', { stopPrice: 140 }, [messages.stopLossNotBelowEntry]],
    ['stop above the entry', { stopPrice: 141 }, [messages.stopLossNotBelowEntry]],
    ['target at the entry', { targetPrice: 140 }, [messages.targetNotAboveEntry]],
    [
      "target below a stop-limit's limit",
      { entryType: 'StopLimit', entryLimitPrice: 141, targetPrice: 140.5 },
      [messages.targetNotAboveEntryLimit],
    ],
    [
      'a stop-limit whose limit is below its trigger',
      { entryType: 'StopLimit', entryLimitPrice: 139.5 },
      [messages.entryLimitBelowTrigger],
    ],
    ['a stop-limit without its limit', { entryType: 'StopLimit' }, [messages.entryLimitPriceRequired]],
    ['a limit with a limit price', { entryLimitPrice: 141 }, [messages.entryLimitPriceNotStopLimit]],
    ['no shares', { quantity: 0 }, [messages.orderQuantityInvalid]],
    ['part of a share', { quantity: 1.5 }, [messages.orderQuantityInvalid]],
    ['a zero stop', { stopPrice: 0 }, [messages.stopLossNotPositive]],
    ['a negative target', { targetPrice: -1 }, [messages.targetPriceNotPositive]],
    ['a zero entry', { entryPrice: 0 }, [messages.entryPriceNotPositive]],
    ['a sub-penny entry', { entryPrice: 140.005 }, [messages.orderPriceTick('Entry price')]],
    [
      'a sub-penny stop under $1',
      { entryPrice: 0.9, stopPrice: 0.85555, targetPrice: 1 },
      [messages.orderPriceTick('Stop loss price')],
    ],
    ['a price too high', { targetPrice: 2_000_000 }, [messages.priceTooHigh('Target price')]],
  ])('%s', (_what, fields, problems) => {
    expect(bracketOrderProblems(order(fields))).toEqual(problems);
  });

  // A short plan's bracket (issue 30): sell short at the entry, buy to cover at the stop above or
  // the target below. Before short plans every short order was refused.
  const short = (fields: Partial<BracketOrder> = {}) => ({
    direction: 'Short' as const,
    stopPrice: 145,
    targetPrice: 130,
    ...fields,
  });
  it.each<[string, Partial<BracketOrder>, string[]]>([
    ['a short bracket', short(), []],
    ['a short without a target', short({ targetPrice: null }), []],
    ['a short stop entry', short({ entryType: 'Stop' }), []],
    [
      'a short stop-limit with its limit below',
      short({ entryType: 'StopLimit', entryLimitPrice: 139.5 }),
      [],
    ],
    ['a short stop at the entry', short({ stopPrice: 140 }), [messages.stopLossNotAboveEntryShort]],
    ['a short stop below the entry', short({ stopPrice: 135 }), [messages.stopLossNotAboveEntryShort]],
    ['a short target at the entry', short({ targetPrice: 140 }), [messages.targetNotBelowEntryShort]],
    ['a short target above the entry', short({ targetPrice: 150 }), [messages.targetNotBelowEntryShort]],
    [
      "a short target above a stop-limit's limit",
      short({ entryType: 'StopLimit', entryLimitPrice: 139, targetPrice: 139.5 }),
      [messages.targetNotBelowEntryLimitShort],
    ],
    [
      'a short stop-limit whose limit is above its trigger',
      short({ entryType: 'StopLimit', entryLimitPrice: 140.5 }),
      [messages.entryLimitAboveTriggerShort],
    ],
  ])('%s', (_what, fields, problems) => {
    expect(bracketOrderProblems(order(fields))).toEqual(problems);
  });
});

describe('cost and dollars at risk', () => {
  it.each<[Partial<BracketOrder>, number, number]>([
    [{}, 9240, 330],
    [{ entryType: 'Stop' }, 9240, 330],
    // A stop-limit may fill up to its limit: both are counted there.
    [{ entryType: 'StopLimit', entryLimitPrice: 140.5 }, 9273, 363],
    [{ quantity: 3, entryPrice: 10.01, stopPrice: 9.67 }, 30.03, 1.02],
    [{ direction: 'Short', stopPrice: 145, targetPrice: 130 }, 9240, 330],
    // A short stop-limit may sell down to its limit: the risk is counted from there, the value at the entry.
    [{ direction: 'Short', entryType: 'StopLimit', entryLimitPrice: 139.5, stopPrice: 145 }, 9240, 363],
  ])('%o', (fields, cost, risk) => {
    expect(orderCost(order(fields))).toBe(cost);
    expect(orderDollarsAtRisk(order(fields))).toBe(risk);
  });
});

describe('the order request', () => {
  const body = {
    planId: PLAN,
    accountId: ACCOUNT,
    quantity: 66,
    entryType: 'Limit',
    duration: 'Day',
  };

  it('takes a limit entry without a limit price, and ids upper-case as lower-case', () => {
    expect(validateOrderRequest({ ...body, planId: PLAN.toUpperCase(), extra: 1 })).toEqual({
      ok: true,
      value: body,
    });
    expect(validateOrderRequest({ ...body, entryLimitPrice: null })).toEqual({
      ok: true,
      value: { ...body, entryLimitPrice: null },
    });
  });

  it('takes a stop-limit with its limit', () => {
    const stopLimit = { ...body, entryType: 'StopLimit', entryLimitPrice: 140.5, duration: 'GoodTillCancel' };
    expect(validateOrderRequest(stopLimit)).toEqual({ ok: true, value: stopLimit });
  });

  it.each<[string, Record<string, unknown>, { field: string; message: string }[]]>([
    [
      'not a body',
      { planId: undefined, accountId: undefined },
      [
        { field: 'planId', message: messages.idNotUuid },
        { field: 'accountId', message: messages.idNotUuid },
      ],
    ],
    ['no shares', { quantity: 0 }, [{ field: 'quantity', message: messages.orderQuantityInvalid }]],
    ['part of a share', { quantity: 2.5 }, [{ field: 'quantity', message: messages.orderQuantityInvalid }]],
    ['shares as text', { quantity: '66' }, [{ field: 'quantity', message: messages.mustBeNumber }]],
    [
      'a market entry',
      { entryType: 'Market' },
      [{ field: 'entryType', message: messages.orderEntryTypeInvalid }],
    ],
    ['a week', { duration: 'Week' }, [{ field: 'duration', message: messages.orderDurationInvalid }]],
    [
      'a stop-limit without its limit',
      { entryType: 'StopLimit' },
      [{ field: 'entryLimitPrice', message: messages.entryLimitPriceRequired }],
    ],
    [
      'a stop entry with a limit',
      { entryType: 'Stop', entryLimitPrice: 141 },
      [{ field: 'entryLimitPrice', message: messages.entryLimitPriceNotStopLimit }],
    ],
    [
      'a zero limit',
      { entryType: 'StopLimit', entryLimitPrice: 0 },
      [{ field: 'entryLimitPrice', message: messages.entryLimitPriceNotPositive }],
    ],
  ])('refuses %s', (_what, change, errors) => {
    expect(validateOrderRequest({ ...body, ...change })).toEqual({ ok: false, errors });
  });

  it('refuses what is not an object', () => {
    expect(validateOrderRequest([body])).toEqual({
      ok: false,
      errors: [{ field: 'body', message: messages.invalidBody }],
    });
  });
});

describe('the confirm: the request and the order its preview showed', () => {
  const body = { planId: PLAN, accountId: ACCOUNT, quantity: 66, entryType: 'Limit', duration: 'Day' };

  it('carries the previewed order, cleaned like any body', () => {
    const previewed = order();
    expect(validateOrderConfirm({ ...body, previewed: { ...previewed, symbol: 'nvda', extra: 1 } })).toEqual({
      ok: true,
      value: { ...body, previewed },
    });
  });

  it('refuses a confirm without its preview, or with a previewed order that is not one', () => {
    expect(validateOrderConfirm(body)).toEqual({
      ok: false,
      errors: [{ field: 'previewed', message: messages.orderPreviewRequired }],
    });
    const bad = validateOrderConfirm({ ...body, previewed: { ...order(), stopPrice: -1 } });
    expect(bad).toEqual({
      ok: false,
      errors: [{ field: 'previewed.stopPrice', message: messages.stopLossNotPositive }],
    });
  });

  it('says the request’s own fault, not its preview’s copy of it', () => {
    expect(validateOrderConfirm({ ...body, quantity: 0, previewed: order({ quantity: 0 }) })).toEqual({
      ok: false,
      errors: [{ field: 'quantity', message: messages.orderQuantityInvalid }],
    });
  });

  it('is the plan’s bracket for the request, the same order whatever a price’s last float digit', () => {
    const plan = {
      stock: 'NVDA',
      direction: 'Long' as const,
      entryPrice: 140,
      stopLossPrice: 135,
      targetPrice: 150,
    };
    const made = bracketOrderOf(plan, { ...body, quantity: 66, entryType: 'Limit', duration: 'Day' });
    expect(made).toEqual(order());
    expect(sameBracketOrder(made, { ...made, stopPrice: 135.000001 })).toBe(true);
    expect(sameBracketOrder(made, { ...made, stopPrice: 134.99 })).toBe(false);
    expect(sameBracketOrder(made, { ...made, quantity: 65 })).toBe(false);
    expect(sameBracketOrder(made, { ...made, targetPrice: null })).toBe(false);
    const stopLimit = bracketOrderOf(plan, {
      ...body,
      quantity: 66,
      entryType: 'StopLimit',
      entryLimitPrice: 141,
      duration: 'Day',
    });
    expect(stopLimit.entryLimitPrice).toBe(141);
    expect(
      bracketOrderOf(plan, {
        ...body,
        quantity: 66,
        entryType: 'Stop',
        entryLimitPrice: 141,
        duration: 'Day',
      }).entryLimitPrice,
    ).toBeNull();
  });
});

describe('the ticket’s entry against the market (issue 40)', () => {
  const long = { direction: 'Long' as const, entryPrice: 100 };
  const short = { direction: 'Short' as const, entryPrice: 100 };

  it.each([
    ['a long entry above the last price: a breakout', long, 97.2, 'Stop'],
    ['a long entry below it: a pullback', long, 103, 'Limit'],
    ['a long entry at it', long, 100, 'Limit'],
    ['a short entry below the last price: a breakdown', short, 103, 'Stop'],
    ['a short entry above it', short, 97.2, 'Limit'],
    ['no last price', long, null, 'Limit'],
  ] as const)('%s starts as a %s', (_what, plan, last, expected) => {
    expect(defaultEntryType(plan, last)).toBe(expected);
  });

  it('says a limit on the far side of the market fills at once, and nothing else', () => {
    expect(limitFillsAtOnceNote(order({ entryPrice: 100, stopPrice: 95, targetPrice: null }), 97.2)).toBe(
      'A buy limit above the market fills at once at about $97.20',
    );
    const shortOrder = order({ direction: 'Short', entryPrice: 100, stopPrice: 105, targetPrice: null });
    expect(limitFillsAtOnceNote(shortOrder, 103)).toBe(
      'A sell-short limit below the market fills at once at about $103.00',
    );
    expect(limitFillsAtOnceNote(order({ entryPrice: 100 }), 103)).toBeNull();
    expect(limitFillsAtOnceNote(order({ entryType: 'Stop', entryPrice: 100 }), 97.2)).toBeNull();
    expect(limitFillsAtOnceNote(order({ entryPrice: 100 }), null)).toBeNull();
  });
});
