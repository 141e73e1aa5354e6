import { toTradePlan } from '../../domain/tradePlanDto.ts';
import type { LiveAccount, SyncAnswer, SyncChanges, TradePlanDto } from '../../domain/types.ts';
import { type CollectionName, cacheOwner, metaKeys, SYNCED, type TradeTrackerDb } from '../db/db.ts';

/**
 * A row the server sent, as the cache keeps it: a plan's edge objects become ids (and its position
 * sizes are left to where it is shown). The one mapping for a sync's rows and a write's answer.
 */
export function toCachedRow(collection: CollectionName, row: unknown): unknown {
  return collection === 'tradePlans' ? toTradePlan(row as TradePlanDto) : row;
}

const sameAccounts = (a: LiveAccount[], b: LiveAccount[]) => JSON.stringify(a) === JSON.stringify(b);

async function merge<T>(
  database: TradeTrackerDb,
  name: CollectionName,
  changes: SyncChanges<T>,
  full: boolean,
): Promise<void> {
  const table = database.table(name);
  if (full) await table.clear();
  if (changes.deleted.length > 0) await table.bulkDelete(changes.deleted);
  if (changes.upserted.length > 0) await table.bulkPut(changes.upserted);
}

/**
 * Writes one sync answer in one transaction: no half-old, half-new cache, and the pages re-render
 * once. Plans, edges, fills and settings are merged (or replaced, on a full answer); setups and trades come
 * whole or not at all. Nothing is written unless the cache still belongs to `owner`, the trader
 * the answer was fetched for: a logout in any tab, or another trader's sign-in, wins.
 *
 * A change of balances rewrites no plan: the sizes a plan shows are computed where it is shown
 * (plans/PlanCells.tsx), from the cached accounts, with the server's own rule.
 */
export async function applySync(
  database: TradeTrackerDb,
  answer: SyncAnswer,
  at: Date,
  owner: string,
): Promise<void> {
  const tables = SYNCED.map((n) => database.table(n));
  await database.transaction('rw', [...tables, database.meta], async () => {
    if ((await cacheOwner(database)) !== owner) return;
    const { full } = answer;
    const cachedAccounts = await database.accounts.toArray();
    await merge(database, 'edges', answer.edges, full);
    await merge(database, 'executions', answer.executions, full);
    await merge(database, 'traderSettings', answer.traderSettings, full);
    const plans = answer.tradePlans;
    await merge(
      database,
      'tradePlans',
      { ...plans, upserted: plans.upserted.map((p) => toCachedRow('tradePlans', p)) },
      full,
    );
    for (const name of ['tradeSetups', 'trades'] as const) {
      const rows = answer[name];
      if (rows === undefined) continue;
      await database.table(name).clear();
      await database.table(name).bulkPut(rows);
    }
    if (answer.accounts && !sameAccounts(answer.accounts, cachedAccounts)) {
      await database.accounts.clear();
      await database.accounts.bulkPut(answer.accounts);
    }
    if (answer.marketCycle) await database.marketCycle.put({ ...answer.marketCycle, key: 'current' });
    await database.meta.bulkPut([
      { key: metaKeys.syncCursor, value: answer.cursor },
      { key: metaKeys.lastSyncAt, value: at.toISOString() },
    ]);
  });
}
