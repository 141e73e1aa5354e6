// What a cached record holds for a field it lacks: the domain's defaults, the one place an older
// cache's rows are brought to this app's shape (`fitToShape`, asked by db.ts). Loaded only when the shape
// differs, so the first download does not carry the record modules.
import { BROKER_ACCOUNT_FIELDS } from '../../domain/accounts.ts';
import { fillDefaults } from '../../domain/executions.ts';
import { setupDefaults } from '../../domain/setups.ts';
import { unlinked } from '../../domain/tradeAnnotation.ts';
import { planDefaults } from '../../domain/tradePlans.ts';
import { SETTINGS_DEFAULTS } from '../../domain/traderSettings.ts';
import {
  CACHE_SHAPE,
  type CollectionName,
  metaKeys,
  ofCacheShape,
  SYNCED,
  type TradeTrackerDb,
} from './db.ts';

const CACHED_DEFAULTS: Partial<Record<CollectionName, Readonly<Record<string, unknown>>>> = {
  // Accounts cached before manual ones were all the broker's.
  accounts: { source: BROKER_ACCOUNT_FIELDS.source, lastDigits: BROKER_ACCOUNT_FIELDS.lastDigits },
  executions: fillDefaults,
  tradeSetups: setupDefaults,
  tradePlans: planDefaults,
  trades: unlinked,
  traderSettings: SETTINGS_DEFAULTS,
};

/**
 * Brings a cache of another shape (or of none, from before this check) to this app's: every synced
 * row keeps its values and gains the domain's default for each field it lacks (cachedDefaults.ts),
 * and the cursor goes, so the next sync is full and replaces them. Offline the journal stays shown;
 * the queued changes, the refused ones and the owner stay.
 */
export async function fitToShape(database: TradeTrackerDb): Promise<void> {
  const records = SYNCED.map((name) => database.table(name));
  await database.transaction('rw', [...records, database.meta], async () => {
    if (await ofCacheShape(database)) return;
    for (const [name, defaults] of Object.entries(CACHED_DEFAULTS)) {
      await database
        .table(name)
        .toCollection()
        .modify((row: Record<string, unknown>) => {
          for (const [field, value] of Object.entries(defaults))
            if (row[field] === undefined) row[field] = value;
        });
    }
    await database.meta.delete(metaKeys.syncCursor);
    await database.meta.put({ key: metaKeys.cacheShape, value: CACHE_SHAPE });
  });
}
