import { type CollectionName, db, metaKeys } from '../../src/client/db/db.ts';
import { resetSyncState } from '../../src/client/sync/syncState.ts';
import type { Account, Edge, TradePlan, TradeSetup } from '../../src/domain/types.ts';

const at = '2026-11-20T15:00:00.000Z';

export const accountFixture = (o: Partial<Account> = {}): Account => ({
  id: 'acc-1',
  accountName: 'Margin',
  accountNumber: '****1234',
  accountHash: 'h1',
  currentBalance: 100_000,
  availableFundsForTrading: 40_000,
  originalBalance: 80_000,
  capitalRisk: 10,
  maxTradeRisk: 1,
  scaleOutFactor: 1,
  ...o,
});

export const edgeFixture = (o: Partial<Edge> = {}): Edge => ({
  id: `edge-${o.name ?? 'x'}`,
  name: 'Trend',
  description: 'Above EMA21',
  identificationNotes: 'Daily chart',
  weightFactor: 0.5,
  isActive: true,
  createdAt: at,
  updatedAt: at,
  ...o,
});

export const setupFixture = (o: Partial<TradeSetup> = {}): TradeSetup => ({
  id: `setup-${o.name ?? 'x'}`,
  name: 'Flag',
  description: '',
  successScore: 0,
  entryCriteria: '',
  exitCriteria: '',
  notes: '',
  createdAt: at,
  updatedAt: at,
  ...o,
});

export const planFixture = (o: Partial<TradePlan> = {}): TradePlan => ({
  id: `plan-${o.stock ?? 'x'}`,
  stock: 'AAPL',
  entryPrice: 100,
  stopLossPrice: 95,
  probabilityOfSuccess: null,
  status: 'Draft',
  scanId: null,
  tradeSetupId: null,
  edgeIds: [],
  positionSizes: [],
  createdAt: at,
  updatedAt: at,
  ...o,
});

/** Puts rows in the cache as a finished sync would, marking the collection as loaded. */
export async function seed(name: CollectionName, rows: unknown[]): Promise<void> {
  await db.table(name).bulkPut(rows);
  await db.meta.put({ key: metaKeys.syncedAt(name), value: at });
}

export async function resetCache(): Promise<void> {
  await Promise.all(db.tables.map((t) => t.clear()));
  resetSyncState();
}
