import { messages } from '../../domain/messages.ts';
import { computePositionSizes } from '../../domain/positionSize.ts';
import { checkTransition, isActiveStatus, newDraftPlan } from '../../domain/tradePlans.ts';
import type { TradePlan, TradePlanInput, TradePlanStatus, TradePlanUpdate } from '../../domain/types.ts';
import { RefusedLocally } from '../api/http.ts';
import { db, type Pending } from '../db/db.ts';
import { submitChange } from '../sync/outbox.ts';
import { pullAll } from '../sync/sync.ts';

// Every write to plans goes through here: sent at once, or applied locally and queued offline.
// Setups are re-read too: their success score follows their plans.

/** The server's rule, checked on the cache so an offline change is refused at once where it can be. */
async function assertNoOtherActivePlan(stock: string, exceptId?: string) {
  const clash = await db.tradePlans
    .where('stock')
    .equals(stock)
    .filter((p) => p.id !== exceptId && isActiveStatus(p.status))
    .count();
  if (clash > 0) throw new RefusedLocally(messages.activePlanExists);
}

async function withLocalSizes(plan: Pick<TradePlan, 'entryPrice' | 'stopLossPrice'>) {
  return computePositionSizes(await db.accounts.toArray(), plan);
}

export async function createPlan(input: TradePlanInput): Promise<void> {
  const now = new Date().toISOString();
  const id = crypto.randomUUID();
  await submitChange(
    {
      collection: 'tradePlans',
      method: 'POST',
      path: '/tradeplans',
      body: { ...input, id },
      label: `Create trade plan ${input.stock}`,
      refresh: ['tradePlans', 'tradeSetups'],
    },
    async () => {
      await assertNoOtherActivePlan(input.stock);
      const plan: Pending<TradePlan> = {
        id,
        ...newDraftPlan(input),
        positionSizes: await withLocalSizes(input),
        createdAt: now,
        updatedAt: now,
        pendingSync: true,
      };
      await db.tradePlans.add(plan);
    },
    pullAll,
  );
}

export async function updatePlan(plan: TradePlan, update: TradePlanUpdate): Promise<void> {
  await submitChange(
    {
      collection: 'tradePlans',
      method: 'PUT',
      path: `/tradeplans/${plan.id}`,
      body: update,
      label: `Update trade plan ${plan.stock}`,
      refresh: ['tradePlans', 'tradeSetups'],
    },
    async () => {
      const next = { ...plan, ...update };
      // SPEC §5: no plan may move onto a stock that another plan holds active, whatever its status.
      if (update.stock && update.stock !== plan.stock) await assertNoOtherActivePlan(update.stock, plan.id);
      await db.tradePlans.put({
        ...next,
        positionSizes: await withLocalSizes(next),
        updatedAt: new Date().toISOString(),
        pendingSync: true,
      } as Pending<TradePlan>);
    },
    pullAll,
  );
}

export async function changePlanStatus(plan: TradePlan, status: TradePlanStatus): Promise<void> {
  await submitChange(
    {
      collection: 'tradePlans',
      method: 'PUT',
      path: `/tradeplans/${plan.id}/status`,
      body: { status },
      label: `Change ${plan.stock} to ${status}`,
      refresh: ['tradePlans', 'tradeSetups'],
    },
    async () => {
      const check = checkTransition(plan.status, status);
      if (!check.ok) throw new RefusedLocally(check.message);
      if (isActiveStatus(status)) await assertNoOtherActivePlan(plan.stock, plan.id);
      await db.tradePlans.update(plan.id, { status, pendingSync: true } as Partial<Pending<TradePlan>>);
    },
    pullAll,
  );
}

export async function deletePlan(plan: TradePlan): Promise<void> {
  await submitChange(
    {
      collection: 'tradePlans',
      method: 'DELETE',
      path: `/tradeplans/${plan.id}`,
      label: `Delete trade plan ${plan.stock}`,
      refresh: ['tradePlans', 'tradeSetups'],
    },
    async () => {
      await db.tradePlans.delete(plan.id);
    },
    pullAll,
  );
}
