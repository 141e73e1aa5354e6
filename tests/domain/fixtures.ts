import type { Account } from '../../src/domain/types.ts';

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
    ...overrides,
  };
}
