import { and, eq } from 'drizzle-orm';
import { messages } from '../../domain/messages.ts';
import { applyTradeUpdate } from '../../domain/trades.ts';
import type { Trade, TradeUpdate } from '../../domain/types.ts';
import type { Database } from '../db/database.ts';
import { tradeAnnotations, tradePlans } from '../db/schema.ts';
import { invalid, notFound } from '../refusals.ts';
import { type AccountName, tradesOf } from './tradeBook.ts';

export function createTradeRepository(db: Database, now: () => Date) {
  /** The plan must be the trader's and for the trade's symbol; held until the link is written. */
  async function assertLinkable(q: Database, userId: string, planId: string, symbol: string): Promise<void> {
    const rows = await q
      .select({ stock: tradePlans.stock })
      .from(tradePlans)
      .where(and(eq(tradePlans.id, planId), eq(tradePlans.userId, userId)))
      .for('share');
    if (!rows[0]) throw invalid([{ field: 'planId', message: messages.planNotFound }]);
    if (rows[0].stock !== symbol)
      throw invalid([{ field: 'planId', message: messages.tradePlanOtherSymbol }]);
  }

  return {
    list: (userId: string, accounts: AccountName[]): Promise<Trade[]> => tradesOf(db, userId, accounts),

    /**
     * Links or unlinks a plan, sets the stop and the notes. What the trader sets is kept under the
     * trade's key, so it outlives every rebuild of the trades from their fills.
     */
    async update(userId: string, id: string, update: TradeUpdate, accounts: AccountName[]): Promise<Trade> {
      return db.transaction(async (tx) => {
        const trade = (await tradesOf(tx, userId, accounts)).find((t) => t.id === id);
        if (!trade) throw notFound(messages.tradeNotFound);
        if (update.planId !== null) await assertLinkable(tx, userId, update.planId, trade.symbol);
        const at = now();
        const fields = { planId: update.planId, initialStop: update.initialStop, notes: update.notes };
        await tx
          .insert(tradeAnnotations)
          .values({ tradeKey: trade.key, userId, ...fields, createdAt: at, updatedAt: at })
          .onConflictDoUpdate({
            target: tradeAnnotations.tradeKey,
            set: { ...fields, updatedAt: at },
            setWhere: eq(tradeAnnotations.userId, userId),
          });
        return applyTradeUpdate(trade, update);
      });
    },
  };
}

export type TradeRepository = ReturnType<typeof createTradeRepository>;
