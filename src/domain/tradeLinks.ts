// Trades built whole (docs/product.md, "Trades"): the figures of the fills with each trade's
// annotation or else its automatic plan link: one pure function that the server runs (keeping each
// account and symbol's figures between reads) and the app runs offline, so both show the same
// trades with the same ids.
import type { Execution } from './executions.ts';
import { directionOf } from './planDirection.ts';
import { type LinkedTrades, wasDone, withTrade } from './planDone.ts';
import { compareText, type Trade, type TradeFigures, time, tradeListOrder } from './trade.ts';
import {
  type Attached,
  annotationOf,
  type TradeAnnotation,
  unlinked,
  withAnnotation,
} from './tradeAnnotation.ts';
import { tradeFiguresOf } from './tradeFigures.ts';
import { isActiveStatus, type TradePlan } from './tradePlans.ts';
import type { Account } from './types.ts';
import { normalizeStock } from './validation.ts';

type PlanForLink = Pick<TradePlan, 'id' | 'stock' | 'status' | 'stopLossPrice' | 'createdAt'> &
  // Long when left out (a plan cached before plans had a direction).
  Partial<Pick<TradePlan, 'direction'>>;

export interface TradeInputs {
  executions: readonly Execution[];
  annotations: readonly TradeAnnotation[];
  plans: readonly PlanForLink[];
  accounts: readonly Pick<Account, 'id' | 'accountName'>[];
  /** The time now: an option open past its expiration has expired (none without it). */
  now?: Date;
}

/**
 * A fill typed by hand carries its time to the minute, so a plan made at 09:11:38 and a buy
 * entered as 09:11 count as plan first.
 */
const FILL_TIME_PRECISION_MS = 60_000;

/**
 * The plan a trade is linked to when the trader said nothing (docs/product.md, "Trades"): the
 * active plan of its stock and direction (a Long trade a long plan, a Short trade a short plan)
 * that existed when it opened and was not done by then
 * (`linked`: the plans' trades opened before this one), with that plan's stop. "Active" is the
 * plan's status now, not at the open: the server stores the link as soon as the fills arrive
 * (newAnnotations), so later status changes do not move it. Done is judged at the open from the
 * trades alone, so a history rebuilt from scratch links as the live one did: a re-entry after the
 * plan's trade closed is unplanned.
 */
function automaticLink(
  trade: TradeFigures,
  plansByStock: ReadonlyMap<string, PlanForLink[]>,
  linked: ReadonlyMap<string, LinkedTrades>,
): Attached {
  // A plan's stop is a price of its stock, not of an option: an option trade is linked by hand.
  if (trade.incomplete || trade.option) return unlinked;
  const opened = time(trade.openedAt) + FILL_TIME_PRECISION_MS;
  let chosen: PlanForLink | undefined;
  for (const plan of plansByStock.get(trade.symbol) ?? []) {
    if (directionOf(plan) !== trade.direction) continue;
    if (time(plan.createdAt) > opened || wasDone(linked.get(plan.id), time(trade.openedAt))) continue;
    // At most one plan per stock is active, but an offline cache can briefly hold two: the newest wins.
    const newer =
      chosen === undefined ||
      time(plan.createdAt) > time(chosen.createdAt) ||
      (time(plan.createdAt) === time(chosen.createdAt) && plan.id > chosen.id);
    if (newer) chosen = plan;
  }
  return chosen ? { ...unlinked, planId: chosen.id, initialStop: chosen.stopLossPrice } : unlinked;
}

/**
 * The trades of these figures with their accounts' names and what the trader attached to each (its
 * annotation, found by key) or else the automatic plan link. Links cross symbols (a plan's trades
 * decide whether it was done), so this runs over every figure of the trader.
 */
export function linkTrades(
  figures: readonly TradeFigures[],
  input: Omit<TradeInputs, 'executions'>,
): Trade[] {
  const accountNames = new Map(input.accounts.map((a) => [a.id, a.accountName]));
  const annotations = new Map(input.annotations.map((a) => [a.key, a]));
  const plansByStock = new Map<string, PlanForLink[]>();
  for (const plan of input.plans) {
    if (!isActiveStatus(plan.status)) continue;
    const stock = normalizeStock(plan.stock);
    plansByStock.set(stock, [...(plansByStock.get(stock) ?? []), plan]);
  }

  // Links in the order the trades opened, every account's together: whether a plan was done when a
  // trade opened depends only on the trades opened before it.
  const ordered = figures
    .map((figure) => ({ figure, at: time(figure.openedAt) }))
    .sort((a, b) => a.at - b.at || compareText(a.figure.key, b.figure.key))
    .map(({ figure }) => figure);
  const linked = new Map<string, LinkedTrades>();
  const trades = ordered.map((figure) => {
    const trade = { ...figure, accountName: accountNames.get(figure.accountId) ?? '' };
    const built = withAnnotation(
      trade,
      annotations.get(trade.key) ?? automaticLink(trade, plansByStock, linked),
    );
    if (built.planId !== null) linked.set(built.planId, withTrade(linked.get(built.planId), built));
    return built;
  });
  return trades.sort(tradeListOrder);
}

/**
 * Every trade of the trader's fills (docs/product.md, "Trades"): FIFO round trips per account and
 * symbol, with what the trader attached to each (its annotation, found by key) or else the
 * automatic plan link.
 */
export function buildTrades(input: TradeInputs): Trade[] {
  return linkTrades(tradeFiguresOf(input.executions, input.now), input);
}

/**
 * What to store for trades seen for the first time: their automatic link, or that they have
 * none. Once stored, the decision no longer depends on plans' statuses or stops (docs/product.md,
 * "Trades": the link is made, and the initial risk frozen, when the trade's fills arrive), so a
 * Draft plan set to Ready later does not claim a trade made without it.
 */
export function newAnnotations(
  trades: readonly Trade[],
  annotations: readonly TradeAnnotation[],
  protectiveStops: ReadonlyMap<string, number> = new Map(),
): TradeAnnotation[] {
  const stored = new Set(annotations.map((a) => a.key));
  return trades
    .filter((t) => !stored.has(t.key))
    .map((trade) => {
      const annotation = annotationOf(trade);
      // The broker's stop order placed with the opening fill is the trader's stop when no plan gave one.
      const brokerStop =
        trade.executionIds[0] === undefined ? undefined : protectiveStops.get(trade.executionIds[0]);
      return annotation.initialStop === null && brokerStop !== undefined
        ? { ...annotation, initialStop: brokerStop }
        : annotation;
    });
}
