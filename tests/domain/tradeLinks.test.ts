import { describe, expect, it } from 'vitest';
import { doneChanges, donePlans, type PlanDoneState, tradeOutcomeOfPlan } from '../../src/domain/planDone.ts';
import { annotationOf, applyTradeUpdate, unlinked } from '../../src/domain/tradeAnnotation.ts';
import { buildTrades, newAnnotations } from '../../src/domain/tradeLinks.ts';
import type { Execution, Trade, TradeAnnotation, TradePlanStatus } from '../../src/domain/types.ts';
import { tradeFixture } from '../fixtures/records.ts';
import { ACCOUNT_1, ACCOUNT_2, day, fill } from './fixtures.ts';

const PLAN = '0190a1b2-0000-7000-8000-00000000aaaa';
const OTHER_PLAN = '0190a1b2-0000-7000-8000-00000000bbbb';

const plan = (
  overrides: Partial<{
    id: string;
    stock: string;
    status: TradePlanStatus;
    stopLossPrice: number;
    createdAt: string;
  }> = {},
) => ({
  id: PLAN,
  stock: 'AAPL',
  status: 'Ready' as TradePlanStatus,
  stopLossPrice: 48,
  createdAt: day(1),
  ...overrides,
});

const build = (
  executions: readonly Execution[],
  { plans = [plan()], annotations = [] as TradeAnnotation[] } = {},
) => buildTrades({ executions, annotations, plans, accounts: [] });

// Buy 100 at 50 on day 2, sell at 55 on day 4: gross 500, fees 0.60 + 0.40, net 499.
const long = [
  fill('e1', 'Buy', 100, 50, day(2), { fees: 0.6 }),
  fill('e2', 'Sell', 100, 55, day(4), { fees: 0.4 }),
];
const link = (t: Trade) => ({
  planId: t.planId,
  planned: t.planned,
  initialStop: t.initialStop,
  initialRisk: t.initialRisk,
  rMultiple: t.rMultiple,
  notes: t.notes,
});
// A trade's link fields before any plan: none, no stop, no risk, no R, no notes.
const unplanned = link(tradeFixture());

describe('the automatic link to the active plan of the symbol', () => {
  it.each(['Ready', 'Hold'] as const)(
    'links a long to the %s plan, with its stop: risk and R follow',
    (status) => {
      expect(build(long, { plans: [plan({ status })] }).map(link)).toEqual([
        {
          planId: PLAN,
          planned: true,
          initialStop: 48,
          initialRisk: 200, // 100 × |50 − 48|
          rMultiple: 2.495, // net 499 ÷ 200
          notes: '',
        },
      ]);
    },
  );

  it.each([
    ['a Draft plan', [plan({ status: 'Draft' })]],
    ['a Discarded plan', [plan({ status: 'Discarded' })]],
    // A minute and a millisecond after the open: later than any time a fill typed to the minute means.
    ['a plan made after the trade opened', [plan({ createdAt: '2026-03-02T14:31:00.001Z' })]],
    ['a plan for another stock', [plan({ stock: 'MSFT' })]],
    ['no plan at all', []],
  ])('leaves it unplanned with %s', (_label, plans) => {
    expect(build(long, { plans }).map(link)).toEqual([unplanned]);
  });

  it('links a plan made in the very millisecond the trade opened', () => {
    expect(build(long, { plans: [plan({ createdAt: day(2) })] })[0]!.planId).toBe(PLAN);
  });

  it('links a plan made within the minute a hand-typed fill time names', () => {
    // The buy is typed as 14:30; the plan was saved at 14:30:38.
    expect(build(long, { plans: [plan({ createdAt: '2026-03-02T14:30:38.000Z' })] })[0]!.planId).toBe(PLAN);
    expect(build(long, { plans: [plan({ createdAt: '2026-03-02T14:31:00.000Z' })] })[0]!.planId).toBe(PLAN);
  });

  it('never links a short trade to a long plan, nor an incomplete trade', () => {
    const short = [fill('e1', 'Sell', 100, 50, day(2)), fill('e2', 'Buy', 100, 45, day(3))];
    const incomplete = [fill('e1', 'Sell', 100, 50, day(2), { positionEffect: 'Close' })];
    expect(build(short).map(link)).toEqual([unplanned]);
    expect(build(incomplete).map(link)).toEqual([unplanned]);
  });

  it('picks the newest of two active plans (an offline cache can briefly hold both)', () => {
    const plans = [plan({ id: OTHER_PLAN, createdAt: day(1, '09:00:00.000') }), plan({ stopLossPrice: 49 })];
    expect(build(long, { plans })[0]).toMatchObject({ planId: PLAN, initialStop: 49 });
  });
});

describe('an annotation is what the trader said, and wins', () => {
  const key = `${ACCOUNT_1}|AAPL|${day(2)}`;

  it('links to the plan the trader chose, with their stop and notes', () => {
    const annotations = [
      { ...unlinked, key, planId: OTHER_PLAN, initialStop: 47.5, notes: 'Chased the open' },
    ];
    expect(build(long, { annotations }).map(link)).toEqual([
      {
        planId: OTHER_PLAN,
        planned: true,
        initialStop: 47.5,
        initialRisk: 250, // 100 × 2.50
        rMultiple: 1.996, // 499 ÷ 250
        notes: 'Chased the open',
      },
    ]);
  });

  it('keeps an unlinked trade unlinked, even with an active plan, and measures R from its stop', () => {
    const annotations = [{ ...unlinked, key, initialStop: 49 }];
    expect(build(long, { annotations }).map(link)).toEqual([
      { ...unplanned, initialStop: 49, initialRisk: 100, rMultiple: 4.99 }, // 499 ÷ (100 × 1)
    ]);
  });
});

describe('initial risk and R', () => {
  const stopped = (executions: Execution[], initialStop: number | null) =>
    build(executions, {
      annotations: [{ ...unlinked, key: `${ACCOUNT_1}|AAPL|${day(2)}`, initialStop }],
    })[0]!;

  it.each([
    // fills, stop, initial risk, R — all hand-worked from the fills' figures.
    [
      'a loss of 1.5R',
      [fill('e1', 'Buy', 100, 50, day(2)), fill('e2', 'Sell', 100, 47, day(3))],
      48,
      200,
      -1.5,
    ], // −300 ÷ 200
    [
      'a third of R, to 4 decimals',
      [fill('e1', 'Buy', 100, 50, day(2)), fill('e2', 'Sell', 100, 51, day(3))],
      47,
      300,
      0.3333,
    ], // 100 ÷ 300
    [
      'a short, stop above',
      [fill('e1', 'Sell', 50, 20, day(2)), fill('e2', 'Buy', 50, 18, day(3))],
      21,
      50,
      2,
    ], // 100 ÷ (50 × 1)
    [
      'a stop set on the wrong side: risk is still a distance',
      [fill('e1', 'Buy', 10, 50, day(2)), fill('e2', 'Sell', 10, 52, day(3))],
      52,
      20,
      1,
    ], // 20 ÷ 20
    [
      'a stop at the entry: no risk, no R',
      [fill('e1', 'Buy', 10, 50, day(2)), fill('e2', 'Sell', 10, 52, day(3))],
      50,
      0,
      null,
    ],
    ['a trade still open: risk, but no R yet', [fill('e1', 'Buy', 10, 50, day(2))], 45, 50, null],
    [
      'no stop: neither',
      [fill('e1', 'Buy', 10, 50, day(2)), fill('e2', 'Sell', 10, 52, day(3))],
      null,
      null,
      null,
    ],
  ] as const)('%s', (_label, executions, stop, initialRisk, rMultiple) => {
    expect(stopped([...executions], stop)).toMatchObject({ initialStop: stop, initialRisk, rMultiple });
  });

  it('risk is on the average entry of every scale-in, to the cent', () => {
    // Entries 100 at 10 and 50 at 10.55: average 1527.5 ÷ 150 = 10.1833; risk 150 × 0.6833 = 102.495 → 102.50.
    const trade = stopped(
      [
        fill('e1', 'Buy', 100, 10, day(2)),
        fill('e2', 'Buy', 50, 10.55, day(3)),
        fill('e3', 'Sell', 150, 11, day(4)),
      ],
      9.5,
    );
    expect(trade).toMatchObject({ averageEntryPrice: 10.1833, initialRisk: 102.5, netPnl: 122.5 });
    expect(trade.rMultiple).toBe(1.1951); // 122.50 ÷ 102.50 = 1.19512…
  });

  it('an incomplete trade has no entry, so no risk and no R, whatever its stop', () => {
    expect(stopped([fill('e1', 'Sell', 100, 50, day(2), { positionEffect: 'Close' })], 45)).toMatchObject({
      initialStop: 45,
      initialRisk: null,
      rMultiple: null,
    });
  });
});

describe("the trader's own initial risk", () => {
  // Net 499 (see long); the plan's stop 48 risks 100 × 2 = 200.
  const key = `${ACCOUNT_1}|AAPL|${day(2)}`;
  const short = [fill('e1', 'Sell', 100, 50, day(2)), fill('e2', 'Buy', 100, 52, day(3))];
  const open = [fill('e1', 'Buy', 100, 50, day(2))];
  const incomplete = [fill('e1', 'Sell', 100, 50, day(2), { positionEffect: 'Close' })];
  it.each([
    ['a linked trade: R over it, not the plan', long, { planId: PLAN, initialStop: 48 }, 250, 250, 1.996],
    ['an unlinked trade without a stop gets an R', long, {}, 400, 400, 1.2475],
    ['a trade with a stop of its own', long, { initialStop: 45 }, 1000, 1000, 0.499],
    ['a short losing trade', short, {}, 100, 100, -2],
    ['without it, the stop measures the risk', long, { planId: PLAN, initialStop: 48 }, null, 200, 2.495],
    ['without it or a stop, no R', long, {}, null, null, null],
    ['an open trade has no R yet', open, {}, 250, 250, null],
    ['an incomplete trade has no R', incomplete, {}, 250, 250, null],
  ] as const)('%s', (_label, fills, attached, ownInitialRisk, initialRisk, rMultiple) => {
    const annotations = [{ ...unlinked, key, ...attached, ownInitialRisk }];
    expect(build(fills, { annotations })[0]).toMatchObject({ ownInitialRisk, initialRisk, rMultiple });
  });

  it('is what an edit sets, and kept when an edit leaves it out', () => {
    const [trade] = build(long, { plans: [] });
    const set = applyTradeUpdate(trade!, { ...unlinked, ownInitialRisk: 250 });
    expect(set).toMatchObject({ ownInitialRisk: 250, initialRisk: 250, rMultiple: 1.996 });
    const { ownInitialRisk: _, ...withoutIt } = unlinked;
    expect(applyTradeUpdate(set, { ...withoutIt, notes: 'n' })).toMatchObject({ ownInitialRisk: 250 });
    expect(annotationOf(set)).toMatchObject({ key: trade!.key, ownInitialRisk: 250 });
  });
});

describe('applyTradeUpdate', () => {
  const [trade] = build(long);

  it.each([
    { planId: OTHER_PLAN, initialStop: 45, notes: 'Late entry' },
    { planId: null, initialStop: 48, notes: '' },
    { planId: null, initialStop: null, notes: 'No plan, no stop' },
  ])('gives what a rebuild with that annotation gives: %j', (update) => {
    const rebuilt = build(long, { annotations: [{ ...unlinked, key: trade!.key, ...update }] })[0];
    expect(applyTradeUpdate(trade!, update)).toEqual(rebuilt);
  });

  it('recomputes planned, risk and R', () => {
    expect(link(applyTradeUpdate(trade!, { planId: null, initialStop: 45, notes: 'n' }))).toEqual({
      planId: null,
      planned: false,
      initialStop: 45,
      initialRisk: 500, // 100 × 5
      rMultiple: 0.998, // 499 ÷ 500
      notes: 'n',
    });
  });
});

describe('newAnnotations: the decisions to store', () => {
  it('are those of trades without an annotation, linked or not', () => {
    const msft = [fill('m1', 'Buy', 10, 300, day(3), { symbol: 'MSFT' })];
    const nvda = [fill('n1', 'Buy', 10, 100, day(3), { symbol: 'NVDA' })];
    const annotated = { ...unlinked, key: `${ACCOUNT_1}|MSFT|${day(3)}`, notes: 'mine' };
    const plans = [plan(), plan({ id: OTHER_PLAN, stock: 'MSFT' })];
    const trades = build([...long, ...msft, ...nvda], { plans, annotations: [annotated] });
    // AAPL was linked automatically; MSFT has the trader's annotation; NVDA has no plan.
    expect(newAnnotations(trades, [annotated])).toEqual(
      expect.arrayContaining([
        { ...unlinked, key: `${ACCOUNT_1}|AAPL|${day(2)}`, planId: PLAN, initialStop: 48 },
        { ...unlinked, key: `${ACCOUNT_1}|NVDA|${day(3)}` },
      ]),
    );
    expect(newAnnotations(trades, [annotated]).length).toBe(2);
    expect(newAnnotations(trades, trades.map(annotationOf))).toEqual([]);
  });

  it("take the broker's stop order placed with the opening fill when no plan gives a stop", () => {
    const stops = new Map([['e1', 47.5]]);
    const [unlinked] = newAnnotations(build(long, { plans: [] }), [], stops);
    expect(unlinked).toMatchObject({ planId: null, initialStop: 47.5 });
    // Frozen: the trade's risk is 100 × 2.50, so its net 499 is 1.996R.
    const [trade] = build(long, { plans: [], annotations: [unlinked as TradeAnnotation] });
    expect(trade).toMatchObject({ initialRisk: 250, rMultiple: 1.996 });
    // A plan's stop wins over the broker's; a stop on a later fill (not the opening one) is not used.
    expect(newAnnotations(build(long), [], stops)[0]).toMatchObject({ planId: PLAN, initialStop: 48 });
    expect(newAnnotations(build(long, { plans: [] }), [], new Map([['e2', 60]]))[0]).toMatchObject({
      initialStop: null,
    });
  });

  it('once stored as unplanned, keep a trade unplanned when a Draft plan made before it turns Ready', () => {
    const stored = newAnnotations(build(long, { plans: [plan({ status: 'Draft' })] }), []);
    expect(build(long, { plans: [plan({ status: 'Ready' })], annotations: stored }).map(link)).toEqual([
      unplanned,
    ]);
  });

  it('once stored, hold the link after the plan is discarded or its stop moves', () => {
    const [stored] = newAnnotations(build(long), []);
    const later = build(long, {
      plans: [plan({ status: 'Discarded', stopLossPrice: 40 })],
      annotations: [stored!],
    });
    expect(later[0]).toMatchObject({ planId: PLAN, initialStop: 48, initialRisk: 200 });
  });
});

describe('tradeOutcomeOfPlan', () => {
  const trades = (executions: Execution[]) =>
    build(executions, { plans: [plan({ createdAt: day(1, '00:00:00.000') })] });

  it.each([
    ['nothing without a linked trade', [], null],
    ['"Open" while the trade is open', [fill('e1', 'Buy', 100, 50, day(2))], 'Open'],
    ['its R once closed', long, '+2.50R'], // 2.495 shown with two decimals, halves away from zero
    ['a loss', [fill('e1', 'Buy', 100, 50, day(2)), fill('e2', 'Sell', 100, 48, day(3))], '\u22121.00R'], // −200 ÷ 200
    [
      // The later trade opened on day 3 in another account is the one shown, though the first
      // closed after it opened.
      'the most recently opened trade',
      [...long, fill('e3', 'Buy', 10, 52, day(3), { accountId: ACCOUNT_2 })],
      'Open',
    ],
  ])('shows %s', (_label, executions, expected) => {
    expect(tradeOutcomeOfPlan(PLAN, trades([...executions]))).toBe(expected);
  });

  it('shows "Closed" for a closed trade without a stop, and ignores other plans’ trades', () => {
    const [trade] = trades([...long]);
    const noStop = applyTradeUpdate(trade!, { planId: PLAN, initialStop: null, notes: '' });
    expect(tradeOutcomeOfPlan(PLAN, [noStop])).toBe('Closed');
    expect(tradeOutcomeOfPlan(OTHER_PLAN, [noStop])).toBeNull();
  });

  it('shows "Done" with the R for a done plan, and "Done" alone without one', () => {
    const [trade] = trades([...long]);
    const noStop = applyTradeUpdate(trade!, { planId: PLAN, initialStop: null, notes: '' });
    expect(tradeOutcomeOfPlan(PLAN, [trade!], day(4))).toBe('Done · +2.50R');
    expect(tradeOutcomeOfPlan(PLAN, [noStop], day(4))).toBe('Done');
    // Done on trades this device does not hold (yet): still done.
    expect(tradeOutcomeOfPlan(PLAN, [], day(4))).toBe('Done');
  });
});

// A plan whose linked trades have all closed is done (docs/product.md, "Trade plans").
describe('a done plan', () => {
  // The plan's trade closes on day 4 at +2.50R; the trader buys AAPL again on day 6.
  const reentry = [fill('e3', 'Buy', 10, 52, day(6)), fill('e4', 'Sell', 10, 53, day(7))];
  const byOpen = (ts: Trade[]) => [...ts].sort((a, b) => (a.openedAt < b.openedAt ? -1 : 1));

  it('takes no re-entry: the new trade is unplanned, the plan keeps its R', () => {
    const [first, again] = byOpen(build([...long, ...reentry]));
    expect(first).toMatchObject({ planId: PLAN, rMultiple: 2.495 });
    expect(link(again!)).toEqual(unplanned);
    expect(tradeOutcomeOfPlan(PLAN, [first!, again!], day(4))).toBe('Done · +2.50R');
  });

  it('links the same whether the re-entry arrives later or the whole history at once', () => {
    // Live: the first trade's link is stored when its fills arrive, the re-entry's when its do.
    const firstSeen = build(long);
    const stored = newAnnotations(firstSeen, []);
    const live = build([...long, ...reentry], { annotations: stored });
    const liveStored = [...stored, ...newAnnotations(live, stored)];
    // From scratch: every fill at once (a first import of a year of history).
    const scratch = build([...long, ...reentry]);
    expect(newAnnotations(scratch, []).sort(byKey)).toEqual(liveStored.sort(byKey));
    expect(scratch.map((t) => t.planId).sort()).toEqual([PLAN, null].sort());
  });

  it('is not done while a trade linked to it is open: a trade in another account opened then links to it', () => {
    const otherAccount = [
      fill('e5', 'Buy', 10, 51, day(3), { accountId: ACCOUNT_2 }),
      fill('e6', 'Sell', 10, 56, day(5), { accountId: ACCOUNT_2 }),
    ];
    const built = build([...long, ...otherAccount, ...reentry]);
    const planned = built.filter((t) => t.planId === PLAN).map((t) => t.accountId);
    expect(planned.sort()).toEqual([ACCOUNT_1, ACCOUNT_2].sort());
    // Done once both have closed: at the later close, day 5. The day-6 re-entry is unplanned.
    expect(donePlans(built)).toEqual(new Map([[PLAN, day(5)]]));
    expect(built.filter((t) => t.planId === null)).toHaveLength(1);
  });

  it('takes a trade the trader links by hand, and is done no more while it is open', () => {
    const key = `${ACCOUNT_1}|AAPL|${day(6)}`;
    const annotations = [{ ...unlinked, key, planId: PLAN, initialStop: 50 }];
    const built = build([...long, fill('e3', 'Buy', 10, 52, day(6))], { annotations });
    expect(built.filter((t) => t.planId === PLAN)).toHaveLength(2);
    expect(donePlans(built).has(PLAN)).toBe(false);
  });

  it('is done no more once its closing fill is deleted', () => {
    expect(donePlans(build(long))).toEqual(new Map([[PLAN, day(4)]]));
    expect(donePlans(build([long[0]!]))).toEqual(new Map());
    expect(donePlans(build([]))).toEqual(new Map());
  });
});

const byKey = (a: TradeAnnotation, b: TradeAnnotation) => (a.key < b.key ? -1 : 1);

describe('doneChanges: the plans whose doneAt the trades change', () => {
  const state = (over: Partial<PlanDoneState> = {}): PlanDoneState => ({
    id: PLAN,
    stock: 'AAPL',
    status: 'Ready',
    doneAt: null,
    createdAt: day(1),
    ...over,
  });
  const closed = build(long);
  const open = build([long[0]!]);
  const NEW_PLAN = '0190a1b2-0000-7000-8000-00000000cccc';

  it('marks a plan done at its trade’s close, and nothing when it already is', () => {
    expect(doneChanges([state()], closed)).toEqual([{ id: PLAN, doneAt: day(4) }]);
    expect(doneChanges([state({ doneAt: day(4) })], closed)).toEqual([]);
    expect(doneChanges([state()], open)).toEqual([]);
  });

  it('makes a plan whose trade reopened active again', () => {
    expect(doneChanges([state({ doneAt: day(4) })], open)).toEqual([{ id: PLAN, doneAt: null }]);
    expect(doneChanges([state({ doneAt: day(4), status: 'Discarded' })], [])).toEqual([
      { id: PLAN, doneAt: null },
    ]);
  });

  it('keeps it done while a newer plan of the stock is active: a stock has one active plan', () => {
    const newer = state({ id: NEW_PLAN, createdAt: day(5) });
    expect(doneChanges([state({ doneAt: day(4) }), newer], open)).toEqual([]);
    // The newer plan discarded: the stock is free.
    expect(doneChanges([state({ doneAt: day(4) }), { ...newer, status: 'Discarded' }], open)).toEqual([
      { id: PLAN, doneAt: null },
    ]);
  });

  it('frees stocks before it takes one: a plan that becomes done comes first', () => {
    // The other plan's trade closed as this one's reopened (two of one stock can both be done).
    const other = state({ id: NEW_PLAN, createdAt: day(5) });
    const otherClosed = closed.map((t) => ({ ...t, planId: NEW_PLAN }));
    expect(doneChanges([state({ doneAt: day(4) }), other], [...otherClosed])).toEqual([
      { id: NEW_PLAN, doneAt: day(4) },
      { id: PLAN, doneAt: null },
    ]);
  });

  it('gives a free stock to the newest of two plans reopening', () => {
    const older = state({ doneAt: day(4) });
    const newer = state({ id: NEW_PLAN, doneAt: day(4), createdAt: day(5) });
    expect(doneChanges([older, newer], [])).toEqual([{ id: NEW_PLAN, doneAt: null }]);
  });
});
