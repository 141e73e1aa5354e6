import type { Account, Execution } from '../../src/domain/types.ts';

export function account(overrides: Partial<Account> = {}): Account {
  return {
    id: 'a1',
    accountName: 'Individual',
    accountNumber: '****1234',
    accountHash: 'hash',
    currentBalance: 50_000,
    availableFundsForTrading: 20_000,
    originalBalance: 40_000,
    capitalRisk: 10,
    maxTradeRisk: 1,
    scaleOutFactor: 1,
    heatLimit: 6,
    dailyLossLimit: null,
    dailyLossLimitUnit: 'Dollars',
    maxNewTradesPerDay: null,
    ordersAllowed: false,
    openRisk: 0,
    plannedRisk: 0,
    openWithoutStop: 0,
    ...overrides,
  };
}

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
