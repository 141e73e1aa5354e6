import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { TradeTrackerDb } from '../../../src/client/db/db.ts';

// src/client/db/db.ts declares only its newest version (Dexie diffs what is installed against it): a cache
// written by the app before orders existed opens with all it held, and gains the orders table.
describe('the cache of an earlier version', () => {
  it('opens at version 5 with its rows, and keeps orders by plan', async () => {
    const old = new Dexie('tt-upgrade');
    old.version(1).stores({
      accounts: 'id, accountName',
      edges: 'id',
      tradeSetups: 'id',
      tradePlans: 'id, stock, status',
      marketCycle: 'key',
      meta: 'key',
    });
    old.version(2).stores({ outbox: '++seq', refusedChanges: '++id' });
    old.version(3).stores({ executions: 'id, accountId, symbol', trades: 'id, symbol, planId' });
    old.version(4).stores({ quotes: 'symbol' });
    await old.open();
    await old.table('tradePlans').put({ id: 'p1', stock: 'AAPL', status: 'Ready' });
    await old
      .table('outbox')
      .add({ collection: 'edges', method: 'POST', path: '/edges', label: 'x', queuedAt: '' });
    await old.table('quotes').put({ symbol: 'AAPL', last: 100 });
    old.close();

    const db = new TradeTrackerDb('tt-upgrade');
    await db.open();
    expect(db.verno).toBe(5);
    expect(await db.tradePlans.where('status').equals('Ready').count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.quotes.get('AAPL')).toMatchObject({ last: 100 });
    expect(await db.trades.where('planId').equals('p1').count()).toBe(0);
    await db.orders.put({ id: 'o1', planId: 'p1' } as never);
    expect(await db.orders.where('planId').equals('p1').primaryKeys()).toEqual(['o1']);
    db.close();
    await Dexie.delete('tt-upgrade');
  });
});
