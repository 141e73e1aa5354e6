import { describe, expect, it } from 'vitest';
import { accountHeat } from '../../src/domain/heat.ts';
import type { OptionContract } from '../../src/domain/optionContract.ts';
import { unlinked, withAnnotation } from '../../src/domain/tradeAnnotation.ts';
import { buildTrades } from '../../src/domain/tradeLinks.ts';
import type { Execution, Trade } from '../../src/domain/types.ts';
import { ACCOUNT_1, account, day, fill } from './fixtures.ts';

// Option round trips (docs/product.md, "Options"): one per contract, FIFO, every amount times the
// multiplier (fees are per fill, as charged). Each case's figures are worked by hand beside it.

const contract = (strike: number, putCall: OptionContract['putCall'], expiration = '2026-06-19') => ({
  expiration,
  strike,
  putCall,
  multiplier: 100,
});
const C200 = contract(200, 'Call');
const C210 = contract(210, 'Call');

/** An option fill of AAPL's contract `option`: broker fills with the position effect the broker gave. */
const opt = (
  id: string,
  option: OptionContract,
  side: Execution['side'],
  quantity: number,
  price: number,
  at: string,
  more: Partial<Execution> = {},
) => fill(id, side, quantity, price, at, { option, ...more });

const build = (executions: Execution[], now?: Date) =>
  buildTrades({ executions, annotations: [], plans: [], accounts: [], now });
const one = (trades: Trade[], id: string) => trades.find((t) => t.executionIds.includes(id))!;

describe('option round trips, by hand', () => {
  it('a long call bought and sold in parts: FIFO, times 100, fees as charged, R on the premium paid', () => {
    const trades = build([
      opt('b1', C200, 'Buy', 3, 4, day(2), { fees: 1.95, positionEffect: 'Open' }),
      opt('b2', C200, 'Buy', 2, 5, day(3), { fees: 1.3, positionEffect: 'Open' }),
      opt('s1', C200, 'Sell', 4, 6, day(4), { fees: 2.6, positionEffect: 'Close' }),
      opt('s2', C200, 'Sell', 1, 3, day(5), { fees: 0.65, positionEffect: 'Close' }),
    ]);
    expect(trades).toHaveLength(1);
    expect(trades[0]).toMatchObject({
      symbol: 'AAPL',
      option: C200,
      key: `${ACCOUNT_1}|AAPL260619C00200000|${day(2)}`,
      direction: 'Long',
      closedAt: day(5),
      entryQuantity: 5,
      openQuantity: 0,
      // (3 × 4 + 2 × 5) ÷ 5 = 4.40; (4 × 6 + 1 × 3) ÷ 5 = 5.40.
      averageEntryPrice: 4.4,
      averageExitPrice: 5.4,
      // s1 takes 3 @ 4 and 1 @ 5: 3 × 2 + 1 × 1 = 7; s2 takes 1 @ 5: −2. (7 − 2) × 100 = 500.
      grossPnl: 500,
      // 1.95 + 1.30 + 2.60 + 0.65.
      fees: 6.5,
      netPnl: 493.5,
      // The premium paid, 5 × 4.40 × 100 = 2,200; R = 493.50 ÷ 2,200 = 0.2243.
      initialRisk: 2200,
      rMultiple: 0.2243,
    });
  });

  it('a short put bought back: a short position, no R unless the trader sets their own risk', () => {
    const P180 = contract(180, 'Put');
    const [put] = build([
      opt('s1', P180, 'Sell', 2, 3.1, day(2), { fees: 1.3, positionEffect: 'Open' }),
      opt('b1', P180, 'Buy', 2, 1.05, day(6), { fees: 1.3, positionEffect: 'Close' }),
    ]);
    // −(1.05 − 3.10) × 2 × 100 = 410; fees 2.60; net 407.40. Naked: "without a stop".
    expect(put).toMatchObject({ direction: 'Short', grossPnl: 410, fees: 2.6, netPnl: 407.4 });
    expect(put).toMatchObject({ initialRisk: null, rMultiple: null });
    // The trader's own risk of $3,000: R = 407.40 ÷ 3,000 = 0.1358.
    const own = withAnnotation(put!, { ...unlinked, ownInitialRisk: 3000 });
    expect(own).toMatchObject({ initialRisk: 3000, rMultiple: 0.1358 });
  });

  it('a call expiring worthless closes at 0 at the close of its expiration day, as Expired', () => {
    const C250 = contract(250, 'Call', '2026-03-20');
    const fills = [opt('b1', C250, 'Buy', 1, 2, day(2), { fees: 1, positionEffect: 'Open' })];
    // Before 4 p.m. in New York on the 20th (EDT from 8 March: 20:00 UTC) it is still open.
    expect(build(fills, new Date('2026-03-20T19:59:59Z'))[0]).toMatchObject({
      closedAt: null,
      openQuantity: 1,
    });
    const [expired] = build(fills, new Date('2026-03-23T12:00:00Z'));
    // −2 × 1 × 100 = −200; fees 1; net −201; R = −201 ÷ 200 = −1.005.
    expect(expired).toMatchObject({
      closedAt: '2026-03-20T20:00:00.000Z',
      closedBy: 'Expired',
      openQuantity: 0,
      averageExitPrice: 0,
      grossPnl: -200,
      netPnl: -201,
      initialRisk: 200,
      rMultiple: -1.005,
    });
  });

  it('a put assigned: the option closes at 0 as Assigned, and 100 shares a contract open at the strike', () => {
    const P100 = contract(100, 'Put', '2026-03-20');
    const trades = build([
      opt('s1', P100, 'Sell', 1, 2.5, day(2), { fees: 0.65, positionEffect: 'Open' }),
      opt('a1', P100, 'Buy', 1, 0, day(21, '10:00:00.000'), { kind: 'assignment', positionEffect: 'Close' }),
      fill('st', 'Buy', 100, 100, day(21, '10:00:00.000')),
    ]);
    // The put: −(0 − 2.50) × 1 × 100 = 250; fees 0.65; net 249.35.
    expect(one(trades, 's1')).toMatchObject({
      option: P100,
      direction: 'Short',
      closedAt: day(21, '10:00:00.000'),
      closedBy: 'Assigned',
      grossPnl: 250,
      netPnl: 249.35,
    });
    // The shares: their own trade, open, 100 at the strike.
    expect(one(trades, 'st')).not.toHaveProperty('option');
    expect(one(trades, 'st')).toMatchObject({
      direction: 'Long',
      closedAt: null,
      openQuantity: 100,
      averageEntryPrice: 100,
    });
  });

  it('a vertical spread opened in one order and closed in one: each leg its own round trip', () => {
    const trades = build([
      opt('l1', C200, 'Buy', 1, 5, day(2), { positionEffect: 'Open' }),
      opt('l2', C210, 'Sell', 1, 2, day(2), { positionEffect: 'Open' }),
      opt('l3', C200, 'Sell', 1, 7, day(9), { positionEffect: 'Close' }),
      opt('l4', C210, 'Buy', 1, 3, day(9), { positionEffect: 'Close' }),
    ]);
    expect(trades).toHaveLength(2);
    // The long 200 call: (7 − 5) × 100 = 200. The short 210 call: −(3 − 2) × 100 = −100. Net +100.
    expect(one(trades, 'l1')).toMatchObject({
      option: C200,
      direction: 'Long',
      grossPnl: 200,
      closedAt: day(9),
    });
    expect(one(trades, 'l2')).toMatchObject({
      option: C210,
      direction: 'Short',
      grossPnl: -100,
      closedAt: day(9),
    });
    expect(trades.reduce((sum, t) => sum + t.netPnl!, 0)).toBe(100);
  });

  it('a roll: the old contract closes and the new one opens in one order', () => {
    const P1 = contract(100, 'Put', '2026-03-20');
    const P2 = contract(95, 'Put', '2026-04-17');
    const trades = build(
      [
        opt('o1', P1, 'Sell', 1, 2, day(2), { positionEffect: 'Open' }),
        opt('c1', P1, 'Buy', 1, 0.5, day(10), { positionEffect: 'Close' }),
        opt('o2', P2, 'Sell', 1, 1.8, day(10), { positionEffect: 'Open' }),
      ],
      new Date('2026-03-15T12:00:00Z'),
    );
    // The March put: −(0.50 − 2.00) × 100 = 150, closed on the 10th. The April put: open, short 1 @ 1.80.
    expect(one(trades, 'o1')).toMatchObject({ option: P1, grossPnl: 150, closedAt: day(10) });
    expect(one(trades, 'o1')).not.toHaveProperty('closedBy');
    expect(one(trades, 'o2')).toMatchObject({
      option: P2,
      direction: 'Short',
      closedAt: null,
      openQuantity: 1,
      averageEntryPrice: 1.8,
    });
  });

  it('keeps a stock trade in the same symbol as it was, beside the options', () => {
    const stock = [fill('s1', 'Buy', 10, 50, day(2)), fill('s2', 'Sell', 10, 55, day(3))];
    const alone = build(stock);
    const beside = build([...stock, opt('b1', C200, 'Buy', 1, 4, day(2))]);
    expect(one(beside, 's1')).toEqual(alone[0]);
    expect(alone[0]).toMatchObject({ grossPnl: 50, key: `${ACCOUNT_1}|AAPL|${day(2)}` });
    expect(alone[0]).not.toHaveProperty('option');
  });

  it("counts an open long option's premium as its open risk, and a naked short one as without a stop", () => {
    const P90 = contract(90, 'Put');
    const trades = build([
      opt('b1', C200, 'Buy', 2, 4, day(2), { positionEffect: 'Open' }),
      opt('s1', P90, 'Sell', 1, 1.5, day(2), { positionEffect: 'Open' }),
    ]);
    const heat = accountHeat({ ...account({ id: ACCOUNT_1 }), heatLimit: 6 }, trades, []);
    // 2 × 4.00 × 100 = 800 at risk on the call; the put's risk is unknown.
    expect(heat).toMatchObject({ openRisk: 800, openWithoutStop: 1 });
  });
});
