// One journal for the planned-against-actual tests of Review and of a trade's details.
import type { Trade } from '../../src/domain/types.ts';
import { closedTradeFixture } from '../fixtures/records.ts';
import { accountFixture, planFixture, resetCache, seed, setupFixture } from './fixtures.ts';

// The Margin account sizes a plan at 100 entry, 95 stop: risk $1,000 ÷ 5 = 200, capital $10,000 ÷
// 100 = 100, funds $40,000 ÷ 100 = 400, so 100 shares.
const accounts = [accountFixture()];
const setups = [setupFixture({ id: 's-flag', name: 'Flag' })];
const plans = [
  planFixture({ id: 'p-aapl', stock: 'AAPL', tradeSetupId: 's-flag', targetPrice: 110, status: 'Ready' }),
  planFixture({ id: 'p-msft', stock: 'MSFT', status: 'Ready' }),
];
const closed = (symbol: string, day: number, o: Partial<Trade>) =>
  closedTradeFixture(symbol, day, { rMultiple: 1, ...o });
export const trades = [
  // Paid 100.50: +0.1R; 120 of 100 shares; sold at the target.
  closed('AAPL', 1, {
    planId: 'p-aapl',
    averageEntryPrice: 100.5,
    entryQuantity: 120,
    averageExitPrice: 110,
  }),
  // At the entry; stop moved to 94; sold at 104, short of the target.
  closed('AAPL', 2, { planId: 'p-aapl', initialStop: 94, averageExitPrice: 104 }),
  // No setup: paid 99.50, −0.1R; 50 shares; stopped at 95.
  closed('MSFT', 3, { planId: 'p-msft', averageEntryPrice: 99.5, entryQuantity: 50, averageExitPrice: 95 }),
  // Unplanned: not compared.
  closed('NVDA', 4, { averageExitPrice: 90 }),
];

/** A fresh cache with the journal's account, setup and plans (the trades are each test's). */
export async function seedPlannedJournal(): Promise<void> {
  await resetCache();
  await seed('accounts', accounts);
  await seed('tradeSetups', setups);
  await seed('tradePlans', plans);
}
