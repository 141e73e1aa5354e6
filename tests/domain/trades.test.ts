import { describe, expect, it } from 'vitest';
import { newExecution } from '../../src/domain/executions.ts';
import { unlinked } from '../../src/domain/tradeAnnotation.ts';
import { tradeIdOf, tradeKeyOf } from '../../src/domain/tradeKeys.ts';
import { buildTrades } from '../../src/domain/tradeLinks.ts';
import type { Execution } from '../../src/domain/types.ts';
import { uuidV5 } from '../../src/domain/uuidV5.ts';
import { ACCOUNT_1, ACCOUNT_2, day, fill, tradeFigures } from './fixtures.ts';

const accounts = [{ id: ACCOUNT_1, accountName: 'Individual' }];
const build = (executions: readonly Execution[]) =>
  buildTrades({ executions, annotations: [], plans: [], accounts });

const figures = tradeFigures;

const closedLong = {
  direction: 'Long',
  openQuantity: 0,
  fees: 0,
  incomplete: false,
} as const;

describe('buildTrades: round trips from fills', () => {
  it('a simple long: buy 100 at 50, sell 100 at 55', () => {
    const key = `${ACCOUNT_1}|AAPL|${day(2)}`;
    expect(build([fill('e1', 'Buy', 100, 50, day(2)), fill('e2', 'Sell', 100, 55, day(4))])).toEqual([
      {
        id: tradeIdOf(key),
        key,
        accountId: ACCOUNT_1,
        accountName: 'Individual',
        symbol: 'AAPL',
        direction: 'Long',
        openedAt: day(2),
        closedAt: day(4),
        entryQuantity: 100,
        openQuantity: 0,
        averageEntryPrice: 50,
        averageExitPrice: 55,
        grossPnl: 500, // 100 × (55 − 50)
        fees: 0,
        netPnl: 500,
        // Nothing attached: every field of the annotation cleared.
        ...unlinked,
        planned: false,
        initialRisk: null,
        rMultiple: null,
        executionIds: ['e1', 'e2'],
        incomplete: false,
      },
    ]);
  });

  it.each([
    // A short gains when it buys back lower: 50 × (20 − 18) = 100.
    ['winning', 18, 100],
    // And loses when it buys back higher: 50 × (20 − 21.5) = −75.
    ['losing', 21.5, -75],
  ])('a %s short: sell 50 at 20, buy back at %d', (_label, exitPrice, pnl) => {
    const trades = build([fill('e1', 'Sell', 50, 20, day(2)), fill('e2', 'Buy', 50, exitPrice, day(3))]);
    expect(trades.map(figures)).toEqual([
      {
        ...closedLong,
        direction: 'Short',
        openedAt: day(2),
        closedAt: day(3),
        entryQuantity: 50,
        averageEntryPrice: 20,
        averageExitPrice: exitPrice,
        grossPnl: pnl,
        netPnl: pnl,
        executionIds: ['e1', 'e2'],
      },
    ]);
  });

  describe('two entries and three exits, matched FIFO', () => {
    // Lots: 100 at 10 (e1), then 100 at 12 (e2): 200 shares, average entry 11.
    const fills = [
      fill('e1', 'Buy', 100, 10, day(2)),
      fill('e2', 'Buy', 100, 12, day(3)),
      fill('e3', 'Sell', 50, 13, day(4)),
      fill('e4', 'Sell', 100, 14, day(5)),
      fill('e5', 'Sell', 50, 11, day(6)),
    ];
    const entered = { direction: 'Long', openedAt: day(2), entryQuantity: 200, averageEntryPrice: 11 };

    it.each([
      // e3: 50 of the first lot, 50 × (13 − 10) = 150. An average cost would say 50 × (13 − 11) = 100.
      [3, { closedAt: null, openQuantity: 150, averageExitPrice: 13, grossPnl: 150 }],
      // e4: the first lot's last 50, 50 × (14 − 10) = 200, then 50 of the second, 50 × (14 − 12) =
      // 100: 150 + 300 = 450 realised. Exits so far (50 × 13 + 100 × 14) ÷ 150 = 2050 ÷ 150 = 13.6667.
      [4, { closedAt: null, openQuantity: 50, averageExitPrice: 13.6667, grossPnl: 450 }],
      // e5: the second lot's last 50, 50 × (11 − 12) = −50: 400, which is also exits 2600 − entries
      // 2200. Exits (2050 + 550) ÷ 200 = 13.
      [5, { closedAt: day(6), openQuantity: 0, averageExitPrice: 13, grossPnl: 400 }],
    ])('after %d fills', (count, expected) => {
      const [trade, ...others] = build(fills.slice(0, count));
      expect(others).toEqual([]);
      expect(trade).toMatchObject({ ...entered, ...expected, netPnl: expected.grossPnl, fees: 0 });
      expect(trade!.executionIds).toEqual(fills.slice(0, count).map((f) => f.id));
    });
  });

  it('a reversal through zero closes the long and opens a short, the crossing fill’s fees split pro rata', () => {
    const trades = build([
      fill('e1', 'Buy', 100, 10, day(2), { fees: 0.5 }),
      // 100 of 150 close the long, 50 open the short. Fees 1.00: 100/150 = 0.67 (to the cent) to
      // the long and the rest, 0.33, to the short, so the trades' fees add up to the fills'.
      fill('e2', 'Sell', 150, 12, day(3), { fees: 1 }),
      fill('e3', 'Buy', 50, 11, day(4), { fees: 0.25 }),
    ]);
    expect(trades.map(figures)).toEqual([
      {
        // Closed last, listed first: the short closed on day 4.
        direction: 'Short',
        openedAt: day(3),
        closedAt: day(4),
        entryQuantity: 50,
        openQuantity: 0,
        averageEntryPrice: 12,
        averageExitPrice: 11,
        grossPnl: 50, // 50 × (12 − 11)
        fees: 0.58, // 0.33 + 0.25
        netPnl: 49.42,
        executionIds: ['e2', 'e3'],
        incomplete: false,
      },
      {
        ...closedLong,
        openedAt: day(2),
        closedAt: day(3),
        entryQuantity: 100,
        averageEntryPrice: 10,
        averageExitPrice: 12,
        grossPnl: 200, // 100 × (12 − 10)
        fees: 1.17, // 0.50 + 0.67
        netPnl: 198.83,
        executionIds: ['e1', 'e2'],
      },
    ]);
  });

  it('fees on every fill, entries included, come off the net', () => {
    const [trade] = build([
      fill('e1', 'Buy', 100, 20, day(2), { fees: 1.25 }),
      fill('e2', 'Buy', 50, 21, day(3), { fees: 0.75 }),
      fill('e3', 'Sell', 150, 22, day(4), { fees: 2.1 }),
    ]);
    expect(trade).toMatchObject({
      entryQuantity: 150,
      averageEntryPrice: 20.3333, // (2000 + 1050) ÷ 150 = 3050 ÷ 150
      averageExitPrice: 22,
      grossPnl: 250, // 3300 − 3050
      fees: 4.1, // 1.25 + 0.75 + 2.10
      netPnl: 245.9,
    });
  });

  it('a trade still open: realised P&L on the part sold, no close time', () => {
    expect(
      build([
        fill('e1', 'Buy', 100, 30, day(2), { fees: 1 }),
        fill('e2', 'Sell', 40, 33, day(3), { fees: 0.4 }),
      ]).map(figures),
    ).toEqual([
      {
        ...closedLong,
        openedAt: day(2),
        closedAt: null,
        entryQuantity: 100,
        openQuantity: 60,
        averageEntryPrice: 30,
        averageExitPrice: 33,
        grossPnl: 120, // 40 × (33 − 30); the 60 still held are not counted
        fees: 1.4,
        netPnl: 118.6,
        executionIds: ['e1', 'e2'],
      },
    ]);
    expect(build([fill('e1', 'Buy', 10, 5, day(2))])[0]).toMatchObject({
      closedAt: null,
      openQuantity: 10,
      averageExitPrice: null, // no exit yet
      grossPnl: 0,
      netPnl: 0,
    });
  });

  describe('a closing fill with no opening fill: an incomplete trade', () => {
    const incomplete = {
      closedAt: day(3),
      openQuantity: 0,
      averageEntryPrice: null,
      grossPnl: null,
      netPnl: null,
    };

    it('from flat: all of it, the direction it closed', () => {
      const trades = build([fill('e1', 'Sell', 100, 25, day(3), { positionEffect: 'Close', fees: 0.5 })]);
      expect(trades.map(figures)).toEqual([
        {
          ...incomplete,
          direction: 'Long', // a Sell that closes closed a long
          openedAt: day(3),
          entryQuantity: 100,
          averageExitPrice: 25,
          fees: 0.5,
          executionIds: ['e1'],
          incomplete: true,
        },
      ]);
      expect(build([fill('e1', 'Buy', 10, 25, day(3), { positionEffect: 'Close' })])[0]).toMatchObject({
        direction: 'Short',
        incomplete: true,
      });
    });

    it('beyond the known position: the known part closes the trade, the rest is incomplete', () => {
      const trades = build([
        fill('e1', 'Buy', 50, 20, day(2), { positionEffect: 'Open' }),
        // 50 close the long; the other 30 were bought before our history. Fees 0.80: 50/80 = 0.50, 0.30.
        fill('e2', 'Sell', 80, 22, day(3), { positionEffect: 'Close', fees: 0.8 }),
        // Flat again: the next buy opens a new trade, it does not close the 30.
        fill('e3', 'Buy', 10, 21, day(4), { positionEffect: 'Open' }),
      ]);
      expect(trades[0]).toMatchObject({ openedAt: day(4), openQuantity: 10, executionIds: ['e3'] });
      // Both closed on day 3, so their order is their ids'.
      expect(trades.slice(1).map(figures)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            openedAt: day(2),
            grossPnl: 100,
            fees: 0.5,
            netPnl: 99.5,
            incomplete: false,
          }),
          {
            ...incomplete,
            direction: 'Long',
            openedAt: day(3),
            entryQuantity: 30,
            averageExitPrice: 22,
            fees: 0.3,
            executionIds: ['e2'],
            incomplete: true,
          },
        ]),
      );
      expect(trades).toHaveLength(3);
    });

    it('a closing fill on the side of the position held does not add to it', () => {
      const trades = build([
        fill('e1', 'Buy', 50, 20, day(2)),
        fill('e2', 'Buy', 30, 21, day(3), { positionEffect: 'Close' }), // closes a short we never saw
      ]);
      expect(trades.map((t) => [t.direction, t.entryQuantity, t.openQuantity, t.incomplete])).toEqual([
        ['Long', 50, 50, false],
        ['Short', 30, 0, true],
      ]);
    });
  });

  it('a manual sell from flat opens a short: only a broker’s closing fill is incomplete', () => {
    expect(build([fill('e1', 'Sell', 10, 25, day(3))])[0]).toMatchObject({
      direction: 'Short',
      closedAt: null,
      openQuantity: 10,
      incomplete: false,
    });
  });

  it('fractional shares: crumbs of binary sums do not keep a trade open', () => {
    // 0.1 + 0.2 bought, 0.3 sold: 0.30000000000000004 − 0.3 = 5.6e-17 left, below 1e-9.
    const [trade] = build([
      fill('e1', 'Buy', 0.1, 100, day(2)),
      fill('e2', 'Buy', 0.2, 100, day(3)),
      fill('e3', 'Sell', 0.3, 110, day(4)),
    ]);
    expect(trade).toMatchObject({ closedAt: day(4), openQuantity: 0, grossPnl: 3 }); // 0.3 × 10
  });

  it('keeps accounts and symbols apart', () => {
    const trades = buildTrades({
      executions: [
        fill('e1', 'Buy', 100, 10, day(2)),
        // Another account's sell of the same symbol opens its own short; it closes nothing of e1.
        fill('e2', 'Sell', 100, 11, day(3), { accountId: ACCOUNT_2 }),
        // The same account's sell of another symbol opens a short in that symbol.
        fill('e3', 'Sell', 10, 300, day(4), { symbol: 'MSFT' }),
      ],
      annotations: [],
      plans: [],
      accounts,
    });
    expect(trades.map((t) => [t.accountId, t.accountName, t.symbol, t.direction, t.openQuantity])).toEqual([
      [ACCOUNT_1, 'Individual', 'MSFT', 'Short', 10],
      [ACCOUNT_2, '', 'AAPL', 'Short', 100], // an account the caller did not name
      [ACCOUNT_1, 'Individual', 'AAPL', 'Long', 100],
    ]);
  });

  it('lists open trades first, newest opened first, then closed ones, newest closed first', () => {
    const trades = build([
      fill('a1', 'Buy', 1, 10, day(1)),
      fill('a2', 'Sell', 1, 10, day(9)), // closed day 9
      fill('b1', 'Buy', 1, 10, day(2), { symbol: 'MSFT' }), // open since day 2
      fill('c1', 'Buy', 1, 10, day(3), { symbol: 'NVDA' }),
      fill('c2', 'Sell', 1, 10, day(4), { symbol: 'NVDA' }), // closed day 4
      fill('d1', 'Buy', 1, 10, day(5), { symbol: 'TSLA' }), // open since day 5
    ]);
    expect(trades.map((t) => [t.symbol, t.openedAt, t.closedAt])).toEqual([
      ['TSLA', day(5), null],
      ['MSFT', day(2), null],
      ['AAPL', day(1), day(9)],
      ['NVDA', day(3), day(4)],
    ]);
  });

  it('gives the same trades whatever order the fills come in', () => {
    const fills = [
      fill('e1', 'Buy', 100, 10, day(2), { fees: 0.5 }),
      fill('e2', 'Sell', 150, 12, day(3), { fees: 1 }),
      fill('e3', 'Buy', 50, 11, day(4)),
      // Same instant: id order decides, e4 (buy) before e5 (sell) — a round trip, then flat.
      fill('e4', 'Buy', 20, 30, day(5)),
      fill('e5', 'Sell', 20, 31, day(5)),
      fill('e6', 'Buy', 10, 200, day(2), { symbol: 'MSFT' }),
      fill('e7', 'Sell', 5, 210, day(6), { symbol: 'MSFT', fees: 0.3 }),
      fill('e8', 'Sell', 40, 55, day(3), { accountId: ACCOUNT_2, positionEffect: 'Close' }),
      fill('e9', 'Sell', 10, 9, day(7), { accountId: ACCOUNT_2 }),
      // The same instant written with an offset: ordered as the instant it is.
      fill('e10', 'Buy', 10, 8, '2026-03-08T09:30:00.000-05:00', { accountId: ACCOUNT_2 }),
    ];
    const expected = build(fills);
    expect(expected).toHaveLength(6);
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let round = 0; round < 20; round++) {
      const shuffled = [...fills].sort(() => random() - 0.5);
      expect(build(shuffled)).toEqual(expected);
    }
    expect(build([...fills].reverse())).toEqual(expected);
  });

  it('keeps fills of the same instant in the order they were recorded, whatever their ids', () => {
    // Typed by hand to the minute: the buy was recorded first, though the sell's id sorts first.
    const manual = { source: 'manual', brokerExecutionId: null } as const;
    const buy = fill('zz-buy', 'Buy', 10, 100, day(2), { ...manual, createdAt: '2026-03-02T15:00:00.000Z' });
    const sell = fill('aa-sell', 'Sell', 10, 110, day(2), {
      ...manual,
      createdAt: '2026-03-02T15:00:05.000Z',
    });
    for (const fills of [
      [buy, sell],
      [sell, buy],
    ]) {
      expect(build(fills)).toMatchObject([{ direction: 'Long', closedAt: day(2), grossPnl: 100 }]);
    }
  });
});

describe('fills of one second from the broker', () => {
  // Schwab's times have whole seconds; its activityId grows with time (issue 26: 18 of 40 such
  // round trips came out as an exit without entry plus a position that never closed).
  it("go in the broker's own sequence, as numbers, whatever their ids here or when imported", () => {
    const imported = { createdAt: day(3) };
    const at = day(2, '15:59:59.000');
    for (let round = 0; round < 20; round++) {
      const buy = fill(`id-${round}-b`, 'Buy', 10, 100, at, { ...imported, brokerExecutionId: '9' });
      const sell = fill(`id-${19 - round}-a`, 'Sell', 10, 101, at, { ...imported, brokerExecutionId: '10' });
      const next = fill(`id-${round}-c`, 'Buy', 5, 102, at, { ...imported, brokerExecutionId: '11' });
      const fills = round % 2 === 0 ? [sell, next, buy] : [next, buy, sell];
      expect(build(fills).map((t) => [t.direction, t.entryQuantity, t.closedAt])).toEqual([
        ['Long', 5, null],
        ['Long', 10, at],
      ]);
    }
  });
});

describe('the trade key and id', () => {
  it('is accountId|symbol|openedAt, the time in one form however it was written', () => {
    const key = `${ACCOUNT_1}|AAPL|2026-03-02T14:30:00.000Z`;
    expect(tradeKeyOf(ACCOUNT_1, 'AAPL', '2026-03-02T09:30:00-05:00')).toBe(key);
    expect(tradeKeyOf(ACCOUNT_1, 'AAPL', '2026-03-02T14:30:00Z')).toBe(key);
    expect(build([fill('e1', 'Buy', 1, 10, '2026-03-02T09:30:00-05:00')])[0]).toMatchObject({
      key,
      openedAt: '2026-03-02T14:30:00.000Z',
    });
  });

  it('is a UUID v5 of the key in a fixed namespace, so the server and an offline rebuild agree', () => {
    const key = `${ACCOUNT_1}|AAPL|2026-03-02T14:30:00.000Z`;
    const namespace = uuidV5('urn:trade-tracker:trade', '6ba7b811-9dad-11d1-80b4-00c04fd430c8'); // in the URL namespace
    expect(tradeIdOf(key)).toBe(uuidV5(key, namespace));
    // Pinned: a change here changes the id of every trade the app and its links have seen.
    expect(tradeIdOf(key)).toBe('e322926e-d167-5149-9840-2a5548c237ac');
  });

  it('stays the same as fills are added to the trade and when it closes', () => {
    const fills = [
      fill('e1', 'Buy', 100, 10, day(2)),
      fill('e2', 'Buy', 50, 11, day(3)),
      fill('e3', 'Sell', 150, 12, day(4)),
    ];
    const ids = [1, 2, 3].map((n) => build(fills.slice(0, n))[0]!.id);
    expect(new Set(ids).size).toBe(1);
  });

  it('numbers the second trade opened in the same millisecond, the same way on every rebuild', () => {
    const fills = [
      fill('e1', 'Buy', 10, 10, day(2)),
      fill('e2', 'Sell', 10, 11, day(2)),
      fill('e3', 'Buy', 5, 12, day(2)),
    ];
    const keys = build(fills).map((t) => t.key);
    const base = `${ACCOUNT_1}|AAPL|${day(2)}`;
    expect(keys).toEqual([`${base}|2`, base]); // the open one first
    expect(build([...fills].reverse()).map((t) => t.key)).toEqual(keys);
  });
});

describe('newExecution', () => {
  it('makes a manual fill: a fill, symbol upper-case, fees 0 when absent, time as toISOString writes it', () => {
    const input = {
      accountId: ACCOUNT_1,
      symbol: ' brk.b ',
      side: 'Buy',
      quantity: 10,
      price: 412.5,
      executedAt: '2026-03-02T09:30:00-05:00',
    } as const;
    const made = { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', createdAt: '2026-03-02T15:00:00.000Z' };
    expect(newExecution(input, made)).toEqual({
      id: made.id,
      accountId: ACCOUNT_1,
      symbol: 'BRK.B',
      side: 'Buy',
      quantity: 10,
      price: 412.5,
      fees: 0,
      executedAt: '2026-03-02T14:30:00.000Z',
      kind: 'fill',
      source: 'manual',
      brokerExecutionId: null,
      positionEffect: null,
      createdAt: made.createdAt,
    });
    expect(newExecution({ ...input, fees: 1.5 }, made).fees).toBe(1.5);
  });
});
