import type { Account, Execution, Trade } from '../../src/domain/types.ts';
import { accountFixture, tradeFixture } from '../fixtures/records.ts';

/** An account as the domain tests know it: "Individual", $50,000 with $20,000 free. */
export const account = (overrides: Partial<Account> = {}): Account =>
  accountFixture({
    id: 'a1',
    accountName: 'Individual',
    accountHash: 'hash',
    currentBalance: 50_000,
    availableFundsForTrading: 20_000,
    originalBalance: 40_000,
    ...overrides,
  });

export const ACCOUNT_1 = '0190a1b2-0000-7000-8000-000000000001';
export const ACCOUNT_2 = '0190a1b2-0000-7000-8000-000000000002';

/** Day `d` of March 2026 at `time` UTC: fills in a test read as a diary. */
export const day = (d: number, time = '14:30:00.000'): string =>
  `2026-03-${String(d).padStart(2, '0')}T${time}Z`;

/** A fill: AAPL in account 1 unless told otherwise, no fees, from the broker with no position effect. */
export function fill(
  id: string,
  side: Execution['side'],
  quantity: number,
  price: number,
  executedAt: string,
  overrides: Partial<Execution> = {},
): Execution {
  return {
    id,
    accountId: ACCOUNT_1,
    symbol: 'AAPL',
    side,
    quantity,
    price,
    fees: 0,
    executedAt,
    source: 'broker',
    brokerExecutionId: `b-${id}`,
    positionEffect: null,
    createdAt: executedAt,
    ...overrides,
  };
}

/** A trade of account 1 ("Individual") in AAPL, opened on day 1: open and unplanned unless told. */
export const trade = (id: string, overrides: Partial<Trade> = {}): Trade =>
  tradeFixture({
    id,
    key: `${ACCOUNT_1}|AAPL|${day(1)}|${id}`,
    accountId: ACCOUNT_1,
    accountName: 'Individual',
    openedAt: day(1),
    executionIds: [],
    ...overrides,
  });

/**
 * A trade closed on day 2 with R `r` on a $100 risk (100 shares, stop $1 below a $50 entry), so
 * its net P&L is 100 × R; `r` null is a trade without a stop (P&L $0 unless told).
 */
export const closedTrade = (id: string, r: number | null, overrides: Partial<Trade> = {}): Trade =>
  trade(id, {
    closedAt: day(2),
    openQuantity: 0,
    averageEntryPrice: 50,
    averageExitPrice: 50,
    grossPnl: (r ?? 0) * 100,
    netPnl: (r ?? 0) * 100,
    initialStop: r === null ? null : 49,
    initialRisk: r === null ? null : 100,
    rMultiple: r,
    ...overrides,
  });

/** What a trade's fills decide, without its id, key and plan link (tradeLinks.test.ts has those). */
export const tradeFigures = (t: Trade) => ({
  direction: t.direction,
  openedAt: t.openedAt,
  closedAt: t.closedAt,
  entryQuantity: t.entryQuantity,
  openQuantity: t.openQuantity,
  averageEntryPrice: t.averageEntryPrice,
  averageExitPrice: t.averageExitPrice,
  grossPnl: t.grossPnl,
  fees: t.fees,
  netPnl: t.netPnl,
  executionIds: t.executionIds,
  incomplete: t.incomplete,
});
