import { describe, expect, it } from 'vitest';
import {
  alertPayload,
  alertsDue,
  crossingKey,
  plansAtEntry,
  validatePushSubscription,
  type WatchedPlan,
} from '../../src/domain/alerts.ts';
import { messages } from '../../src/domain/messages.ts';

const plan = (over: Partial<WatchedPlan> = {}): WatchedPlan => ({
  id: 'p1',
  stock: 'NVDA',
  status: 'Ready',
  doneAt: null,
  alertsOn: true,
  entryPrice: 100,
  stopLossPrice: 95,
  targetPrice: 110,
  ...over,
});
const trade = (over: Record<string, unknown> = {}) => ({
  key: 't1',
  symbol: 'NVDA',
  direction: 'Long' as const,
  closedAt: null,
  planId: 'p1',
  initialStop: null,
  ...over,
});
const at = (last: number) => new Map([['NVDA', { last }]]);
const DAY = '2026-11-20';
const kinds = (due: ReturnType<typeof alertsDue>) => due.map((d) => d.kind);

describe('alertsDue', () => {
  it.each([
    [99.99, []],
    [100, ['entry']],
    [100.01, ['entry']],
    [130, ['entry']],
  ])('a Ready plan priced %s: %j', (last, expected) => {
    expect(kinds(alertsDue([plan()], [], at(last), DAY))).toEqual(expected);
  });

  it('watches only Ready plans not done and without an open trade of their own', () => {
    expect(alertsDue([plan({ status: 'Hold' })], [], at(101), DAY)).toEqual([]);
    expect(alertsDue([plan({ doneAt: '2026-11-19T20:00:00.000Z' })], [], at(101), DAY)).toEqual([]);
    expect(kinds(alertsDue([plan()], [trade()], at(101), DAY))).toEqual([]);
    // A closed trade of the plan does not count as entered.
    expect(
      kinds(alertsDue([plan()], [trade({ closedAt: '2026-11-19T20:00:00.000Z' })], at(101), DAY)),
    ).toEqual(['entry']);
  });

  it.each([
    // [last, initialStop, expected]
    [95.01, null, []],
    [95, null, ['stop']],
    [80, null, ['stop']], // a gap through the stop
    [97, 97, ['stop']],
    [97.01, 97, []],
    [109.99, null, []],
    [110, null, ['target']],
    [125, null, ['target']],
  ])('an open trade of the plan priced %s (initial stop %s): %j', (last, initialStop, expected) => {
    expect(kinds(alertsDue([plan()], [trade({ initialStop })], at(last), DAY))).toEqual(expected);
  });

  it.each([
    // [alertsOn, last, with an open trade, expected]
    [true, 101, false, ['entry']],
    [false, 101, false, []],
    [true, 90, true, ['stop']],
    [false, 90, true, []],
    [true, 111, true, ['target']],
    [false, 111, true, []],
  ])(
    'a plan with alerts on: %s, priced %s, with its open trade: %s: %j',
    (alertsOn, last, open, expected) => {
      expect(kinds(alertsDue([plan({ alertsOn })], open ? [trade()] : [], at(last), DAY))).toEqual(expected);
    },
  );

  it('alerts for the plans with alerts on beside one with them off', () => {
    const off = plan({ id: 'p2', alertsOn: false });
    const due = alertsDue([plan(), off], [trade({ key: 't2', planId: 'p2' })], at(130), DAY);
    expect(due.map((d) => `${d.kind}:${d.planId}`)).toEqual(['entry:p1']);
    expect(plansAtEntry([plan(), off], [], at(130))).toBe(1);
  });

  it('has no target alert without a target, nor any alert for a short trade or one without a plan', () => {
    expect(alertsDue([plan({ targetPrice: null })], [trade()], at(200), DAY)).toEqual([]);
    expect(alertsDue([plan()], [trade({ direction: 'Short' })], at(90), DAY).map((d) => d.kind)).toEqual([]);
    expect(alertsDue([plan({ status: 'Hold' })], [trade({ planId: null })], at(90), DAY)).toEqual([]);
  });

  it('keys each crossing by plan, trade, kind and session day', () => {
    const [entry] = alertsDue([plan()], [], at(101), DAY);
    expect(entry?.key).toBe(crossingKey('entry', 'p1', null, DAY));
    expect(crossingKey('entry', 'p1', null, '2026-11-23')).not.toBe(entry?.key);
    const [stop] = alertsDue([plan()], [trade()], at(90), DAY);
    expect(stop).toMatchObject({
      kind: 'stop',
      tradeKey: 't1',
      level: 95,
      price: 90,
      key: 'stop:p1:t1:2026-11-20',
    });
  });

  it('counts the plans at their entry for the badge', () => {
    const plans = [plan(), plan({ id: 'p2', stock: 'AMD', entryPrice: 50, stopLossPrice: 45 })];
    const quotes = new Map([
      ['NVDA', { last: 100 }],
      ['AMD', { last: 49 }],
    ]);
    expect(plansAtEntry(plans, [], quotes)).toBe(1);
  });
});

describe('alertPayload', () => {
  it("says the stock, the level, the price and New York's time, and leads to the plan", () => {
    const [due] = alertsDue([plan()], [], at(101.2), DAY);
    expect(alertPayload(due as NonNullable<typeof due>, new Date('2026-11-20T15:31:00Z'), 2)).toEqual({
      title: 'NVDA reached its entry',
      body: '$101.20 at 10:31 New York time (entry $100.00)',
      url: '/trade-plans?plan=p1',
      tag: 'entry:p1',
      badge: 2,
    });
  });
});

describe('validatePushSubscription', () => {
  const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
  it('takes what PushSubscription.toJSON() gives, keeping the endpoint and keys only', () => {
    expect(
      validatePushSubscription({
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        expirationTime: null,
        keys,
      }),
    ).toEqual({ ok: true, value: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys } });
  });
  it.each([
    'https://fcm.googleapis.com/fcm/send/cX3k:APA91bF-x_Y0',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABm-x_Y0==',
    'https://web.push.apple.com/QGuQyavXut-x_Y0',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD%2b%2f%3d&x=1',
    'https://push.test:8443/push/device',
  ])("takes a push service's endpoint %s", (endpoint) => {
    expect(validatePushSubscription({ endpoint, keys })).toMatchObject({ ok: true });
  });
  it.each([
    ['http://fcm.googleapis.com/x', messages.pushEndpointInvalid],
    ['https://', messages.pushEndpointInvalid],
    ['https://a b/x', messages.pushEndpointInvalid],
    [`https://x/${'a'.repeat(2048)}`, messages.pushEndpointInvalid],
    // What URL parsers read differently (the WHATWG one a host "127.0.0.1;.fcm…", Node's url.parse 127.0.0.1).
    ['https://127.0.0.1;.fcm.googleapis.com/x', messages.pushEndpointInvalid],
    ['https://fcm.googleapis.com\\@127.0.0.1/x', messages.pushEndpointInvalid],
    ['https://user@fcm.googleapis.com/x', messages.pushEndpointInvalid],
    ['https://127.0.0.1/x', messages.pushEndpointInvalid],
    ['https://[::1]/x', messages.pushEndpointInvalid],
    ['https://Fcm.googleapis.com/x', messages.pushEndpointInvalid],
    ['https://fcm.googleapis.com/x#y', messages.pushEndpointInvalid],
    ['https://fcm.googleapis.com/x%2', messages.pushEndpointInvalid],
    ['https://fcm.googleapis.com/x\ud800', messages.pushEndpointInvalid],
  ])('refuses the endpoint %s', (endpoint, message) => {
    expect(validatePushSubscription({ endpoint, keys })).toMatchObject({ ok: false, errors: [{ message }] });
  });
});
