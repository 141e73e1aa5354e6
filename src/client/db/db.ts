import Dexie, { type EntityTable } from 'dexie';
import type { Account, Edge, MarketCycle, TradePlan, TradeSetup } from '../../domain/types.ts';

export type CollectionName = 'accounts' | 'edges' | 'tradeSetups' | 'tradePlans' | 'marketCycle';

export interface StoredMarketCycle extends MarketCycle {
  key: 'current';
}

export interface MetaEntry {
  key: string;
  value: string;
}

/** The trader's last-known data. The server is the truth; this is what pages read and show offline. */
export class TradeTrackerDb extends Dexie {
  accounts!: EntityTable<Account, 'id'>;
  edges!: EntityTable<Edge, 'id'>;
  tradeSetups!: EntityTable<TradeSetup, 'id'>;
  tradePlans!: EntityTable<TradePlan, 'id'>;
  marketCycle!: EntityTable<StoredMarketCycle, 'key'>;
  meta!: EntityTable<MetaEntry, 'key'>;

  constructor(name = 'trade-tracker') {
    super(name);
    this.version(1).stores({
      accounts: 'id, accountName',
      edges: 'id',
      tradeSetups: 'id',
      tradePlans: 'id, stock, status',
      marketCycle: 'key',
      meta: 'key',
    });
  }
}

export const db = new TradeTrackerDb();

export const metaKeys = {
  userId: 'userId',
  lastSyncAt: 'lastSyncAt',
  syncedAt: (c: CollectionName) => `syncedAt:${c}`,
} as const;
