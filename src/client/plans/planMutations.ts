import { messages } from '../../domain/messages.ts';
import { activeStockOf, checklistRefusal, checkTransition, newDraftPlan } from '../../domain/tradePlans.ts';
import {
  CYCLE_TYPES,
  type CycleType,
  type TradePlan,
  type TradePlanInput,
  type TradePlanStatus,
  type TradePlanUpdate,
} from '../../domain/types.ts';
import { RefusedLocally } from '../api/http.ts';
import { db } from '../db/db.ts';
import { resourceWrites } from '../sync/changes.ts';

const plans = resourceWrites<TradePlan>({
  collection: 'tradePlans',
  path: '/tradeplans',
  noun: 'trade plan',
});

/** The server's rule, checked on the cache so an offline change is refused at once where it can be. */
async function assertNoOtherActivePlan(stock: string, exceptId?: string) {
  const clash = await db.tradePlans
    .where('stock')
    .equals(stock)
    .filter((p) => p.id !== exceptId && activeStockOf(p) === stock)
    .count();
  if (clash > 0) throw new RefusedLocally(messages.activePlanExists);
}

/** The cycle this device last saw; null when it has none (or one it cannot read). */
async function cachedCycleType(): Promise<CycleType | null> {
  const cycle = await db.marketCycle.get('current');
  return cycle && (CYCLE_TYPES as readonly string[]).includes(cycle.cycleType) ? cycle.cycleType : null;
}

/**
 * Online the server stamps the plan with the market cycle current when it creates it. A plan
 * made offline is made here and now: it is stamped with the cycle this device has cached, and
 * the queued create carries that stamp, so the server keeps it rather than stamp the cycle of
 * whenever the change reaches it.
 */
export async function createPlan(input: TradePlanInput) {
  const id = crypto.randomUUID();
  const stamped = { ...input, id, marketCycleAtCreation: await cachedCycleType() };
  return plans.create(
    { ...input, id },
    input.stock,
    async (createdAt) => {
      await assertNoOtherActivePlan(input.stock);
      return { id, ...newDraftPlan(stamped), createdAt, updatedAt: createdAt };
    },
    stamped,
  );
}

export function updatePlan(plan: TradePlan, update: TradePlanUpdate) {
  return plans.update(plan, update, plan.stock, async () => {
    // No plan may move onto a stock another plan holds active, whatever its own status.
    if (update.stock && update.stock !== plan.stock) await assertNoOtherActivePlan(update.stock, plan.id);
    return { ...plan, ...update };
  });
}

export function changePlanStatus(plan: TradePlan, status: TradePlanStatus) {
  return plans.send({
    method: 'PUT',
    path: `/tradeplans/${plan.id}/status`,
    recordId: plan.id,
    body: { status },
    label: `Change ${plan.stock} to ${status}`,
    applyLocally: async () => {
      const check = checkTransition(plan.status, status);
      if (!check.ok) throw new RefusedLocally(check.message);
      // A done plan set to Ready or Hold stays done: it takes no stock (docs/product.md, "Trade plans").
      if (activeStockOf({ ...plan, status }) !== undefined)
        await assertNoOtherActivePlan(plan.stock, plan.id);
      // The setup's checklist, as the server asks it (docs/product.md, "Plan statuses").
      const cached = (await db.tradePlans.get(plan.id)) ?? plan;
      const setup = cached.tradeSetupId ? await db.tradeSetups.get(cached.tradeSetupId) : undefined;
      const refusal = checklistRefusal(cached, status, setup);
      if (refusal !== undefined) throw new RefusedLocally(refusal);
      await db.tradePlans.update(plan.id, { status, pendingSync: true } as Partial<TradePlan>);
    },
  });
}

export const deletePlan = (plan: TradePlan) => plans.remove(plan, plan.stock);
