// Plans done by their trades (docs/product.md, "Trade plans"): a plan with linked trades, all
// closed, is done; and what a plan shows of its trades beside its status.
import { formatR } from './format.ts';
import { compareText, type Trade, time } from './trade.ts';
import { activeStockOf, isActiveStatus, type TradePlan } from './tradePlans.ts';
import { normalizeStock } from './validation.ts';

/**
 * What the trades linked to a plan say so far: whether one of them is open, and when the last of
 * them closed. A plan with linked trades, all closed, is done (docs/product.md, "Trade plans").
 */
export interface LinkedTrades {
  open: boolean;
  lastClosedAt: number;
}

/** The plan's linked trades with one more. */
export const withTrade = (
  linked: LinkedTrades | undefined,
  trade: Pick<Trade, 'closedAt'>,
): LinkedTrades => ({
  open: (linked?.open ?? false) || trade.closedAt === null,
  lastClosedAt: Math.max(
    linked?.lastClosedAt ?? -Infinity,
    trade.closedAt === null ? -Infinity : time(trade.closedAt),
  ),
});

/** Whether a plan was done at `at`: its linked trades opened by then had all closed by then. */
export const wasDone = (linked: LinkedTrades | undefined, at: number): boolean =>
  linked !== undefined && !linked.open && linked.lastClosedAt <= at;

/**
 * The plans that are done (docs/product.md, "Trade plans"), each with when: a plan is done once it
 * has linked trades and all of them have closed, at the last close. A plan traded in two accounts
 * is done when both positions are closed; one whose closing fill is deleted is done no more.
 */
export function donePlans(trades: readonly Pick<Trade, 'planId' | 'closedAt'>[]): Map<string, string> {
  const linked = new Map<string, LinkedTrades>();
  for (const trade of trades) {
    if (trade.planId !== null) linked.set(trade.planId, withTrade(linked.get(trade.planId), trade));
  }
  const done = new Map<string, string>();
  for (const [planId, of] of linked) {
    if (!of.open) done.set(planId, new Date(of.lastClosedAt).toISOString());
  }
  return done;
}

export type PlanDoneState = Pick<TradePlan, 'id' | 'stock' | 'status' | 'doneAt' | 'createdAt'>;

/**
 * The plans whose `doneAt` the trades change, with its new value: the server writes them in the
 * transaction that changed the trades, the app's offline rebuild in its own. A plan is done as
 * `donePlans` says, with one exception: a done plan whose trades reopen (a closing fill deleted, a
 * trade linked to it again) while another plan of the stock is active stays done, since a stock has
 * at most one active plan and the other was made for the trades to come. Of two such plans the
 * newest takes the free stock. `plans` must hold every plan that is active, done or linked to a
 * trade; others have nothing to change.
 */
export function doneChanges(
  plans: readonly PlanDoneState[],
  trades: readonly Pick<Trade, 'planId' | 'closedAt'>[],
): { id: string; doneAt: string | null }[] {
  const done = donePlans(trades);
  const changes: { id: string; doneAt: string | null }[] = [];
  const reopening: PlanDoneState[] = [];
  const held = new Set<string>();
  for (const plan of plans) {
    const doneAt = done.get(plan.id) ?? null;
    const was = plan.doneAt ?? null;
    if (doneAt === null && was !== null && isActiveStatus(plan.status)) reopening.push(plan);
    else {
      if (doneAt !== was && !(doneAt !== null && was !== null && time(doneAt) === time(was)))
        changes.push({ id: plan.id, doneAt });
      const stock = activeStockOf({ ...plan, doneAt });
      if (stock !== undefined) held.add(stock);
    }
  }
  reopening.sort((a, b) => time(b.createdAt) - time(a.createdAt) || compareText(b.id, a.id));
  for (const plan of reopening) {
    const stock = normalizeStock(plan.stock);
    if (held.has(stock)) continue;
    held.add(stock);
    changes.push({ id: plan.id, doneAt: null });
  }
  return changes;
}

/**
 * What a plan shows beside its status: nothing without a linked trade; else, for the linked trade
 * opened last, "Open" while it is open, its R ("+2.50R") once closed, or "Closed" without an R.
 * A done plan (`doneAt`) shows "Done", with that R when there is one: "Done · +2.50R".
 */
export function tradeOutcomeOfPlan(
  planId: string,
  trades: readonly Trade[],
  doneAt: string | null = null,
): string | null {
  let latest: Trade | undefined;
  for (const trade of trades) {
    if (trade.planId !== planId) continue;
    const later =
      latest === undefined ||
      trade.openedAt > latest.openedAt ||
      (trade.openedAt === latest.openedAt && trade.id > latest.id);
    if (later) latest = trade;
  }
  if (doneAt !== null) {
    const r = latest?.closedAt === null ? null : (latest?.rMultiple ?? null);
    return r === null ? 'Done' : `Done · ${formatR(r)}`;
  }
  if (latest === undefined) return null;
  if (latest.closedAt === null) return 'Open';
  return latest.rMultiple === null ? 'Closed' : formatR(latest.rMultiple);
}
