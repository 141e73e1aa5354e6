import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { CACHE_SHAPE, TradeTrackerDb } from '../../../src/client/db/db.ts';
import { defaultSettings } from '../../../src/domain/traderSettings.ts';

// src/client/db/db.ts declares only its newest version (Dexie diffs what is installed against it): a cache
// written by the app before orders existed opens with all it held, and gains the orders table; one
// written at version 5 (orders, no candles) opens with its rows and gains the candles table (and,
// at 7, the trader's settings). Each records this app's CACHE_SHAPE: one of another shape is
// dropped (cacheShape.test.ts).
/** The tables of the cache's first version. */
const VERSION_1 = {
  accounts: 'id, accountName',
  edges: 'id',
  tradeSetups: 'id',
  tradePlans: 'id, stock, status',
  marketCycle: 'key',
  meta: 'key',
};

describe('the cache of an earlier version', () => {
  it('opens at version 5 with its rows, and keeps orders by plan', async () => {
    const old = new Dexie('tt-upgrade');
    old.version(1).stores(VERSION_1);
    old.version(2).stores({ outbox: '++seq', refusedChanges: '++id' });
    old.version(3).stores({ executions: 'id, accountId, symbol', trades: 'id, symbol, planId' });
    old.version(4).stores({ quotes: 'symbol' });
    await old.open();
    await old.table('tradePlans').put({ id: 'p1', stock: 'AAPL', status: 'Ready' });
    await old.table('meta').put({ key: 'cacheShape', value: CACHE_SHAPE });
    await old
      .table('outbox')
      .add({ collection: 'edges', method: 'POST', path: '/edges', label: 'x', queuedAt: '' });
    await old.table('quotes').put({ symbol: 'AAPL', last: 100 });
    old.close();

    const db = new TradeTrackerDb('tt-upgrade');
    await db.open();
    expect(db.verno).toBe(8);
    expect(await db.tradePlans.where('status').equals('Ready').count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.quotes.get('AAPL')).toMatchObject({ last: 100 });
    expect(await db.trades.where('planId').equals('p1').count()).toBe(0);
    await db.orders.put({ id: 'o1', planId: 'p1' } as never);
    expect(await db.orders.where('planId').equals('p1').primaryKeys()).toEqual(['o1']);
    db.close();
    await Dexie.delete('tt-upgrade');
  });

  it('opens a version 5 cache with its rows, and keeps candles by symbol and day', async () => {
    const old = new Dexie('tt-upgrade-5');
    old.version(5).stores({
      ...VERSION_1,
      outbox: '++seq',
      refusedChanges: '++id',
      executions: 'id, accountId, symbol',
      trades: 'id, symbol, planId',
      quotes: 'symbol',
      orders: 'id, planId',
    });
    await old.open();
    await old.table('trades').put({ id: 't1', symbol: 'AAPL', planId: null });
    await old.table('orders').put({ id: 'o1', planId: 'p1' });
    await old.table('meta').bulkPut([
      { key: 'userId', value: 'alex' },
      { key: 'cacheShape', value: CACHE_SHAPE },
    ]);
    old.close();

    const db = new TradeTrackerDb('tt-upgrade-5');
    await db.open();
    expect(db.verno).toBe(8);
    expect(await db.trades.where('symbol').equals('AAPL').count()).toBe(1);
    expect(await db.orders.where('planId').equals('p1').count()).toBe(1);
    expect(await db.meta.get('userId')).toEqual({ key: 'userId', value: 'alex' });
    // Version 7 added the trader's settings record.
    await db.traderSettings.put({ ...defaultSettings('alex', ''), nearEntryR: 0.5 });
    expect(await db.traderSettings.get('alex')).toMatchObject({ nearEntryR: 0.5 });
    // Version 8 added the alerts sent, as the server last listed them.
    await db.sentAlerts.put({
      id: 'a1',
      planId: 'p1',
      tradeKey: null,
      kind: 'entry',
      symbol: 'AAPL',
      price: 1,
      sentAt: '',
    });
    expect(await db.sentAlerts.count()).toBe(1);
    const candle = { day: '2026-11-20', open: 10, high: 11, low: 9, close: 10.5, volume: 1 };
    await db.candles.bulkPut([
      { symbol: 'AAPL', day: '2026-11-20', candle, final: true },
      { symbol: 'AAPL', day: '2026-11-19', candle: null, final: true },
      { symbol: 'MSFT', day: '2026-11-20', candle, final: false },
    ]);
    const aapl = await db.candles
      .where('[symbol+day]')
      .between(['AAPL', '2026-11-01'], ['AAPL', '2026-11-30'], true, true)
      .toArray();
    expect(aapl.map((r) => r.day)).toEqual(['2026-11-19', '2026-11-20']);
    db.close();
    await Dexie.delete('tt-upgrade-5');
  });
});
