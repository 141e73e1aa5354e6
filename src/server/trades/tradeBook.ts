import { and, desc, eq, inArray } from 'drizzle-orm';
import { ACTIVE_STATUSES } from '../../domain/tradePlans.ts';
import { buildTrades, newAnnotations } from '../../domain/trades.ts';
import type { Execution, Trade, TradeAnnotation } from '../../domain/types.ts';
import type { Database } from '../db/database.ts';
import { executions, tradeAnnotations, tradePlans } from '../db/schema.ts';

type ExecutionRow = typeof executions.$inferSelect;

export const toExecution = (r: ExecutionRow): Execution => ({
  id: r.id,
  accountId: r.accountId,
  symbol: r.symbol,
  side: r.side,
  quantity: r.quantity,
  price: r.price,
  fees: r.fees,
  executedAt: r.executedAt.toISOString(),
  source: r.source,
  brokerExecutionId: r.brokerExecutionId,
  positionEffect: r.positionEffect,
  createdAt: r.createdAt.toISOString(),
});

/** An account as a trade names it; '' when the broker could not be asked. */
export interface AccountName {
  id: string;
  accountName: string;
}

/** The trader's fills, newest first. */
export async function executionsOf(q: Database, userId: string): Promise<Execution[]> {
  const rows = await q
    .select()
    .from(executions)
    .where(eq(executions.userId, userId))
    .orderBy(desc(executions.executedAt), desc(executions.id));
  return rows.map(toExecution);
}

function annotationsOf(q: Database, userId: string): Promise<TradeAnnotation[]> {
  return q
    .select({
      key: tradeAnnotations.tradeKey,
      planId: tradeAnnotations.planId,
      initialStop: tradeAnnotations.initialStop,
      notes: tradeAnnotations.notes,
    })
    .from(tradeAnnotations)
    .where(eq(tradeAnnotations.userId, userId));
}

/**
 * The plans a trade can be linked to automatically: the active ones (the rest never are). With
 * `hold`, they are locked until the transaction ends, so a plan deleted or discarded meanwhile
 * waits for the links decided on it, never the other way round (a link to a plan deleted under
 * it would fail the fill's whole create).
 */
async function activePlansOf(q: Database, userId: string, hold = false) {
  const query = q
    .select({
      id: tradePlans.id,
      stock: tradePlans.stock,
      status: tradePlans.status,
      stopLossPrice: tradePlans.stopLossPrice,
      createdAt: tradePlans.createdAt,
    })
    .from(tradePlans)
    .where(and(eq(tradePlans.userId, userId), inArray(tradePlans.status, ACTIVE_STATUSES)));
  const rows = hold ? await query.for('share') : await query;
  return rows.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() }));
}

/** Everything the trader's trades are built from, read through `q` (the database or the caller's transaction). */
async function sourcesOf(q: Database, userId: string, holdPlans = false) {
  const [fills, annotations, plans] = await Promise.all([
    executionsOf(q, userId),
    annotationsOf(q, userId),
    activePlansOf(q, userId, holdPlans),
  ]);
  return { executions: fills, annotations, plans };
}

/** The trader's trades, rebuilt from every fill with what the trader attached to them. */
export async function tradesOf(q: Database, userId: string, accounts: AccountName[]): Promise<Trade[]> {
  return buildTrades({ ...(await sourcesOf(q, userId)), accounts });
}

/**
 * Stores, for every trade that has nothing stored yet, its automatic plan link or that it has
 * none (docs/product.md, "Trades"). Called in the transaction that writes fills: the link is
 * decided by the plans as they are when the trade's fills arrive, so a plan discarded or edited
 * later keeps its trade and its stop, and a plan set to Ready later claims no trade made before.
 * What a concurrent request stored first is kept (ON CONFLICT DO NOTHING). `protectiveStops`
 * (new fill id → the broker's stop order price) gives a trade no plan claims its initial stop.
 */
export async function freezePlanLinks(
  q: Database,
  userId: string,
  at: Date,
  protectiveStops?: ReadonlyMap<string, number>,
): Promise<void> {
  const sources = await sourcesOf(q, userId, true);
  const fresh = newAnnotations(
    buildTrades({ ...sources, accounts: [] }),
    sources.annotations,
    protectiveStops,
  )
    // In one order everywhere: two transactions inserting the same keys in opposite orders would
    // wait on each other (PostgreSQL ends that deadlock by failing one).
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  if (fresh.length === 0) return;
  await q
    .insert(tradeAnnotations)
    .values(
      fresh.map((a) => ({
        tradeKey: a.key,
        userId,
        planId: a.planId,
        initialStop: a.initialStop,
        notes: a.notes,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .onConflictDoNothing({ target: tradeAnnotations.tradeKey });
}

/** When the account's newest broker fill was executed; undefined before the first import. */
export async function newestBrokerFill(
  q: Database,
  userId: string,
  accountId?: string,
): Promise<Date | undefined> {
  const rows = await q
    .select({ executedAt: executions.executedAt })
    .from(executions)
    .where(
      and(
        eq(executions.userId, userId),
        eq(executions.source, 'broker'),
        accountId ? eq(executions.accountId, accountId) : undefined,
      ),
    )
    .orderBy(desc(executions.executedAt))
    .limit(1);
  return rows[0]?.executedAt;
}
