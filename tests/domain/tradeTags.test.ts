import { describe, expect, it } from 'vitest';
import { backupMessages } from '../../src/domain/backupMessages.ts';
import { criteriaOf } from '../../src/domain/checklist.ts';
import { messages } from '../../src/domain/messages.ts';
import { validateSetupRecord } from '../../src/domain/setups.ts';
import { computeStats, type GroupStats, type StatsContext } from '../../src/domain/stats.ts';
import {
  annotationOf,
  applyTradeUpdate,
  isUntouchedAnnotation,
  sameAnnotation,
  unlinked,
  validateAnnotationRecord,
  validateTradeUpdate,
} from '../../src/domain/tradeAnnotation.ts';
import { buildTrades } from '../../src/domain/tradeLinks.ts';
import {
  checklistRefusal,
  validatePlanRecord,
  validateTradePlanUpdate,
} from '../../src/domain/tradePlans.ts';
import { COMMON_MISTAKES, labelSuggestions, mistakeCosts } from '../../src/domain/tradeTags.ts';
import type { Trade } from '../../src/domain/types.ts';
import { ACCOUNT_1, closedTrade, day, fill } from './fixtures.ts';

// docs/product.md, "Trades" (tags and mistakes), "Trade setups" (the checklist), "Plan statuses"
// (the Ready rule) and "Review" (the groups and the cost of each mistake).

const AT = '2026-03-02T14:30:00.000Z';
const PLAN = '0190a1b2-0000-7000-8000-000000000001';
const SETUP = '0190a1b2-0000-7000-8000-0000000000s1'.replace('s1', 'a1');
const base = { planId: null, initialStop: null, notes: '' };

const update = (over: Record<string, unknown>) => validateTradeUpdate({ ...base, ...over });
const errorsOf = (result: ReturnType<typeof validateTradeUpdate>) => (result.ok ? [] : result.errors);

describe('tags and mistakes on a trade', () => {
  it('are trimmed, and the same label in another case is merged, spelled as first written', () => {
    const result = update({ tags: ['  Breakout ', 'breakout', 'A+', 'BREAKOUT'], mistakes: ['moved stop'] });
    expect(result).toEqual({
      ok: true,
      value: { ...base, tags: ['Breakout', 'A+'], mistakes: ['moved stop'] },
    });
  });

  it.each([
    ['tags', ['x'.repeat(40)], true],
    ['tags', ['x'.repeat(41)], messages.tagsSay.tooLong],
    ['mistakes', ['x'.repeat(41)], messages.mistakesSay.tooLong],
    ['tags', ['a\u0007b'], messages.tagsSay.controlCharacters],
    ['tags', ['a\tb'], messages.tagsSay.controlCharacters],
    ['mistakes', ['moved\nstop'], messages.mistakesSay.controlCharacters],
    ['tags', ['\ud800'], messages.tagsSay.brokenCharacter],
    ['tags', ['ok', 'gap \udfff'], messages.tagsSay.brokenCharacter],
    ['mistakes', ['chased \ud83d'], messages.mistakesSay.brokenCharacter],
    ['tags', ['\u{1f4c8} breakout'], true],
    ['tags', ['   '], messages.tagsSay.blank],
    ['tags', [''], messages.tagsSay.blank],
    ['tags', 'breakout', messages.tagsSay.notList],
    ['tags', [3], messages.tagsSay.notList],
    ['mistakes', null, messages.mistakesSay.notList],
    ['tags', Array.from({ length: 20 }, (_, i) => `t${i}`), true],
    ['tags', Array.from({ length: 21 }, (_, i) => `t${i}`), messages.tagsSay.tooMany],
    ['mistakes', Array.from({ length: 21 }, (_, i) => `m${i}`), messages.mistakesSay.tooMany],
    // 21 written, 20 once the same label in another case is merged.
    ['tags', [...Array.from({ length: 20 }, (_, i) => `t${i}`), 'T0'], true],
  ])('%s %j: %s', (field, value, expected) => {
    const result = update({ [field]: value });
    if (expected === true) expect(result.ok).toBe(true);
    else expect(errorsOf(result)).toEqual([{ field, message: expected }]);
  });

  it('say their limits in the messages', () => {
    expect(messages.tagsSay.tooLong).toBe('A tag must be at most 40 characters');
    expect(messages.tagsSay.tooMany).toBe('A trade can have at most 20 tags');
    expect(messages.mistakesSay.tooMany).toBe('A trade can have at most 20 mistakes');
  });

  it('left out of an update are kept; sent, they replace the trade’s (an empty list clears them)', () => {
    const [trade] = buildTrades({
      executions: [fill('b1', 'Buy', 10, 50, day(1)), fill('s1', 'Sell', 10, 55, day(2))],
      annotations: [],
      plans: [],
      accounts: [],
    });
    const tagged = applyTradeUpdate(trade!, { ...base, tags: ['Breakout'], mistakes: ['oversized'] });
    expect([tagged.tags, tagged.mistakes]).toEqual([['Breakout'], ['oversized']]);
    const old = validateTradeUpdate({ ...base, notes: 'from an older app' });
    expect(old.ok && old.value).toEqual({ ...base, notes: 'from an older app' });
    const kept = applyTradeUpdate(tagged, old.ok ? old.value : base);
    expect([kept.tags, kept.mistakes, kept.notes]).toEqual([
      ['Breakout'],
      ['oversized'],
      'from an older app',
    ]);
    const cleared = applyTradeUpdate(kept, { ...base, tags: [], mistakes: [] });
    expect([cleared.tags, cleared.mistakes]).toEqual([[], []]);
  });

  it('flow from the annotation onto the trade a rebuild makes, and back', () => {
    const key = `${ACCOUNT_1}|AAPL|${day(1)}`;
    const [trade] = buildTrades({
      executions: [fill('b1', 'Buy', 10, 50, day(1))],
      annotations: [{ ...unlinked, key, ...base, tags: ['Gap'], mistakes: ['chased entry'] }],
      plans: [],
      accounts: [],
    });
    expect([trade!.tags, trade!.mistakes]).toEqual([['Gap'], ['chased entry']]);
    expect(annotationOf(trade!)).toEqual({
      ...unlinked,
      key,
      ...base,
      tags: ['Gap'],
      mistakes: ['chased entry'],
    });
  });

  it('are part of the annotation a restore compares and fills in', () => {
    const stored = { ...unlinked, key: 'k', ...base, tags: ['Gap'], mistakes: [] };
    expect(sameAnnotation(stored, { ...stored, tags: ['gap', 'Gap'].slice(1) })).toBe(true);
    expect(sameAnnotation(stored, { ...stored, tags: [] })).toBe(false);
    expect(sameAnnotation(stored, { ...stored, mistakes: ['oversized'] })).toBe(false);
    const edited = { ...stored, createdAt: AT, updatedAt: '2026-03-03T14:30:00.000Z' };
    expect(isUntouchedAnnotation(edited)).toBe(false);
    expect(isUntouchedAnnotation({ ...edited, tags: [] })).toBe(true);
  });

  it('an older backup’s annotation without them restores with none', () => {
    const record = {
      key: `${ACCOUNT_1}|AAPL|${day(1)}`,
      ...base,
      createdAt: AT,
      updatedAt: AT,
    };
    expect(validateAnnotationRecord(record)).toEqual({
      ok: true,
      value: { ...unlinked, ...record },
    });
    expect(validateAnnotationRecord({ ...record, tags: ['x'.repeat(41)] })).toEqual({
      ok: false,
      errors: [{ field: 'tags', message: messages.tagsSay.tooLong }],
    });
  });

  it('suggestions: the labels used, most used first, in their most used spelling; mistakes add the common ones', () => {
    const trades = [
      { tags: ['Gap', 'breakout'], mistakes: ['moved stop'] },
      { tags: ['Breakout'], mistakes: ['late exit'] },
      { tags: ['Breakout'], mistakes: [] },
    ];
    expect(labelSuggestions(trades, 'tags')).toEqual(['Breakout', 'Gap']);
    expect(labelSuggestions(trades, 'mistakes')).toEqual([
      'late exit',
      'moved stop',
      'chased entry',
      'oversized',
    ]);
    expect(labelSuggestions([], 'mistakes')).toEqual([...COMMON_MISTAKES]);
    expect(COMMON_MISTAKES).toEqual(['moved stop', 'chased entry', 'oversized']);
  });
});

/** A closed trade with R `r` (risk $100), its tags and mistakes, closed on day `closedOn`. */
const closed = (id: string, r: number, labels: Partial<Trade> = {}, closedOn = 2): Trade =>
  closedTrade(id, r, { closedAt: day(closedOn), ...labels });

const noContext: StatsContext = { plans: [], setups: [], edges: [] };
const figures = (groups: readonly GroupStats[]) => groups.map((g) => [g.label, g.n, g.expectancyR, g.netPnl]);

describe('Review by tag and by mistake', () => {
  const trades = [
    closed('t1', 2, { tags: ['Breakout', 'Gap'] }),
    closed('t2', -1, { tags: ['breakout'], mistakes: ['moved stop'] }),
    closed('t3', 1, { mistakes: ['moved stop', 'oversized'] }),
    closed('t4', -2, { mistakes: ['chased entry'] }),
    closed('t5', 3),
  ];

  it('a trade counts under each of its tags (one tag in two spellings is one group); none under "No tags"', () => {
    expect(figures(computeStats(trades, 'tag', noContext))).toEqual([
      ['No tags', 3, 0.6667, 200],
      // Under the spelling first by code unit, whatever order the trades come in.
      ['Breakout', 2, 0.5, 100],
      ['Gap', 1, 2, 200],
    ]);
  });

  it('a trade counts under each of its mistakes; none under "No mistakes"', () => {
    expect(figures(computeStats(trades, 'mistake', noContext))).toEqual([
      ['No mistakes', 2, 2.5, 500],
      ['moved stop', 2, 0, 0],
      ['chased entry', 1, -2, -200],
      ['oversized', 1, 1, 100],
    ]);
  });

  it('the cost of each mistake: n × (expectancy without any mistake − expectancy with it), by hand', () => {
    // Clean trades t1 (+2R) and t5 (+3R): E₀ = +2.5R.
    // moved stop: t2 −1, t3 +1: E = 0, cost = 2 × (2.5 − 0) = 5R.
    // chased entry: t4 −2: cost = 1 × (2.5 − (−2)) = 4.5R.
    // oversized: t3 +1: cost = 1 × (2.5 − 1) = 1.5R.
    const { clean, costs } = mistakeCosts(trades);
    expect([clean?.n, clean?.expectancyR]).toEqual([2, 2.5]);
    expect(costs.map((c) => [c.stats.label, c.stats.n, c.costR])).toEqual([
      ['moved stop', 2, 5],
      ['chased entry', 1, 4.5],
      ['oversized', 1, 1.5],
    ]);
  });

  it('a mistake that did better than the clean trades costs a negative amount; without clean trades, none', () => {
    const better = mistakeCosts([closed('a', 1), closed('b', 3, { mistakes: ['oversized'] })]);
    expect(better.costs.map((c) => c.costR)).toEqual([-2]);
    const noBaseline = mistakeCosts([closed('b', 3, { mistakes: ['oversized'] })]);
    expect([noBaseline.clean, noBaseline.costs.map((c) => c.costR)]).toEqual([undefined, [null]]);
  });

  it('expectancies as shown (4 decimals) make the cost: thirds', () => {
    // Clean: +1, +1, +2 → E₀ = 1.3333; the mistake: 0 → cost = 3 × 1.3333 = 3.9999.
    const trades3 = [
      closed('a', 1),
      closed('b', 1),
      closed('c', 2),
      ...['d', 'e', 'f'].map((id) => closed(id, 0, { mistakes: ['moved stop'] })),
    ];
    expect(mistakeCosts(trades3).costs[0]?.costR).toBe(3.9999);
  });
});

describe('the setup checklist', () => {
  it('is one criterion a line, trimmed, blank lines ignored, each once', () => {
    expect(criteriaOf('  Above EMA21 \n\n\r\nVolume up\r\nAbove EMA21\n  ')).toEqual([
      'Above EMA21',
      'Volume up',
    ]);
    expect(criteriaOf('')).toEqual([]);
    expect(criteriaOf(Array.from({ length: 35 }, (_, i) => `c${i}`).join('\n'))).toHaveLength(30);
  });

  it('leaves a line past 1,000 characters as text, not a criterion a plan could not tick', () => {
    const long = 'x'.repeat(1001);
    expect(criteriaOf(`Above EMA21\n${long}\n${'y'.repeat(1000)}`)).toEqual([
      'Above EMA21',
      'y'.repeat(1000),
    ]);
  });

  const setup = { entryCriteria: 'Above EMA21\nVolume up\nTight base', checklistRequired: true };

  it.each([
    ['every criterion ticked', ['Tight base', 'Above EMA21', 'Volume up'], undefined],
    ['one missing', ['Above EMA21', 'Volume up'], messages.checklistIncomplete(2, 3)],
    ['none ticked', [], messages.checklistIncomplete(0, 3)],
    // The setup's criteria were edited since: a tick matching no current line does not count.
    ['a tick of an old line', ['Above EMA21', 'Volume up', 'Tight flag'], messages.checklistIncomplete(2, 3)],
  ])('a move to Ready with %s', (_, criteriaMet, expected) => {
    expect(checklistRefusal({ criteriaMet }, 'Ready', setup)).toBe(expected);
  });

  it('asks nothing of other moves, of setups that do not require it, of plans without a setup', () => {
    expect(checklistRefusal({ criteriaMet: [] }, 'Hold', setup)).toBeUndefined();
    expect(
      checklistRefusal({ criteriaMet: [] }, 'Ready', { ...setup, checklistRequired: false }),
    ).toBeUndefined();
    expect(checklistRefusal({ criteriaMet: [] }, 'Ready', undefined)).toBeUndefined();
    expect(
      checklistRefusal({ criteriaMet: [] }, 'Ready', { entryCriteria: '', checklistRequired: true }),
    ).toBe(undefined);
    // A plan cached before the checklist was kept ticks nothing.
    expect(checklistRefusal({}, 'Ready', setup)).toBe(messages.checklistIncomplete(0, 3));
    expect(messages.checklistIncomplete(2, 3)).toBe(
      "This plan's setup requires every entry criterion before Ready: 2 of 3 ticked",
    );
  });

  it('a plan ticks criteria by their text: trimmed, each once, at most 30, no control characters', () => {
    const ok = validateTradePlanUpdate({ criteriaMet: [' Volume up ', 'Volume up', 'volume up'] });
    expect(ok).toEqual({ ok: true, value: { criteriaMet: ['Volume up', 'volume up'] } });
    const tooMany = validateTradePlanUpdate({ criteriaMet: Array.from({ length: 31 }, (_, i) => `c${i}`) });
    expect(tooMany).toEqual({
      ok: false,
      errors: [{ field: 'criteriaMet', message: messages.criteriaMetSay.tooMany }],
    });
    const control = validateTradePlanUpdate({ criteriaMet: ['a\u0000'] });
    expect(control).toEqual({
      ok: false,
      errors: [{ field: 'criteriaMet', message: messages.criteriaMetSay.controlCharacters }],
    });
    const broken = validateTradePlanUpdate({ criteriaMet: ['Volume up', 'a\ud800'] });
    expect(broken).toEqual({
      ok: false,
      errors: [{ field: 'criteriaMet', message: messages.criteriaMetSay.brokenCharacter }],
    });
  });

  it('older backups: a setup without checklistRequired does not require it, a plan without criteriaMet ticks none', () => {
    const setupRecord = {
      id: SETUP,
      name: 'Flag',
      description: '',
      entryCriteria: 'a',
      exitCriteria: '',
      notes: '',
      createdAt: AT,
      updatedAt: AT,
    };
    expect(validateSetupRecord(setupRecord)).toEqual({
      ok: true,
      value: { ...setupRecord, checklistRequired: false },
    });
    expect(validateSetupRecord({ ...setupRecord, checklistRequired: 'yes' })).toEqual({
      ok: false,
      errors: [{ field: 'checklistRequired', message: backupMessages.mustBeYesOrNo }],
    });
    const planRecord = {
      id: PLAN,
      stock: 'AAPL',
      entryPrice: 100,
      stopLossPrice: 95,
      status: 'Ready',
      createdAt: AT,
      updatedAt: AT,
    };
    const checked = validatePlanRecord(planRecord);
    expect(checked.ok && checked.value.criteriaMet).toEqual([]);
  });
});

describe('Review by criteria met', () => {
  const setups = [
    { id: 's1', name: 'Flag', entryCriteria: 'Above EMA21\nVolume up' },
    { id: 's2', name: 'Loose', entryCriteria: '' },
  ];
  const plans = [
    { id: 'all', tradeSetupId: 's1', edgeIds: [], criteriaMet: ['Above EMA21', 'Volume up'] },
    { id: 'some', tradeSetupId: 's1', edgeIds: [], criteriaMet: ['Volume up', 'An old line'] },
    { id: 'none', tradeSetupId: 's1', edgeIds: [], criteriaMet: ['An old line'] },
    { id: 'loose', tradeSetupId: 's2', edgeIds: [], criteriaMet: [] },
    { id: 'nosetup', tradeSetupId: null, edgeIds: [], criteriaMet: [] },
    // Cached before criteria were kept.
    { id: 'older', tradeSetupId: 's1', edgeIds: [] },
  ];
  it('groups by how many of its setup’s current criteria the plan ticked', () => {
    const trades = [
      closed('a', 2, { planId: 'all', planned: true }),
      closed('b', 1, { planId: 'all', planned: true }),
      closed('c', -1, { planId: 'some', planned: true }),
      closed('d', -1, { planId: 'none', planned: true }),
      closed('e', -2, { planId: 'older', planned: true }),
      closed('f', 0.5, { planId: 'loose', planned: true }),
      closed('g', 0.5, { planId: 'nosetup', planned: true }),
      closed('h', 3),
    ];
    expect(figures(computeStats(trades, 'criteria', { plans, setups, edges: [] }))).toEqual([
      ['All met', 2, 1.5, 300],
      ['No checklist', 2, 0.5, 100],
      ['None met', 2, -1.5, -300],
      ['Some met', 1, -1, -100],
      ['Unplanned', 1, 3, 300],
    ]);
  });
});
