import { describe, expect, it } from 'vitest';
import type { Execution } from '../../../src/domain/executions.ts';
import { planImport } from '../../../src/domain/statements/importPlan.ts';
import type { StatementFill } from '../../../src/domain/statements/statement.ts';

const ACCOUNT = '5f0c6b36-52a4-4d4e-9d36-2b0c8c3f0a11';
const fill = (line: number, over: Partial<StatementFill> = {}): StatementFill => ({
  line,
  kind: 'fill',
  symbol: 'AAPL',
  side: 'Buy',
  quantity: 10,
  price: 100,
  fees: 0,
  executedAt: '2026-03-16T13:31:00.000Z',
  positionEffect: null,
  brokerId: null,
  account: null,
  ...over,
});
const manual = (id: string, over: Partial<Execution> = {}): Execution => ({
  id,
  accountId: ACCOUNT,
  symbol: 'AAPL',
  side: 'Buy',
  quantity: 10,
  price: 100,
  fees: 0,
  executedAt: '2026-03-16T13:31:40.000Z',
  kind: 'fill',
  source: 'manual',
  brokerExecutionId: null,
  positionEffect: null,
  createdAt: '2026-03-16T14:00:00.000Z',
  ...over,
});
const NOW = '2026-03-17T00:00:00.000Z';

describe('what an import adds', () => {
  it('adds each fill once, however often the file is imported', () => {
    const file = [fill(2), fill(3), fill(4, { side: 'Sell', price: 101 })];
    const first = planImport(file, ACCOUNT, [], NOW);
    expect(first.add).toHaveLength(3);
    expect(first.add.every((e) => e.source === 'statement')).toBe(true);
    const again = planImport(file, ACCOUNT, first.add, NOW);
    expect(again.add).toEqual([]);
    expect(again.alreadyHere.map((a) => a.line)).toEqual([2, 3, 4]);
    // A file overlapping the last one adds only what is new.
    const overlap = planImport(
      [...file.slice(2), fill(5, { side: 'Sell', price: 102 })],
      ACCOUNT,
      first.add,
      NOW,
    );
    expect(overlap.add.map((e) => e.price)).toEqual([102]);
  });

  it('counts a fill recorded by hand within a minute as already here, once', () => {
    const plan = planImport([fill(2), fill(3)], ACCOUNT, [manual('m1')], NOW);
    expect(plan.alreadyHere).toEqual([{ line: 2, id: 'm1' }]);
    expect(plan.add).toHaveLength(1);
    // Over a minute apart, or another price: a different fill.
    expect(
      planImport([fill(2)], ACCOUNT, [manual('m1', { executedAt: '2026-03-16T13:32:01.000Z' })], NOW).add,
    ).toHaveLength(1);
    expect(planImport([fill(2)], ACCOUNT, [manual('m1', { price: 100.01 })], NOW).add).toHaveLength(1);
  });

  it('keeps the broker’s ids as the identity where the file has them', () => {
    const plan = planImport([fill(2, { brokerId: 'T1' }), fill(3, { brokerId: 'T2' })], ACCOUNT, [], NOW);
    expect(plan.add.map((e) => e.brokerExecutionId)).toEqual(['id:T1', 'id:T2']);
    // The same trade id written twice in one file is one fill.
    expect(
      planImport([fill(2, { brokerId: 'T1' }), fill(3, { brokerId: 'T1' })], ACCOUNT, [], NOW).add,
    ).toHaveLength(1);
  });
});
