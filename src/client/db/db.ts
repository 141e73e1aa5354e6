import Dexie, { type EntityTable, type Table } from 'dexie';
import type { SentAlert } from '../../domain/alerts.ts';
import type { Candle } from '../../domain/candles.ts';
import type { OrderDto } from '../../domain/orders.ts';
import type { Quote } from '../../domain/quotes.ts';
import type {
  Edge,
  Execution,
  LiveAccount,
  MarketCycle,
  Trade,
  TradePlan,
  TraderSettings,
  TradeSetup,
} from '../../domain/types.ts';

export type CollectionName =
  | 'accounts'
  | 'edges'
  | 'tradeSetups'
  | 'tradePlans'
  | 'marketCycle'
  | 'executions'
  | 'trades'
  | 'traderSettings';

export interface StoredMarketCycle extends MarketCycle {
  key: 'current';
}

/** The collections one sync answers for: the server's records. */
export const SYNCED: CollectionName[] = [
  'accounts',
  'edges',
  'tradeSetups',
  'tradePlans',
  'marketCycle',
  'executions',
  'trades',
  'traderSettings',
];

/**
 * The shape of the records the sync caches: a name for their fields, which
 * tests/client/db/cacheShape.test.ts computes from the records' structs and a built trade, and
 * fails until it is set here again when a field comes or goes. A cache of another shape, or of
 * none (from before this check), has its synced rows given the defaults of the fields they lack as
 * it opens (`fitToShape`, db/cachedDefaults.ts), and the next sync is full: no read site patches a field a row lacks.
 */
export const CACHE_SHAPE = '5a4e1db8';

/** The cached collections a trader can change; the market cycle is the server's alone. */
export type EntityCollection = Exclude<CollectionName, 'marketCycle'>;
export type ChangeMethod = 'POST' | 'PUT' | 'DELETE';

/**
 * A change made while the API could not be reached, replayed in order when it can. Rows queued
 * by older versions may also carry `refresh` (collections to re-read): it is ignored, since every
 * replay is followed by one sync of everything that changed.
 */
export interface OutboxEntry {
  seq?: number;
  collection: EntityCollection;
  method: ChangeMethod;
  path: string;
  /** JSON, or the text itself when `contentType` names it (a statement file, sent as it is). */
  body?: unknown;
  contentType?: 'text/csv';
  /**
   * The rows this device applied for the change (a statement's fills): those the answer's
   * `addedIds` leaves out were in the journal already, and go (src/client/sync/outbox.ts, `keepAnswer`).
   */
  localIds?: string[];
  /** What the trader did, in their words: "Create trade plan AAPL". */
  label: string;
  /** The record the change is about, whose row the server's answer replaces; absent on old rows. */
  recordId?: string;
  queuedAt: string;
  /** How many replays in a row the server answered 5xx, and when the first of them was (src/client/sync/outbox.ts). */
  serverFailures?: { count: number; since: string };
}

/** A queued change the server refused: shown to the trader with the server's reason. */
export interface RefusedChange {
  id?: number;
  label: string;
  message: string;
  refusedAt: string;
}

/** Rows changed offline carry this flag until the server has them. */
export type Pending<T> = T & { pendingSync?: true };

export interface MetaEntry {
  key: string;
  value: string;
}

/**
 * An order as the API last answered it, and when this device read it (`readAt`, its clock): offline
 * the plan shows the last known state with that time, read-only. Orders are never changed here:
 * only the server's answers are written (docs/product.md, "Orders").
 */
export interface CachedOrder extends OrderDto {
  readAt: string;
}

/**
 * A symbol's New York weekday as the API answered it: its candle, or null when it had no session
 * (a holiday). `final` when the day was over for the server: today's candle is asked again.
 */
export interface CachedCandleDay {
  symbol: string;
  day: string;
  candle: Candle | null;
  final: boolean;
}

/** The trader's last-known data. The server is the truth; this is what pages read and show offline. */
export class TradeTrackerDb extends Dexie {
  /** As the sync sends them: their heat is computed from the cache where it is shown. */
  accounts!: EntityTable<LiveAccount, 'id'>;
  edges!: EntityTable<Edge, 'id'>;
  tradeSetups!: EntityTable<TradeSetup, 'id'>;
  tradePlans!: EntityTable<TradePlan, 'id'>;
  marketCycle!: EntityTable<StoredMarketCycle, 'key'>;
  executions!: EntityTable<Execution, 'id'>;
  trades!: EntityTable<Trade, 'id'>;
  /** The trader's settings record: none until saved (the domain's defaults stand in, settings/). */
  traderSettings!: EntityTable<TraderSettings, 'id'>;
  /** The last price of each watched stock, with when the server had it: shown offline with its time. */
  quotes!: EntityTable<Quote, 'symbol'>;
  /** The orders of the plans shown, as last read; never queued, never sent from here. */
  orders!: EntityTable<CachedOrder, 'id'>;
  /** Daily candles of the trades' symbols (market data, not the journal's), for their charts offline. */
  candles!: Table<CachedCandleDay, [string, string]>;
  /** The alerts sent to the trader as the server last listed them (when: meta `alertsReadAt`). */
  sentAlerts!: EntityTable<SentAlert, 'id'>;
  meta!: EntityTable<MetaEntry, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  refusedChanges!: EntityTable<RefusedChange, 'id'>;

  constructor(name = 'trade-tracker') {
    // Live queries' rows come frozen and shared, not deep-cloned on every read (Dexie's default,
    // 'cloned'): cloning a read of 10,000 plans took a task of about 35 ms, 140 ms on a mid-range
    // phone. So a row read in a live query is never changed in place: copy it first.
    super(name, { cache: 'immutable' });
    // Dexie diffs an installed database against the whole schema of the newest version, so only
    // a version with an upgrade function needs keeping (none has one): 1 held the collections,
    // 2 added outbox and refusedChanges, 3 executions and trades, 4 quotes, 5 orders, 6 candles,
    // 7 traderSettings, 8 sentAlerts.
    this.version(8).stores({
      accounts: 'id, accountName',
      edges: 'id',
      tradeSetups: 'id',
      tradePlans: 'id, stock, status',
      marketCycle: 'key',
      meta: 'key',
      outbox: '++seq',
      refusedChanges: '++id',
      executions: 'id, accountId, symbol',
      trades: 'id, symbol, planId',
      quotes: 'symbol',
      orders: 'id, planId',
      candles: '[symbol+day]',
      traderSettings: 'id',
      sentAlerts: 'id',
    });
    // Before any other query: a page never reads a row of another shape.
    this.on('ready', (vip) => fitShape?.(vip as TradeTrackerDb), true);
  }
}

/**
 * Brings a cache of another shape to this app's (`fitToShape`, db/cachedDefaults.ts), handed in
 * by the app's entry (main.tsx), which loads it only when asked: a lazy import here would add
 * the bundler's preload helper to this chunk of the first download.
 */
let fitShape: ((database: TradeTrackerDb) => Promise<void>) | undefined;
/** Whether the cached records were written in this app's CACHE_SHAPE. */
export const ofCacheShape = async (database: TradeTrackerDb): Promise<boolean> =>
  (await database.meta.get(metaKeys.cacheShape))?.value === CACHE_SHAPE;
export const fitShapeWith = (fit: (database: TradeTrackerDb) => Promise<void>) => {
  fitShape = fit;
};

export const db = new TradeTrackerDb();

export const metaKeys = {
  userId: 'userId',
  /**
   * When the last sync was written. One sync writes every collection at once, so this is also
   * whether the cache was ever loaded, for each of them.
   */
  lastSyncAt: 'lastSyncAt',
  /** The server's cursor from the last sync (`GET /sync?since=`); absent, the next sync gets everything. */
  syncCursor: 'syncCursor',
  brokerSessionExpiresAt: 'brokerSessionExpiresAt',
  /** When the trader's last import of the broker's fills started (the server's time): "Fills imported … ago". */
  fillsImportedAt: 'fillsImportedAt',
  /** The CACHE_SHAPE the cached records were written in. */
  cacheShape: 'cacheShape',
  /** When the server last listed the alerts sent (`sentAlerts`); absent, the list was never read. */
  alertsReadAt: 'alertsReadAt',
  /** This device's notifications as last seen (serverData/pushSubscription.ts `DeviceState`). */
  notificationsDevice: 'notificationsDevice',
} as const;

/** The trader the cache belongs to: none before a sign-in check claims it, or after a wipe. */
export const cacheOwner = async (database: TradeTrackerDb = db): Promise<string | undefined> =>
  (await database.meta.get(metaKeys.userId))?.value;
