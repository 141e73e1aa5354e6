import { type CollectionName, db, metaKeys } from '../../src/client/db/db.ts';
import { resetSyncState } from '../../src/client/sync/syncState.ts';
import { unlinked } from '../../src/domain/tradeAnnotation.ts';
import type {
  Account,
  Edge,
  Execution,
  MarketCycle,
  SyncAnswer,
  Trade,
  TradePlan,
  TradePlanDto,
  TraderSettings,
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
  heatLimit: 6,
  dailyLossLimit: null,
  dailyLossLimitUnit: 'Dollars',
  maxNewTradesPerDay: null,
  ordersAllowed: false,
  openRisk: 0,
  plannedRisk: 0,
  openWithoutStop: 0,
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
  successScoreBasis: 'planned',
  successScoreTrades: 0,
  entryCriteria: '',
  exitCriteria: '',
  checklistRequired: false,
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
  marketCycleAtCreation: null,
  doneAt: null,
  alertsOn: true,
  direction: 'Long',
  criteriaMet: [],
  createdAt: at,
  updatedAt: at,
  ...o,
});

/** A plan as the API sends it: edges as objects, not ids. */
export const planDtoFixture = (o: Partial<TradePlanDto> = {}): TradePlanDto => {
  const { edgeIds, ...plan } = planFixture(o as Partial<TradePlan>);
  return {
    ...plan,
    edges: edgeIds.map((id) => ({ id, name: id, weightFactor: 0.5 })),
    positionSizes: [],
    ...o,
  };
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

/** A manual Buy of 100 AAPL at $100 in the Margin account. */
export const executionFixture = (o: Partial<Execution> = {}): Execution => ({
  id: `fill-${o.side ?? 'Buy'}-${o.symbol ?? 'AAPL'}`,
  accountId: 'acc-1',
  symbol: 'AAPL',
  side: 'Buy',
  quantity: 100,
  price: 100,
  fees: 0,
  executedAt: at,
  source: 'manual',
  brokerExecutionId: null,
  positionEffect: null,
  createdAt: at,
  ...o,
});

/** An open, unplanned Long trade of 100 AAPL at $100 in the Margin account. */
export const tradeFixture = (o: Partial<Trade> = {}): Trade => {
  const symbol = o.symbol ?? 'AAPL';
  const accountId = o.accountId ?? 'acc-1';
  const openedAt = o.openedAt ?? at;
  return {
    id: `trade-${symbol}-${openedAt}`,
    key: `${accountId}|${symbol}|${openedAt}`,
    accountId,
    accountName: 'Margin',
    symbol,
    direction: 'Long',
    openedAt,
    closedAt: null,
    entryQuantity: 100,
    openQuantity: 100,
    averageEntryPrice: 100,
    averageExitPrice: null,
    grossPnl: 0,
    fees: 0,
    netPnl: 0,
    // Nothing attached, whatever fields the annotation has.
    ...unlinked,
    planned: false,
    initialRisk: null,
    rMultiple: null,
    executionIds: [`fill-Buy-${symbol}`],
    incomplete: false,
    ...o,
  };
};

/** The cache as a passed sign-in check leaves it: claimed for a trader. */
export async function ownCacheBy(userId = 'alex'): Promise<void> {
  await db.meta.put({ key: metaKeys.userId, value: userId });
}

/** Puts rows in the cache as a finished sync would, marking the cache as loaded. */
export async function seed(name: CollectionName, rows: unknown[]): Promise<void> {
  await db.table(name).bulkPut(rows);
  await db.meta.put({ key: metaKeys.lastSyncAt, value: at });
}

export async function resetCache(): Promise<void> {
  await Promise.all(db.tables.map((t) => t.clear()));
  resetSyncState();
}

/** A first sync's answer (everything, `full`) from whole lists, as `GET /api/v1/sync` gives it. */
export const fullSync = (lists: {
  accounts?: Account[];
  edges?: Edge[];
  tradeSetups?: TradeSetup[];
  tradePlans?: TradePlanDto[];
  marketCycle?: MarketCycle;
  executions?: Execution[];
  trades?: Trade[];
  traderSettings?: TraderSettings[];
  cursor?: string;
}): SyncAnswer => ({
  cursor: lists.cursor ?? '100',
  full: true,
  accounts: lists.accounts ?? [],
  ...(lists.marketCycle ? { marketCycle: lists.marketCycle } : {}),
  edges: { upserted: lists.edges ?? [], deleted: [] },
  tradePlans: { upserted: lists.tradePlans ?? [], deleted: [] },
  executions: { upserted: lists.executions ?? [], deleted: [] },
  traderSettings: { upserted: lists.traderSettings ?? [], deleted: [] },
  tradeSetups: lists.tradeSetups ?? [],
  trades: lists.trades ?? [],
});

/** A later sync's answer: nothing changed unless told. */
export const deltaSync = (o: Partial<SyncAnswer> = {}): SyncAnswer => ({
  cursor: '800',
  full: false,
  accounts: [],
  edges: { upserted: [], deleted: [] },
  tradePlans: { upserted: [], deleted: [] },
  executions: { upserted: [], deleted: [] },
  traderSettings: { upserted: [], deleted: [] },
  ...o,
});

/** The requests received, without their query (a sync's cursor changes every time). */
export const requestPaths = (received: { key: string }[]) =>
  received.map((r) => r.key.split('?')[0] ?? r.key);
