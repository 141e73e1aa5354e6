import { describe, expect, it } from 'vitest';
import {
  validateAccountRecord,
  validateAccountSettings,
  validateAccountSettingsForm,
} from '../../src/domain/accounts.ts';
import { messages } from '../../src/domain/messages.ts';
import {
  type GuardOrder,
  type GuardTrade,
  hasRiskGuard,
  lossLimitInDollars,
  orderPastLossLimit,
  riskGuardOf,
} from '../../src/domain/riskGuard.ts';
import { bracketOrderFixture } from '../fixtures/records.ts';

// November: New York is UTC-5, so its midnight is 05:00 UTC. Friday 2026-11-20.
const FRIDAY_NOON = new Date('2026-11-20T17:00:00.000Z');
const account = (o: Partial<Parameters<typeof riskGuardOf>[0]> = {}) => ({
  id: 'a1',
  currentBalance: 50_000,
  dailyLossLimit: 500,
  dailyLossLimitUnit: 'Dollars' as const,
  maxNewTradesPerDay: null,
  ...o,
});
const closed = (netPnl: number | null, closedAt: string, o: Partial<GuardTrade> = {}): GuardTrade => ({
  accountId: 'a1',
  openedAt: '2026-11-19T15:00:00.000Z',
  closedAt,
  netPnl,
  ...o,
});
const opened = (openedAt: string, o: Partial<GuardTrade> = {}): GuardTrade => ({
  accountId: 'a1',
  openedAt,
  closedAt: null,
  netPnl: null,
  ...o,
});

describe('the daily loss limit', () => {
  it('is reached exactly at the limit, not a cent before', () => {
    const short = riskGuardOf(account(), [closed(-499.99, '2026-11-20T15:00:00.000Z')], FRIDAY_NOON);
    expect(short).toMatchObject({ realisedToday: -499.99, lossLimit: 500, reached: false, reasons: [] });
    const at = riskGuardOf(account(), [closed(-500, '2026-11-20T15:00:00.000Z')], FRIDAY_NOON);
    expect(at.reached).toBe(true);
    expect(at.reasons).toEqual(['Daily loss limit reached: -$500.00 of -$500.00']);
  });

  it("nets the day's closed trades, wins against losses, and says the loss in words", () => {
    const trades = [
      closed(-400.1, '2026-11-20T15:00:00.000Z'),
      closed(-212.3, '2026-11-20T15:30:00.000Z'),
      closed(100, '2026-11-20T16:00:00.000Z'),
    ];
    const guard = riskGuardOf(account(), trades, FRIDAY_NOON);
    expect(guard.realisedToday).toBe(-512.4);
    expect(guard.reasons).toEqual([messages.dailyLossLimitReached('-$512.40', '-$500.00')]);
    expect(guard.reasons[0]).toBe('Daily loss limit reached: -$512.40 of -$500.00');
    // A win big enough lifts it the same day.
    expect(
      riskGuardOf(account(), [...trades, closed(20, '2026-11-20T16:30:00.000Z')], FRIDAY_NOON).reached,
    ).toBe(false);
  });

  it("counts only trades closed on New York's day: across its midnight, not the UTC one", () => {
    // 23:59 on Thursday in New York (04:59 UTC Friday) is yesterday's; 00:01 Friday is today's.
    const lateThursday = closed(-600, '2026-11-20T04:59:00.000Z');
    const earlyFriday = closed(-600, '2026-11-20T05:01:00.000Z');
    expect(riskGuardOf(account(), [lateThursday], FRIDAY_NOON).reached).toBe(false);
    expect(riskGuardOf(account(), [earlyFriday], FRIDAY_NOON).reached).toBe(true);
    // At 23:30 Friday in New York (04:30 UTC Saturday) it is still Friday's day.
    expect(riskGuardOf(account(), [earlyFriday], new Date('2026-11-21T04:30:00.000Z')).reached).toBe(true);
  });

  it('resets on the next trading day', () => {
    const trades = [closed(-900, '2026-11-20T19:00:00.000Z')];
    expect(riskGuardOf(account(), trades, new Date('2026-11-20T20:59:00.000Z')).reached).toBe(true);
    const monday = riskGuardOf(account(), trades, new Date('2026-11-23T14:30:00.000Z'));
    expect(monday).toMatchObject({ realisedToday: 0, reached: false });
  });

  it('leaves out open trades, trades of unknown P&L and other accounts', () => {
    const trades = [
      { ...opened('2026-11-20T15:00:00.000Z'), netPnl: -900 },
      closed(null, '2026-11-20T15:00:00.000Z'),
      closed(-900, '2026-11-20T15:00:00.000Z', { accountId: 'a2' }),
    ];
    expect(riskGuardOf(account(), trades, FRIDAY_NOON)).toMatchObject({ realisedToday: 0, reached: false });
  });

  it('in percent is of the live balance, to the cent', () => {
    const pct = account({ dailyLossLimit: 1, dailyLossLimitUnit: 'Percent', currentBalance: 51_240.49 });
    expect(lossLimitInDollars(pct)).toBe(512.4);
    expect(riskGuardOf(pct, [closed(-512.39, '2026-11-20T15:00:00.000Z')], FRIDAY_NOON).reached).toBe(false);
    expect(riskGuardOf(pct, [closed(-512.4, '2026-11-20T15:00:00.000Z')], FRIDAY_NOON).reasons).toEqual([
      'Daily loss limit reached: -$512.40 of -$512.40',
    ]);
    // No balance, no percent limit to reach.
    expect(lossLimitInDollars({ ...pct, currentBalance: 0 })).toBe(0);
    expect(
      riskGuardOf({ ...pct, currentBalance: 0 }, [closed(-5, '2026-11-20T15:00:00.000Z')], FRIDAY_NOON)
        .reached,
    ).toBe(false);
  });
});

describe('the most new trades a day', () => {
  const guarded = account({ dailyLossLimit: null, maxNewTradesPerDay: 3 });

  it('is reached at the most: trades opened today, closed or not', () => {
    const two = [
      opened('2026-11-20T14:31:00.000Z'),
      closed(50, '2026-11-20T15:00:00.000Z', { openedAt: '2026-11-20T14:40:00.000Z' }),
    ];
    expect(riskGuardOf(guarded, two, FRIDAY_NOON)).toMatchObject({ newTradesToday: 2, reached: false });
    const three = [...two, opened('2026-11-20T16:00:00.000Z')];
    const guard = riskGuardOf(guarded, three, FRIDAY_NOON);
    expect(guard.reasons).toEqual(['3 of 3 new trades today']);
  });

  it("counts by New York's day and resets on the next", () => {
    const trades = [
      opened('2026-11-20T04:59:00.000Z'), // Thursday 23:59 in New York
      opened('2026-11-20T05:01:00.000Z'),
      opened('2026-11-20T14:31:00.000Z'),
      opened('2026-11-20T15:31:00.000Z'),
    ];
    expect(riskGuardOf(guarded, trades, FRIDAY_NOON)).toMatchObject({ newTradesToday: 3, reached: true });
    expect(riskGuardOf(guarded, trades, new Date('2026-11-23T14:30:00.000Z'))).toMatchObject({
      newTradesToday: 0,
      reached: false,
    });
  });

  it('gives both reasons when both limits are reached', () => {
    const both = account({ maxNewTradesPerDay: 1 });
    const trades = [closed(-600, '2026-11-20T15:00:00.000Z', { openedAt: '2026-11-20T14:45:00.000Z' })];
    expect(riskGuardOf(both, trades, FRIDAY_NOON).reasons).toEqual([
      'Daily loss limit reached: -$600.00 of -$500.00',
      '1 of 1 new trades today',
    ]);
  });
});

describe("today's orders (issue 39: the guard counts what is sent, not only what is imported)", () => {
  const order = (o: Partial<GuardOrder> = {}): GuardOrder => ({
    accountId: 'a1',
    planId: 'p1',
    status: 'Working',
    filledQuantity: 0,
    createdAt: '2026-11-20T15:00:00.000Z',
    // 60 shares at 100 with a stop at 95: $300 at risk.
    order: bracketOrderFixture({ quantity: 60, entryPrice: 100, stopPrice: 95, targetPrice: null }),
    ...o,
  });
  const oneADay = account({ dailyLossLimit: null, maxNewTradesPerDay: 1 });

  it('counts an order sent, working or filled before its import as a new trade', () => {
    for (const status of ['Sending', 'Working', 'PartiallyFilled', 'Filled'] as const) {
      const guard = riskGuardOf(oneADay, [], FRIDAY_NOON, [order({ status })]);
      expect([status, guard.newTradesToday, guard.reasons]).toEqual([status, 1, ['1 of 1 new trades today']]);
    }
  });

  it('does not count a rejected order, one cancelled unfilled, another account’s or yesterday’s', () => {
    const none = [
      order({ status: 'Rejected' }),
      order({ status: 'Cancelled', filledQuantity: 0 }),
      order({ accountId: 'a2' }),
      order({ createdAt: '2026-11-19T20:00:00.000Z' }),
    ];
    expect(riskGuardOf(oneADay, [], FRIDAY_NOON, none)).toMatchObject({
      newTradesToday: 0,
      atRiskInOrders: 0,
      reached: false,
    });
    const partly = riskGuardOf(oneADay, [], FRIDAY_NOON, [
      order({ status: 'Cancelled', filledQuantity: 20 }),
    ]);
    expect(partly).toMatchObject({ newTradesToday: 1, atRiskInOrders: 100, reached: true });
  });

  it('counts an order and the trade it opened once', () => {
    const trade = opened('2026-11-20T15:01:00.000Z', { planId: 'p1' });
    const two = account({ dailyLossLimit: null, maxNewTradesPerDay: 2 });
    expect(riskGuardOf(two, [trade], FRIDAY_NOON, [order({ status: 'Filled' })])).toMatchObject({
      newTradesToday: 1,
      reached: false,
    });
    // Another plan's trade is another new trade.
    const other = opened('2026-11-20T15:02:00.000Z', { planId: 'p2' });
    expect(riskGuardOf(two, [other], FRIDAY_NOON, [order()])).toMatchObject({
      newTradesToday: 2,
      reached: true,
    });
  });

  it('adds what open orders could lose to the realised loss, until their trade closes', () => {
    const limit500 = account();
    // $300 realised loss today, one order with $300 at risk: $600 against $500.
    const lost = closed(-300, '2026-11-20T14:50:00.000Z', { openedAt: '2026-11-20T14:35:00.000Z' });
    const guard = riskGuardOf(limit500, [lost], FRIDAY_NOON, [order()]);
    expect(guard).toMatchObject({ realisedToday: -300, atRiskInOrders: 300, reached: true });
    expect(guard.reasons).toEqual([
      "Daily loss limit reached: -$300.00 realised and $300.00 at risk in today's orders, of -$500.00",
    ]);
    // One order alone ($300 of $500) leaves room; a second reaches the limit.
    expect(riskGuardOf(limit500, [], FRIDAY_NOON, [order()]).reached).toBe(false);
    expect(riskGuardOf(limit500, [], FRIDAY_NOON, [order(), order({ planId: 'p2' })]).reached).toBe(true);
    // Its trade open, the order still counts; closed, its realised P&L counts instead.
    const open = opened('2026-11-20T15:01:00.000Z', { planId: 'p1' });
    expect(riskGuardOf(limit500, [open], FRIDAY_NOON, [order({ status: 'Filled' })]).atRiskInOrders).toBe(
      300,
    );
    const won = closed(120, '2026-11-20T16:00:00.000Z', {
      openedAt: '2026-11-20T15:01:00.000Z',
      planId: 'p1',
    });
    expect(riskGuardOf(limit500, [won], FRIDAY_NOON, [order({ status: 'Filled' })])).toMatchObject({
      realisedToday: 120,
      atRiskInOrders: 0,
      reached: false,
    });
  });
});

describe('one more order against the daily loss limit', () => {
  const guarded = account({ dailyLossLimit: 500, maxNewTradesPerDay: null });
  const bracket = (quantity: number) => ({
    symbol: 'NVDA',
    direction: 'Long' as const,
    quantity,
    entryType: 'Limit' as const,
    entryPrice: 100,
    entryLimitPrice: null,
    duration: 'Day' as const,
    stopPrice: 95,
    targetPrice: null,
  });
  const lost = closed(-200, '2026-11-20T15:00:00.000Z', { openedAt: '2026-11-20T14:40:00.000Z' });

  it('lets an order through whose worst case brings the day exactly to the limit', () => {
    // $200 lost, $300 at stake: exactly $500.
    const guard = riskGuardOf(guarded, [lost], FRIDAY_NOON);
    expect(orderPastLossLimit(guard, bracket(60))).toBeNull();
  });

  it('refuses one a cent past it, saying what it could lose and what the day holds', () => {
    const guard = riskGuardOf(guarded, [lost], FRIDAY_NOON);
    const over = { ...bracket(60), stopPrice: 94.99 };
    expect(orderPastLossLimit(guard, over)).toBe(
      messages.orderPastLossLimit('$300.60', '-$200.00', '$0.00', '-$500.00'),
    );
    expect(
      orderPastLossLimit(riskGuardOf(account({ dailyLossLimit: null }), [lost], FRIDAY_NOON), over),
    ).toBeNull();
  });
});

describe('an account without a guard', () => {
  it('is never reached', () => {
    const none = account({ dailyLossLimit: null, maxNewTradesPerDay: null });
    expect(hasRiskGuard(none)).toBe(false);
    expect(hasRiskGuard({})).toBe(false);
    expect(riskGuardOf(none, [closed(-1e6, '2026-11-20T15:00:00.000Z')], FRIDAY_NOON).reached).toBe(false);
  });
});

describe('the guard settings', () => {
  const base = { originalBalance: 1000, capitalRisk: 10, maxTradeRisk: 1, scaleOutFactor: 1, heatLimit: 6 };
  const form = { ...base, dailyLossLimit: null, dailyLossLimitUnit: 'Dollars', maxNewTradesPerDay: null };

  it('are all the form’s to fill, null for no limit', () => {
    expect(validateAccountSettingsForm(form).ok).toBe(true);
    const missing = validateAccountSettingsForm(base);
    expect(missing.ok).toBe(false);
  });

  it('refuse a percent above 100, a limit of 0 and a count that is not whole from 1 to 100', () => {
    const errors = (body: Record<string, unknown>) => {
      const r = validateAccountSettingsForm({ ...form, ...body });
      return r.ok ? [] : r.errors;
    };
    expect(errors({ dailyLossLimit: 100.01, dailyLossLimitUnit: 'Percent' })).toEqual([
      { field: 'dailyLossLimit', message: messages.dailyLossLimitPercentTooHigh },
    ]);
    expect(errors({ dailyLossLimit: 100, dailyLossLimitUnit: 'Percent' })).toEqual([]);
    expect(errors({ dailyLossLimit: 100.01, dailyLossLimitUnit: 'Dollars' })).toEqual([]);
    expect(errors({ dailyLossLimit: 0 })).toEqual([
      { field: 'dailyLossLimit', message: messages.dailyLossLimitInvalid },
    ]);
    expect(errors({ maxNewTradesPerDay: 0 })[0]?.message).toBe(messages.maxNewTradesPerDayInvalid);
    expect(errors({ maxNewTradesPerDay: 100 })).toEqual([]);
    expect(errors({ maxNewTradesPerDay: 1.5 })[0]?.field).toBe('maxNewTradesPerDay');
  });

  it('may be left out of the settings call, which never takes ordersAllowed', () => {
    const r = validateAccountSettings({ ...base, ordersAllowed: true });
    expect(r).toEqual({ ok: true, value: base });
  });

  it('default to none in a backup made before them', () => {
    const at = '2026-03-02T14:30:00.000Z';
    const r = validateAccountRecord({
      id: '0190a1b2-0000-7000-8000-000000000001',
      accountHash: 'h',
      ...base,
      createdAt: at,
      updatedAt: at,
    });
    expect(r.ok && r.value).toMatchObject({
      dailyLossLimit: null,
      dailyLossLimitUnit: 'Dollars',
      maxNewTradesPerDay: null,
    });
  });
});
