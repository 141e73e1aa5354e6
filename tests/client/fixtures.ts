import { type CollectionName, db, metaKeys } from '../../src/client/db/db.ts';
import { resetSyncState } from '../../src/client/sync/syncState.ts';
import type {
  Account,
  Edge,
  MarketCycle,
  TradePlan,
  TradePlanDto,
  TradeSetup,
} from '../../src/domain/types.ts';

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
  targetPrice: null,
  notes: '',
  positionSizes: [],
  createdAt: at,
  updatedAt: at,
  ...o,
});

/** A plan as the API sends it: edges as objects, not ids. */
export const planDtoFixture = (o: Partial<TradePlanDto> = {}): TradePlanDto => {
  const { edgeIds, ...plan } = planFixture(o as Partial<TradePlan>);
  return { ...plan, edges: edgeIds.map((id) => ({ id, name: id, weightFactor: 0.5 })), ...o };
};

export const marketCycleFixture = (o: Partial<MarketCycle> = {}): MarketCycle => ({
  cycleType: 'Uptrend',
  symbol: 'SPY',
  currentEma: 500,
  previousEma: 499,
  emaChangePercent: 0.2,
  timestamp: at,
  ...o,
});

/** The cache as a passed sign-in check leaves it: claimed for a trader. */
export async function ownCacheBy(userId = 'alex'): Promise<void> {
  await db.meta.put({ key: metaKeys.userId, value: userId });
}

/** Puts rows in the cache as a finished sync would, marking the collection as loaded. */
export async function seed(name: CollectionName, rows: unknown[]): Promise<void> {
  await db.table(name).bulkPut(rows);
  await db.meta.put({ key: metaKeys.syncedAt(name), value: at });
}

export async function resetCache(): Promise<void> {
  await Promise.all(db.tables.map((t) => t.clear()));
  resetSyncState();
}
