import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { CACHE_SHAPE, metaKeys, TradeTrackerDb } from '../../../src/client/db/db.ts';
import { accountRecord } from '../../../src/domain/accounts.ts';
import { edgeRecord } from '../../../src/domain/edges.ts';
import { executionRecord } from '../../../src/domain/executions.ts';
import { setupRecord } from '../../../src/domain/setups.ts';
import { unlinked } from '../../../src/domain/tradeAnnotation.ts';
import { buildTrades } from '../../../src/domain/tradeLinks.ts';
import { planDefaults, planRecord } from '../../../src/domain/tradePlans.ts';
import { traderSettingsRecord } from '../../../src/domain/traderSettings.ts';
import { ACCOUNT_1, day, fill } from '../../domain/fixtures.ts';

// FNV-1a, 32 bits: a short name for the list of fields below.
const fnv1a = (text: string) => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
};

describe('the shape of the cached records (src/client/db/db.ts, CACHE_SHAPE)', () => {
  it('names the fields the records have now: a field added or removed changes it', () => {
    const [trade] = buildTrades({
      executions: [fill('e1', 'Buy', 10, 50, day(2))],
      annotations: [],
      plans: [],
      accounts: [{ id: ACCOUNT_1, accountName: 'Individual' }],
    });
    const fields = {
      accounts: Object.keys(accountRecord.schema),
      edges: Object.keys(edgeRecord.schema),
      tradeSetups: Object.keys(setupRecord.schema),
      tradePlans: Object.keys(planRecord.schema),
      executions: Object.keys(executionRecord.schema),
      trades: Object.keys(trade!),
      traderSettings: Object.keys(traderSettingsRecord.schema),
    };
    const shape = fnv1a(
      Object.entries(fields)
        .map(([collection, names]) => `${collection}:${[...names].sort().join(',')}`)
        .join(';'),
    );
    expect(CACHE_SHAPE, `a cached record's fields changed: set CACHE_SHAPE to '${shape}'`).toBe(shape);
  });
});

describe('a cache of another shape', () => {
  async function cacheOfShape(name: string, shape: string | undefined) {
    const db = new TradeTrackerDb(name);
    await db.open();
    await db.trades.put({ id: 't1', symbol: 'AAPL', planId: null } as never);
    await db.tradePlans.put({ id: 'p1', stock: 'AAPL', status: 'Ready' } as never);
    await db.quotes.put({ symbol: 'AAPL', last: 100 } as never);
    await db.outbox.add({ collection: 'edges', method: 'POST', path: '/edges', label: 'x', queuedAt: '' });
    await db.meta.bulkPut([
      { key: metaKeys.userId, value: 'alex' },
      { key: metaKeys.syncCursor, value: 'sealed' },
      { key: metaKeys.lastSyncAt, value: '2026-11-20T10:00:00.000Z' },
    ]);
    if (shape === undefined) await db.meta.delete(metaKeys.cacheShape);
    else await db.meta.put({ key: metaKeys.cacheShape, value: shape });
    db.close();
    return new TradeTrackerDb(name);
  }

  it.each([
    ['another shape', 'an older shape'],
    ['no shape (from before the check)', undefined],
  ])(
    '%s: keeps the rows with the defaults of the fields they lack, and drops the cursor for a full sync',
    async (_, shape) => {
      const db = await cacheOfShape(`tt-shape-${shape ?? 'none'}`, shape);
      // Still shown offline, with every field this app's pages read.
      const trade = (await db.trades.get('t1')) as unknown as Record<string, unknown>;
      expect(trade).toMatchObject({ ...unlinked, id: 't1', symbol: 'AAPL' });
      const plan = (await db.tradePlans.get('p1')) as unknown as Record<string, unknown>;
      expect(plan).toMatchObject({ ...planDefaults, id: 'p1', stock: 'AAPL', status: 'Ready' });
      expect(await db.meta.get(metaKeys.syncCursor)).toBeUndefined();
      expect(await db.meta.get(metaKeys.lastSyncAt)).toBeDefined();
      // The trader's queued changes and who the cache belongs to stay.
      expect(await db.outbox.count()).toBe(1);
      expect(await db.meta.get(metaKeys.userId)).toEqual({ key: metaKeys.userId, value: 'alex' });
      expect(await db.meta.get(metaKeys.cacheShape)).toEqual({
        key: metaKeys.cacheShape,
        value: CACHE_SHAPE,
      });
      db.close();
      await Dexie.delete(db.name);
    },
  );

  it('of another shape keeps a value a row has, where the default differs', async () => {
    const db = new TradeTrackerDb('tt-shape-values');
    await db.open();
    await db.tradePlans.put({
      id: 'p2',
      stock: 'MSFT',
      status: 'Draft',
      notes: 'kept',
      alertsOn: false,
    } as never);
    await db.meta.put({ key: metaKeys.cacheShape, value: 'older' });
    db.close();
    const again = new TradeTrackerDb('tt-shape-values');
    expect(await again.tradePlans.get('p2')).toMatchObject({ notes: 'kept', alertsOn: false, edgeIds: [] });
    again.close();
    await Dexie.delete(again.name);
  });

  it('of this shape keeps every row and its cursor', async () => {
    const db = await cacheOfShape('tt-shape-same', CACHE_SHAPE);
    expect(await db.trades.count()).toBe(1);
    expect(await db.tradePlans.count()).toBe(1);
    expect(await db.meta.get(metaKeys.syncCursor)).toEqual({ key: metaKeys.syncCursor, value: 'sealed' });
    db.close();
    await Dexie.delete(db.name);
  });
});
