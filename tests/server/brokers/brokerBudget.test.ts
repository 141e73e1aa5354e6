import { describe, expect, it } from 'vitest';
import { type Broker, OrderShareUsedError } from '../../../src/server/brokers/broker.ts';
import { createBrokerBudgets } from '../../../src/server/brokers/brokerAccess.ts';
import {
  cancelRoom,
  createBrokerShare,
  createWindowCount,
  DAY_MS,
  MINUTE_MS,
  requestPools,
} from '../../../src/server/brokers/brokerBudget.ts';
import { createDemoBroker } from '../../../src/server/brokers/demo/demoBroker.ts';

/** The broker's budgets and their shares (docs/product.md, "Fair sharing"), on a clock the test moves. */
describe("the broker's budgets", () => {
  it("splits Schwab's 120 requests a minute: 80 the traders' own, 40 for following orders, 10 of them a cancel's", () => {
    expect(requestPools(120)).toEqual({ own: 80, reserve: 40, cancelRoom: 10 });
    for (const perMinute of [3, 12, 18, 60, 120, 500]) {
      const { own, reserve, cancelRoom: room } = requestPools(perMinute);
      expect(own + reserve).toBe(perMinute);
      expect(room).toBeLessThanOrEqual(reserve);
    }
    expect([cancelRoom(120), cancelRoom(4000), cancelRoom(3)]).toEqual([12, 400, 1]);
  });

  it('a counted window: a call keeping room stops short of the limit, one keeping none fills it', () => {
    let ms = 0;
    const window = createWindowCount(4, MINUTE_MS, () => ms);
    for (let i = 0; i < 3; i++) {
      expect(window.wait(1)).toBeUndefined();
      window.add();
      ms += 1000;
    }
    expect(window.wait(1)).toBe(57);
    expect(window.wait()).toBeUndefined();
    window.add();
    expect(window.wait()).toBe(57);
    // A minute after the second call, two are left: room again for a call keeping one.
    ms = MINUTE_MS + 1000;
    expect(window.wait(1)).toBeUndefined();
  });

  it('a share: all the traders together never pass the budget', () => {
    let ms = 0;
    const share = createBrokerShare(12, () => ms);
    const take = (who: string) => {
      let n = 0;
      while (share.take(who) === undefined) n++;
      return n;
    };
    // Alone 6; with A active, 12 ÷ 3 = 4; with A and B, 12 ÷ 4 = 3, but only 2 are left.
    expect([take('a'), take('b'), take('c')]).toEqual([6, 4, 2]);
    ms += MINUTE_MS;
    expect(take('c')).toBe(6);
  });

  /** Schwab's budgets as the server shares them, for traders a, b and c. */
  function budgets() {
    const clock = { ms: 0 };
    const broker: Broker = {
      ...createDemoBroker(),
      requestsPerMinute: 120,
      orderLimits: { perMinute: 120, perDay: 40 },
    };
    return { clock, b: createBrokerBudgets(broker, () => clock.ms) };
  }
  const admitted = (n: number, admit: () => unknown) => {
    let count = 0;
    while (count < n && admit() === undefined) count++;
    return count;
  };

  it("following orders comes out of the app's reserve, never a trader's own share", () => {
    const { b } = budgets();
    // Reads fill the reserve but its cancel room: 30 of 40.
    expect(admitted(100, () => b.admit('a', 'follow', false))).toBe(30);
    // The trader's own share is whole: 80 ÷ 2.
    expect(admitted(100, () => b.admit('a', 'own', false))).toBe(40);
    // A cancel finds room: the reserve's last 10.
    expect(admitted(100, () => b.admit('b', 'cancel', false))).toBe(10);
    expect(b.admit('c', 'follow', false)).toBeDefined();
  });

  it('cancels: each trader a share of the reserve, so one trader cannot take it all', () => {
    const { b } = budgets();
    expect(admitted(100, () => b.admit('a', 'cancel', false))).toBe(20);
    expect(admitted(100, () => b.admit('b', 'cancel', false))).toBe(13);
    expect(admitted(100, () => b.admit('c', 'cancel', false))).toBe(7);
  });

  it("placements: each trader a share a day of the app's orders less the cancels' room", () => {
    const { clock, b } = budgets();
    const place = (who: string) => () => {
      clock.ms += MINUTE_MS;
      return b.admit(who, 'own', true);
    };
    // 40 a day, 4 kept for cancels: alone 18; then B 36 ÷ 3 = 12.
    expect(admitted(100, place('a'))).toBe(18);
    expect(b.admit('a', 'own', true)).toBeInstanceOf(OrderShareUsedError);
    expect(admitted(100, place('b'))).toBe(12);
    // A's own requests other than placements still go.
    expect(b.admit('a', 'own', false)).toBeUndefined();
    clock.ms += DAY_MS;
    expect(b.admit('a', 'own', true)).toBeUndefined();
  });

  it('a broker without limits (the demo broker) refuses nothing', () => {
    const b = createBrokerBudgets(createDemoBroker(), () => 0);
    for (const kind of ['own', 'follow', 'cancel'] as const) {
      expect(admitted(1000, () => b.admit('a', kind, true))).toBe(1000);
    }
  });
});
