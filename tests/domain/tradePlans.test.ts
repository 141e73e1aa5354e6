import { describe, expect, it } from 'vitest';
import { backupMessages } from '../../src/domain/backupMessages.ts';
import { messages } from '../../src/domain/messages.ts';
import { toTradePlan } from '../../src/domain/tradePlanDto.ts';
import {
  activeStockOf,
  allowedTransitions,
  canEditPlan,
  checkTransition,
  isActivePlan,
  isActiveStatus,
  newDraftPlan,
  planRisk,
  planRiskPercentage,
  rewardToRisk,
  riskBadgeColor,
  statusBadgeColor,
  validatePlanRecord,
  validateTradePlanCreate,
  validateTradePlanUpdate,
  weightedEdgeScore,
} from '../../src/domain/tradePlans.ts';
import { TRADE_PLAN_STATUSES, type TradePlanStatus } from '../../src/domain/types.ts';
import { normalizeStock } from '../../src/domain/validation.ts';
import { planDtoFixture, planFixture } from '../fixtures/records.ts';

describe('plan risk', () => {
  it('is entry minus stop, and its share of the entry in percent', () => {
    expect(planRisk({ entryPrice: 50, stopLossPrice: 47.5 })).toBe(2.5);
    expect(planRiskPercentage({ entryPrice: 50, stopLossPrice: 47.5 })).toBe(5);
  });

  it('is 0 % without a positive entry', () => {
    expect(planRiskPercentage({ entryPrice: 0, stopLossPrice: 0 })).toBe(0);
  });
});

describe('reward to risk (target − entry) ÷ (entry − stop)', () => {
  it.each([
    // entry, stop, target, reward ÷ risk
    [50, 48, 55, 2.5], // 5 ÷ 2
    [100, 95, 110, 2], // 10 ÷ 5
    [20, 17, 30, 10 / 3], // 10 ÷ 3
    [10, 9, 10.5, 0.5], // 0.5 ÷ 1
    [12.34, 11.11, 15.03, 2.69 / 1.23],
  ])('entry %d, stop %d, target %d: %d', (entryPrice, stopLossPrice, targetPrice, expected) => {
    expect(rewardToRisk({ entryPrice, stopLossPrice, targetPrice })).toBeCloseTo(expected, 9);
  });

  it.each([
    ['no target', { entryPrice: 50, stopLossPrice: 48, targetPrice: null }],
    ['the target left out', { entryPrice: 50, stopLossPrice: 48 }],
    ['no risk per share', { entryPrice: 50, stopLossPrice: 50, targetPrice: 60 }],
    ['a stop above the entry', { entryPrice: 50, stopLossPrice: 52, targetPrice: 60 }],
  ])('is null with %s', (_label, plan) => {
    expect(rewardToRisk(plan)).toBeNull();
  });
});

describe('weighted edge score: the mean weight of the edges, one decimal', () => {
  const w = (...weights: number[]) => weights.map((weightFactor) => ({ weightFactor }));

  it.each([
    [w(0.8), 0.8],
    [w(0.5, 0.8), 0.7], // 0.65: halves round up
    [w(0.1, 0.2), 0.2], // 0.15000000000000002
    [w(0.2, 0.2, 0.3, 0.3), 0.3], // 0.25
    [w(0.3, 0.3, 0.4), 0.3], // 0.333…
    [w(0.1, 0.2, 0.2), 0.2], // 0.1666…
    [w(1, 0, 0.5), 0.5],
    [w(0, 0), 0],
    [w(1, 1), 1],
  ])('%j scores %d', (edges, expected) => {
    expect(weightedEdgeScore(edges)).toBe(expected);
  });

  it('is null without edges', () => {
    expect(weightedEdgeScore([])).toBeNull();
  });
});

describe('risk badge', () => {
  it.each([
    [0, 'green'],
    [2, 'green'],
    [2.01, 'yellow'],
    [5, 'yellow'],
    [5.01, 'red'],
  ])('risk %d%% has a %s badge', (percent, color) => {
    expect(riskBadgeColor(percent)).toBe(color);
  });
});

describe('status', () => {
  it.each([
    ['Draft', false, 'gray', true],
    ['Ready', true, 'green', true],
    ['Hold', true, 'yellow', true],
    ['Discarded', false, 'red', false],
  ] as const)('%s: active %s, badge %s, editable %s', (status, active, color, editable) => {
    expect(isActiveStatus(status)).toBe(active);
    expect(statusBadgeColor(status)).toBe(color);
    expect(canEditPlan(status)).toBe(editable);
  });

  it.each([
    ['Ready', null, true],
    ['Hold', null, true],
    ['Ready', '2026-03-04T15:00:00.000Z', false],
    ['Hold', '2026-03-04T15:00:00.000Z', false],
    ['Draft', null, false],
    ['Discarded', '2026-03-04T15:00:00.000Z', false],
  ] as const)('a %s plan done at %s is active: %s', (status, doneAt, active) => {
    expect(isActivePlan({ status, doneAt })).toBe(active);
    expect(activeStockOf({ stock: 'brk.b', status, doneAt })).toBe(active ? 'BRK.B' : undefined);
  });

  it('reads doneAt in a backup: a time, none in older backups, and nothing else', () => {
    const record = {
      id: '0190a1b2-0000-7000-8000-00000000aaaa',
      stock: 'AAPL',
      entryPrice: 10,
      stopLossPrice: 9,
      status: 'Ready',
      createdAt: '2026-03-01T14:30:00.000Z',
      updatedAt: '2026-03-01T14:30:00.000Z',
    };
    expect(validatePlanRecord(record)).toMatchObject({ ok: true, value: { doneAt: null } });
    expect(validatePlanRecord({ ...record, doneAt: '2026-03-04T10:00:00-05:00' })).toMatchObject({
      ok: true,
      value: { doneAt: '2026-03-04T15:00:00.000Z' },
    });
    expect(validatePlanRecord({ ...record, doneAt: 'yesterday' })).toMatchObject({
      ok: false,
      errors: [{ field: 'doneAt' }],
    });
  });

  it('keeps alertsOn: on unless sent off, on in older backups, and only true or false', () => {
    const input = { stock: 'AAPL', entryPrice: 10, stopLossPrice: 9 };
    expect(validateTradePlanCreate(input)).toMatchObject({ ok: true, value: { alertsOn: true } });
    expect(validateTradePlanCreate({ ...input, alertsOn: false })).toMatchObject({
      ok: true,
      value: { alertsOn: false },
    });
    expect(validateTradePlanUpdate({ alertsOn: false })).toEqual({ ok: true, value: { alertsOn: false } });
    // An update that leaves it out keeps the stored one.
    expect(validateTradePlanUpdate({ notes: 'x' })).toEqual({ ok: true, value: { notes: 'x' } });
    const record = {
      id: '0190a1b2-0000-7000-8000-00000000aaaa',
      ...input,
      status: 'Ready',
      createdAt: '2026-03-01T14:30:00.000Z',
      updatedAt: '2026-03-01T14:30:00.000Z',
    };
    expect(validatePlanRecord(record)).toMatchObject({ ok: true, value: { alertsOn: true } });
    expect(validatePlanRecord({ ...record, alertsOn: false })).toMatchObject({
      ok: true,
      value: { alertsOn: false },
    });
    for (const alertsOn of ['no', 0, null]) {
      expect(validateTradePlanCreate({ ...input, alertsOn })).toMatchObject({
        ok: false,
        errors: [{ field: 'alertsOn', message: backupMessages.mustBeYesOrNo }],
      });
    }
    expect(newDraftPlan(input).alertsOn).toBe(true);
    expect(newDraftPlan({ ...input, alertsOn: false }).alertsOn).toBe(false);
  });

  it('reads a plan cached before doneAt was kept as not done', () => {
    const older = { stock: 'AAPL', status: 'Ready' } as { stock: string; status: 'Ready'; doneAt: null };
    expect(activeStockOf(older)).toBe('AAPL');
  });

  // The whole table (docs/product.md, "Plan statuses"): every one of the 16 pairs.
  const table: Record<TradePlanStatus, TradePlanStatus[]> = {
    Draft: ['Ready', 'Discarded'],
    Ready: ['Hold', 'Discarded', 'Draft'],
    Hold: ['Ready', 'Discarded'],
    Discarded: ['Draft'],
  };
  const pairs = TRADE_PLAN_STATUSES.flatMap((from) => TRADE_PLAN_STATUSES.map((to) => [from, to] as const));

  it('knows exactly the four statuses, so the pairs below are the whole table', () => {
    expect(TRADE_PLAN_STATUSES).toEqual(['Draft', 'Ready', 'Hold', 'Discarded']);
  });

  it.each(pairs)('%s -> %s follows the transition table', (from, to) => {
    const result = checkTransition(from, to);
    if (from === to) {
      expect(result).toEqual({ ok: false, reason: 'unchanged', message: messages.statusUnchanged });
      expect(messages.statusUnchanged).toBe('Trade plan is already in the requested status');
    } else if (table[from].includes(to)) {
      expect(result).toEqual({ ok: true });
    } else {
      expect(result).toEqual({
        ok: false,
        reason: 'refused',
        message: `Cannot transition from ${from} to ${to}`,
      });
    }
  });

  it.each(TRADE_PLAN_STATUSES)('allowedTransitions(%s) lists exactly the table row', (from) => {
    expect([...allowedTransitions(from)].sort()).toEqual([...table[from]].sort());
  });
});

describe('plans on the wire', () => {
  it('upper-cases and trims stock symbols', () => {
    expect(normalizeStock('  brk.b ')).toBe('BRK.B');
  });

  it('makes a new plan a Draft with every optional field filled', () => {
    // The plan builder's defaults are a new draft's: every field but the id and the times.
    const {
      id: _id,
      createdAt: _c,
      updatedAt: _u,
      ...draft
    } = planFixture({ entryPrice: 10, stopLossPrice: 9 });
    expect(newDraftPlan({ stock: 'AAPL', entryPrice: 10, stopLossPrice: 9 })).toEqual(draft);
    expect(
      newDraftPlan({
        stock: 'MSFT',
        entryPrice: 5,
        stopLossPrice: 4,
        probabilityOfSuccess: 60,
        edgeIds: ['e'],
        targetPrice: 7,
        notes: 'Earnings',
        marketCycleAtCreation: 'Downtrend',
      }),
    ).toMatchObject({
      probabilityOfSuccess: 60,
      edgeIds: ['e'],
      status: 'Draft',
      targetPrice: 7,
      notes: 'Earnings',
      marketCycleAtCreation: 'Downtrend',
    });
  });

  it('exposes the API edge objects as edgeIds', () => {
    const plan = toTradePlan(
      planDtoFixture({
        id: 'p',
        entryPrice: 10,
        stopLossPrice: 9,
        targetPrice: 12,
        notes: 'n',
        marketCycleAtCreation: 'Uptrend',
        edges: [
          { id: 'e1', name: 'Trend', weightFactor: 0.5 },
          { id: 'e2', name: 'Volume', weightFactor: 0.8 },
        ],
      }),
    );
    expect(plan.edgeIds).toEqual(['e1', 'e2']);
    expect(plan).toMatchObject({ targetPrice: 12, notes: 'n' });
    expect('edges' in plan).toBe(false);
  });
});
