import { expiresAt } from '../../domain/optionContract.ts';
import { doneChanges } from '../../domain/planDone.ts';
import { annotationOf } from '../../domain/tradeAnnotation.ts';
import { buildTrades } from '../../domain/tradeLinks.ts';
import { cacheOwner, db, type Pending, type TradeTrackerDb } from './db.ts';

const isPending = (row: object) => (row as Pending<object>).pendingSync === true;

/**
 * Rebuilds the cached trades from the cached fills, plans and accounts with the server's own
 * function, so a fill recorded or deleted offline shows in the trades (and in its plan's outcome)
 * at once. What the trader attached to a trade (plan link, stop, notes) is carried over by its
 * key. Trades holding a fill not yet on the server, or changed themselves while offline, are
 * marked as not yet saved. The plans the trades leave done, or done no more, are marked as the
 * server marks them (`doneChanges`), in the same transaction. Like a pull, it writes only into a
 * cache that still has its trader: a logout in another tab wins.
 */
export async function rebuildTrades(database: TradeTrackerDb = db): Promise<void> {
  const { executions, trades, tradePlans, accounts, meta } = database;
  await database.transaction('rw', [executions, trades, tradePlans, accounts, meta], async () => {
    if ((await cacheOwner(database)) === undefined) return;
    const [fills, cached, plans, accountRows] = await Promise.all([
      executions.toArray(),
      trades.toArray(),
      tradePlans.toArray(),
      accounts.toArray(),
    ]);
    const pendingFills = new Set(fills.filter(isPending).map((f) => f.id));
    const pendingKeys = new Set(cached.filter(isPending).map((t) => t.key));
    const rebuilt = buildTrades({
      executions: fills,
      annotations: cached.map(annotationOf),
      plans,
      accounts: accountRows,
      // An option open past its expiration shows as expired, as the server builds it.
      now: new Date(),
    }).map((trade) =>
      pendingKeys.has(trade.key) || trade.executionIds.some((id) => pendingFills.has(id))
        ? { ...trade, pendingSync: true as const }
        : trade,
    );
    await trades.clear();
    await trades.bulkPut(rebuilt);
    // Derived as the server derives it, so not the trader's change: the plan is not marked unsaved.
    await tradePlans.bulkUpdate(
      doneChanges(plans, rebuilt).map(({ id, doneAt }) => ({ key: id, changes: { doneAt } })),
    );
  });
}

/**
 * Rebuilds the cached trades when one of them is an open option past its expiration: it expired
 * with no row changing, so no sync brings it (docs/product.md, "Options"). Nothing to do otherwise.
 */
export async function expireOptions(database: TradeTrackerDb = db, now = new Date()): Promise<void> {
  const expired = await database.trades
    .filter(
      (t) =>
        t.closedAt === null && t.option !== undefined && Date.parse(expiresAt(t.option)) <= now.getTime(),
    )
    .count();
  if (expired > 0) await rebuildTrades(database);
}
