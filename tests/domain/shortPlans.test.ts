// Short plans (issue 30; docs/product.md, "Trade plans"): the stop above the entry, the target below
// it, and every figure of a plan (risk, R, size, planned risk, the price's distance, alerts, the
// trade link) the long plan's mirror.
import { describe, expect, it } from 'vitest';
import { alertsDue, plansAtEntry, type WatchedPlan } from '../../src/domain/alerts.ts';
import { accountHeat, type HeatAccount } from '../../src/domain/heat.ts';
import { messages } from '../../src/domain/messages.ts';
import { computePositionSizes, planPositionFigures } from '../../src/domain/positionSize.ts';
import { distanceText, planPrice } from '../../src/domain/quotes.ts';
import { buildTrades } from '../../src/domain/tradeLinks.ts';
import {
  planRisk,
  planRiskPercentage,
  rewardToRisk,
  validatePlanRecord,
  validateTradePlanCreate,
  validateTradePlanUpdate,
} from '../../src/domain/tradePlans.ts';
import type { TradePlanStatus } from '../../src/domain/types.ts';
import { ACCOUNT_1, account, day, fill } from './fixtures.ts';

// A short QCOM plan: sell short at 150, stop at 155 (5 a share at risk), target 135 (3R).
const short = { stock: 'QCOM', entryPrice: 150, stopLossPrice: 155, targetPrice: 135, direction: 'Short' };
// Its long mirror: the same entry and risk a share, the stop and target on the other side.
const mirror = { ...short, stopLossPrice: 145, targetPrice: 165, direction: 'Long' } as const;

const errorsOf = (result: { ok: boolean; errors?: unknown }) => (result.ok ? [] : result.errors);

describe('a short plan is checked on its own side of the entry', () => {
  it('takes a stop above the entry and a target below it', () => {
    expect(validateTradePlanCreate(short)).toMatchObject({
      ok: true,
      value: { direction: 'Short', stopLossPrice: 155, targetPrice: 135 },
    });
  });

  it.each([
    ['a stop below the entry', { stopLossPrice: 145 }, 'stopLossPrice', messages.stopLossNotAboveEntryShort],
    ['a stop at the entry', { stopLossPrice: 150 }, 'stopLossPrice', messages.stopLossNotAboveEntryShort],
    ['a target above the entry', { targetPrice: 160 }, 'targetPrice', messages.targetNotBelowEntryShort],
    ['a target at the entry', { targetPrice: 150 }, 'targetPrice', messages.targetNotBelowEntryShort],
  ])('refuses %s', (_what, change, field, message) => {
    expect(errorsOf(validateTradePlanCreate({ ...short, ...change }))).toEqual([{ field, message }]);
  });

  it('words the short stop as the issue says, and the target in the same style', () => {
    expect(messages.stopLossNotAboveEntryShort).toBe(
      'Stop loss price must be greater than entry price for a short plan',
    );
    expect(messages.targetNotBelowEntryShort).toBe(
      'Target price must be less than entry price for a short plan',
    );
  });

  it('is long without a direction: the spec rule and message, as every call of the spec made', () => {
    const { direction: _, ...withoutDirection } = short;
    expect(errorsOf(validateTradePlanCreate(withoutDirection))).toEqual([
      { field: 'stopLossPrice', message: messages.stopLossNotBelowEntry },
      { field: 'targetPrice', message: messages.targetNotAboveEntry },
    ]);
    expect(validateTradePlanCreate(mirror)).toMatchObject({ ok: true, value: { direction: 'Long' } });
    const { direction: __, ...longWithout } = mirror;
    expect(validateTradePlanCreate(longWithout)).toMatchObject({ ok: true, value: { direction: 'Long' } });
  });

  it('refuses a direction other than Long or Short, without judging the prices by it', () => {
    for (const direction of ['short', 'Sideways', null, 1]) {
      expect(errorsOf(validateTradePlanCreate({ ...short, direction }))).toEqual([
        { field: 'direction', message: messages.directionInvalid },
      ]);
    }
  });

  it('reads a backed-up plan without a direction as long', () => {
    const record = {
      id: '0190a1b2-0000-7000-8000-00000000aaaa',
      ...mirror,
      status: 'Ready',
      createdAt: day(1),
      updatedAt: day(1),
    };
    const { direction: _, ...older } = record;
    expect(validatePlanRecord(older)).toMatchObject({ ok: true, value: { direction: 'Long' } });
    expect(validatePlanRecord({ ...record, ...short })).toMatchObject({
      ok: true,
      value: { direction: 'Short' },
    });
    expect(errorsOf(validatePlanRecord({ ...record, direction: 'Short' }))).toEqual([
      { field: 'stopLossPrice', message: messages.stopLossNotAboveEntryShort },
      { field: 'targetPrice', message: messages.targetNotBelowEntryShort },
    ]);
  });
});

describe('a partial update is checked against the direction the plan ends with', () => {
  const storedLong = { entryPrice: 150, stopLossPrice: 145, targetPrice: null };
  const storedShort = { entryPrice: 150, stopLossPrice: 155, targetPrice: 135, direction: 'Short' as const };

  it('refuses a direction changed alone when the prices stay on the other side, on the stop', () => {
    expect(errorsOf(validateTradePlanUpdate({ direction: 'Short' }, storedLong))).toEqual([
      { field: 'stopLossPrice', message: messages.stopLossNotAboveEntryShort },
    ]);
    expect(errorsOf(validateTradePlanUpdate({ direction: 'Long' }, storedShort))).toEqual([
      { field: 'stopLossPrice', message: messages.stopLossNotBelowEntry },
      { field: 'targetPrice', message: messages.targetNotAboveEntry },
    ]);
  });

  it('takes a direction changed with prices on its side', () => {
    expect(validateTradePlanUpdate({ direction: 'Short', stopLossPrice: 152 }, storedLong)).toEqual({
      ok: true,
      value: { direction: 'Short', stopLossPrice: 152 },
    });
  });

  it('checks new prices of a stored short plan by the short rule', () => {
    expect(validateTradePlanUpdate({ stopLossPrice: 151 }, storedShort)).toMatchObject({ ok: true });
    expect(errorsOf(validateTradePlanUpdate({ stopLossPrice: 149 }, storedShort))).toEqual([
      { field: 'stopLossPrice', message: messages.stopLossNotAboveEntryShort },
    ]);
    // The entry lowered to the target: the target is no longer below it.
    expect(errorsOf(validateTradePlanUpdate({ entryPrice: 135 }, storedShort))).toEqual([
      { field: 'targetPrice', message: messages.targetNotBelowEntryShort },
    ]);
  });

  it('judges a stored plan without a direction (cached before directions) as long', () => {
    expect(validateTradePlanUpdate({ stopLossPrice: 149 }, storedLong)).toMatchObject({ ok: true });
    expect(errorsOf(validateTradePlanUpdate({ stopLossPrice: 151 }, storedLong))).toEqual([
      { field: 'stopLossPrice', message: messages.stopLossNotBelowEntry },
    ]);
  });
});

describe("a short plan's figures are its long mirror's", () => {
  const shortPlan = { ...short, direction: 'Short' as const };

  it('risk, risk % and reward-to-risk', () => {
    expect(planRisk(shortPlan)).toBe(5);
    expect(planRiskPercentage(shortPlan)).toBeCloseTo(3.3333, 4);
    expect(rewardToRisk(shortPlan)).toBe(3);
    expect([planRisk(mirror), planRiskPercentage(mirror), rewardToRisk(mirror)]).toEqual([
      planRisk(shortPlan),
      planRiskPercentage(shortPlan),
      rewardToRisk(shortPlan),
    ]);
    // A short plan's stop below the entry leaves no positive risk, and so no reward-to-risk.
    expect(rewardToRisk({ ...shortPlan, stopLossPrice: 145 })).toBeNull();
  });

  it.each([
    ['risk-limited', account({ id: 'a1', maxTradeRisk: 0.5 })],
    ['capital-limited', account({ id: 'a2', capitalRisk: 2 })],
    ['funds-limited', account({ id: 'a3', availableFundsForTrading: 3_000 })],
    ['in lots', account({ id: 'a4', scaleOutFactor: 4 })],
  ])('sizes each account as the mirror (%s)', (_what, a) => {
    const [size] = computePositionSizes([a], shortPlan);
    expect(size!.position).toBeGreaterThan(0);
    expect(computePositionSizes([a], shortPlan)).toEqual(computePositionSizes([a], mirror));
    expect(planPositionFigures([a], shortPlan)).toEqual(planPositionFigures([a], mirror));
  });

  it('sizes nothing for a short plan whose stop is below the entry', () => {
    expect(computePositionSizes([account()], { ...shortPlan, stopLossPrice: 145 })[0]!.position).toBe(0);
  });

  it('adds the same planned risk to the heat', () => {
    const heatAccount: HeatAccount = { ...account({ id: ACCOUNT_1 }), heatLimit: 6 };
    const plan = (p: typeof mirror | typeof shortPlan) => ({
      ...p,
      id: 'p1',
      status: 'Ready' as TradePlanStatus,
      doneAt: null,
    });
    const heat = accountHeat(heatAccount, [], [plan(shortPlan)]);
    // 50,000 × 1 % = 500 at risk allows 100 shares at 5 a share; 10 % capital (5,000) allows 33.
    expect(heat.plannedRisk).toBe(165);
    expect(heat).toEqual(accountHeat(heatAccount, [], [plan(mirror)]));
  });
});

describe('a short plan against the last price', () => {
  const shortPlan = { entryPrice: 150, stopLossPrice: 155, targetPrice: 135, direction: 'Short' as const };

  it.each([
    [160, 'Above stop'], // a gap through the stop
    [155, 'Above stop'], // at the stop: the setup broke
    [154, 'Waiting'],
    [151.25, 'Near entry'], // 0.25R above the entry
    [150, 'Entry reached'],
    [140, 'Entry reached'],
    [135, 'Target reached'],
    [120, 'Target reached'],
  ])('priced %s: %s', (last, state) => {
    expect(planPrice(shortPlan, last).state).toBe(state);
  });

  it('measures the distance to the entry downward, in R and in percent', () => {
    const above = planPrice(shortPlan, 152.5);
    expect(above.distanceR).toBeCloseTo(0.5, 10);
    expect(above.distancePercent).toBeCloseTo((2.5 / 152.5) * 100, 10);
    expect(distanceText(above)).toBe('0.50R to entry (1.64%)');
    const past = planPrice(shortPlan, 147.5);
    expect(past.distanceR).toBeCloseTo(-0.5, 10);
    expect(distanceText(past)).toBe('0.50R past entry (1.69%)');
    // The mirror's figures for the mirrored price.
    const long = planPrice({ entryPrice: 150, stopLossPrice: 145, targetPrice: 165 }, 147.5);
    expect(long.distanceR).toBeCloseTo(above.distanceR, 10);
  });
});

describe('alerts of a short plan', () => {
  const plan = (over: Partial<WatchedPlan> = {}): WatchedPlan => ({
    id: 'p1',
    stock: 'QCOM',
    status: 'Ready',
    doneAt: null,
    alertsOn: true,
    entryPrice: 150,
    stopLossPrice: 155,
    targetPrice: 135,
    direction: 'Short',
    ...over,
  });
  const trade = (over: Record<string, unknown> = {}) => ({
    key: 't1',
    symbol: 'QCOM',
    direction: 'Short' as const,
    closedAt: null,
    planId: 'p1',
    initialStop: null,
    ...over,
  });
  const at = (last: number) => new Map([['QCOM', { last }]]);
  const kinds = (due: ReturnType<typeof alertsDue>) => due.map((d) => d.kind);
  const DAY = '2026-11-20';

  it.each([
    [150.01, []],
    [150, ['entry']],
    [140, ['entry']],
    [155, []], // a gap up through the stop is no entry
  ])('a Ready short plan priced %s: %j', (last, expected) => {
    expect(kinds(alertsDue([plan()], [], at(last), DAY))).toEqual(expected);
    expect(plansAtEntry([plan()], [], at(last))).toBe(expected.length);
  });

  it.each([
    // [last, initialStop, expected]
    [154.99, null, []],
    [155, null, ['stop']],
    [170, null, ['stop']], // a gap up through the stop
    [153, 153, ['stop']],
    [152.99, 153, []],
    [135.01, null, []],
    [135, null, ['target']],
    [120, null, ['target']],
  ])('its open short trade priced %s (initial stop %s): %j', (last, initialStop, expected) => {
    expect(kinds(alertsDue([plan()], [trade({ initialStop })], at(last), DAY))).toEqual(expected);
  });

  it("watches no long trade against a short plan's levels", () => {
    expect(alertsDue([plan()], [trade({ direction: 'Long' })], at(170), DAY)).toEqual([]);
  });
});

describe('the automatic link goes by direction', () => {
  const PLAN = '0190a1b2-0000-7000-8000-00000000aaaa';
  const plan = (direction?: 'Long' | 'Short') => ({
    id: PLAN,
    stock: 'AAPL',
    status: 'Ready' as TradePlanStatus,
    stopLossPrice: direction === 'Short' ? 52 : 48,
    createdAt: day(1),
    ...(direction ? { direction } : {}),
  });
  // Sell short 100 at 50 on day 2, buy to cover at 45 on day 3: net 500.
  const shortFills = [fill('e1', 'Sell', 100, 50, day(2)), fill('e2', 'Buy', 100, 45, day(3))];
  const longFills = [fill('e1', 'Buy', 100, 50, day(2)), fill('e2', 'Sell', 100, 55, day(3))];
  const build = (executions: typeof shortFills, plans: ReturnType<typeof plan>[]) =>
    buildTrades({ executions, annotations: [], plans, accounts: [] });

  it('links a short trade to the short plan of its stock, with its stop: risk and R follow', () => {
    expect(build(shortFills, [plan('Short')])[0]).toMatchObject({
      direction: 'Short',
      planId: PLAN,
      planned: true,
      initialStop: 52,
      initialRisk: 200, // 100 × |50 − 52|
      rMultiple: 2.5, // net 500 ÷ 200
    });
  });

  it('links no long trade to a short plan, nor a short trade to a long one', () => {
    expect(build(longFills, [plan('Short')])[0]).toMatchObject({ direction: 'Long', planId: null });
    expect(build(shortFills, [plan('Long')])[0]).toMatchObject({ direction: 'Short', planId: null });
    // A plan cached before plans had a direction is long.
    expect(build(shortFills, [plan()])[0]!.planId).toBeNull();
    expect(build(longFills, [plan()])[0]!.planId).toBe(PLAN);
  });
});
