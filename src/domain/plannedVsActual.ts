// Planned against actual (docs/product.md, "Review"): what a trade linked to a plan did against
// that plan (its entry, its size, its exit) and, over many trades, how closely the trader follows
// their plans. Pure: the app runs it over its cache, offline too.

import { computePositionSizes } from './positionSize.ts';
import { roundCents, roundTo4 } from './rounding.ts';
import type { Trade, TradePlan, TradeSetup } from './types.ts';

/** How a closed trade's exit (its average exit price) stands against its plan's target and stop. */
export type ExitOutcome = 'target' | 'cutShort' | 'profitNoTarget' | 'beforeStop' | 'stopped' | 'beyondStop';

export const EXIT_OUTCOMES: readonly ExitOutcome[] = [
  'target',
  'cutShort',
  'profitNoTarget',
  'beforeStop',
  'stopped',
  'beyondStop',
];

/** The trader's words for an exit outcome. */
export const EXIT_OUTCOME_TEXT: Readonly<Record<ExitOutcome, string>> = {
  target: 'Reached the target',
  cutShort: 'Cut short before the target',
  profitNoTarget: 'Closed in profit (no target)',
  beforeStop: 'Closed before the stop',
  stopped: "Stopped at the plan's stop",
  beyondStop: "Lost more than the plan's stop",
};

/** What is read of a plan: its prices and its setup. */
export type ComparedPlan = Pick<
  TradePlan,
  'id' | 'entryPrice' | 'stopLossPrice' | 'targetPrice' | 'tradeSetupId'
> &
  // Absent on plans cached before plans had a direction: they are long (src/domain/planDirection.ts).
  Partial<Pick<TradePlan, 'direction'>>;

/** An account as the plans are sized with it (docs/product.md, "Position size"). */
export type SizingAccount = Parameters<typeof computePositionSizes>[0][number];

/** What is read of a trade. */
export type ComparedTrade = Pick<
  Trade,
  | 'id'
  | 'accountId'
  | 'direction'
  | 'closedAt'
  | 'entryQuantity'
  | 'averageEntryPrice'
  | 'averageExitPrice'
  | 'initialStop'
  | 'incomplete'
  | 'planId'
>;

export interface PlannedVsActual {
  /**
   * The trade's average entry − the plan's entry, in $ per share, signed so that positive is worse
   * for the trader (paid more on a long, sold lower on a short); 4 decimals.
   */
  entrySlippage: number;
  /** entrySlippage ÷ the plan's risk per share |entry − stop|, 4 decimals; null when that is 0. */
  entrySlippageR: number | null;
  /** The trade's entry quantity, scale-ins included. */
  sizeTaken: number;
  /**
   * The plan's position size for the trade's account, from the account's figures as they are now
   * (sizes are not kept from the time of planning); null when the account is not known here.
   */
  sizeAllowed: number | null;
  /** sizeTaken ÷ sizeAllowed, 4 decimals; null when the size allowed is unknown or 0 (N/A). */
  sizeRatio: number | null;
  /** More shares taken than the plan allowed; null when the size allowed is unknown. */
  oversized: boolean | null;
  /** The trade's initial stop differs from the plan's stop; null when the trade has no stop. */
  stopMoved: boolean | null;
  /** How the exit stands against the plan's target and stop; null while the trade is open. */
  exit: ExitOutcome | null;
}

/** Whether a trade can be held against a plan at all: complete, with a known entry. */
const comparable = (trade: ComparedTrade): trade is ComparedTrade & { averageEntryPrice: number } =>
  !trade.incomplete && trade.averageEntryPrice !== null;

/**
 * The exit against the plan, prices compared to the cent in the trade's direction: at or beyond
 * the target; in profit (beyond the trade's own entry) short of it, or with no target; at or
 * short of the entry but short of the plan's stop; at the stop; beyond it.
 */
function exitOutcome(
  direction: Trade['direction'],
  entry: number,
  exit: number,
  plan: Pick<ComparedPlan, 'stopLossPrice' | 'targetPrice'>,
): ExitOutcome {
  const sign = direction === 'Short' ? -1 : 1;
  /** Cents by which `price` is better for the trader than `than`. */
  const better = (price: number, than: number) =>
    sign * Math.round((roundCents(price) - roundCents(than)) * 100);
  if (plan.targetPrice !== null && better(exit, plan.targetPrice) >= 0) return 'target';
  if (better(exit, entry) > 0) return plan.targetPrice === null ? 'profitNoTarget' : 'cutShort';
  const againstStop = better(exit, plan.stopLossPrice);
  return againstStop > 0 ? 'beforeStop' : againstStop === 0 ? 'stopped' : 'beyondStop';
}

/**
 * One trade against its plan (docs/product.md, "Review"), in the trade's own direction; null
 * when it cannot be compared (incomplete, or its entry's cost unknown). `accounts`: the trader's
 * accounts with their figures now, for the size the plan allows the trade's account.
 */
export function plannedVsActualOf(
  trade: ComparedTrade,
  plan: ComparedPlan,
  accounts: readonly SizingAccount[],
): PlannedVsActual | null {
  if (!comparable(trade)) return null;
  const sign = trade.direction === 'Short' ? -1 : 1;
  const slippage = sign * (trade.averageEntryPrice - plan.entryPrice);
  const riskPerShare = Math.abs(plan.entryPrice - plan.stopLossPrice);
  const account = accounts.find((a) => a.id === trade.accountId);
  // The plan itself is passed: its prices and its direction size it.
  const sizeAllowed = account ? computePositionSizes([account], plan)[0]!.position : null;
  return {
    entrySlippage: roundTo4(slippage),
    entrySlippageR: riskPerShare > 0 ? roundTo4(slippage / riskPerShare) : null,
    sizeTaken: trade.entryQuantity,
    sizeAllowed,
    sizeRatio: sizeAllowed ? roundTo4(trade.entryQuantity / sizeAllowed) : null,
    oversized: sizeAllowed === null ? null : trade.entryQuantity > sizeAllowed,
    stopMoved: trade.initialStop === null ? null : trade.initialStop !== plan.stopLossPrice,
    exit:
      trade.closedAt === null || trade.averageExitPrice === null
        ? null
        : exitOutcome(trade.direction, trade.averageEntryPrice, trade.averageExitPrice, plan),
  };
}

/** A mean and the number of trades it is the mean of. */
export interface MeanOf {
  /** 4 decimals; null when n = 0. */
  mean: number | null;
  n: number;
}

/** How many trades of n did something. */
export interface CountOf {
  count: number;
  n: number;
}

export interface PlannedVsActualGroup {
  key: string;
  label: string;
  /** Trades compared: linked to a plan known here, complete, open or closed. */
  n: number;
  /** Mean entry slippage in R, over the trades whose plan has a risk per share. */
  entrySlippageR: MeanOf;
  /** Mean of size taken ÷ size allowed, over the trades whose account the plan allows shares. */
  sizeRatio: MeanOf;
  /** Trades that took more shares than the plan allowed, of those whose allowed size is known. */
  oversized: CountOf;
  /** Trades whose initial stop differs from the plan's, of those with a stop. */
  stopMoved: CountOf;
  /** Closed trades cut short before the target, of the closed trades whose plan has a target. */
  targetCutShort: CountOf;
  /** Closed trades by how their exit stands against the plan; `closed` is their number. */
  exits: Record<ExitOutcome, number>;
  closed: number;
}

export type PlannedVsActualGrouping = 'all' | 'setup';

export interface PlannedVsActualContext {
  plans: readonly ComparedPlan[];
  setups: readonly Pick<TradeSetup, 'id' | 'name'>[];
  accounts: readonly SizingAccount[];
}

const meanOf = (values: readonly number[]): MeanOf => ({
  mean: values.length === 0 ? null : roundTo4(values.reduce((sum, v) => sum + v, 0) / values.length),
  n: values.length,
});

const countOf = (flags: readonly (boolean | null)[]): CountOf => {
  const known = flags.filter((f) => f !== null);
  return { count: known.filter((f) => f).length, n: known.length };
};

function groupOf(
  key: string,
  label: string,
  rows: readonly { plan: ComparedPlan; pva: PlannedVsActual }[],
): PlannedVsActualGroup {
  const pvas = rows.map((r) => r.pva);
  const closed = pvas.filter((p) => p.exit !== null);
  const exits = Object.fromEntries(EXIT_OUTCOMES.map((o) => [o, 0])) as Record<ExitOutcome, number>;
  for (const p of closed) exits[p.exit!] += 1;
  return {
    key,
    label,
    n: pvas.length,
    entrySlippageR: meanOf(pvas.flatMap((p) => (p.entrySlippageR === null ? [] : [p.entrySlippageR]))),
    sizeRatio: meanOf(pvas.flatMap((p) => (p.sizeRatio === null ? [] : [p.sizeRatio]))),
    oversized: countOf(pvas.map((p) => p.oversized)),
    stopMoved: countOf(pvas.map((p) => p.stopMoved)),
    targetCutShort: countOf(
      rows
        .filter((r) => r.pva.exit !== null && r.plan.targetPrice !== null)
        .map((r) => r.pva.exit === 'cutShort'),
    ),
    exits,
    closed: closed.length,
  };
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Planned against actual over the trades linked to a plan known here (docs/product.md, "Review"):
 * one group of them all, or one per setup ("No setup" for plans without one, or whose setup is
 * gone), by n, largest first, then by label. Trades without a plan, incomplete ones and those
 * whose entry's cost is unknown are left out; no group without trades.
 */
export function plannedVsActualBy(
  trades: readonly ComparedTrade[],
  grouping: PlannedVsActualGrouping,
  context: PlannedVsActualContext,
): PlannedVsActualGroup[] {
  const plans = new Map(context.plans.map((p) => [p.id, p]));
  const setupNames = new Map(context.setups.map((s) => [s.id, s.name]));
  const members = new Map<string, { label: string; rows: { plan: ComparedPlan; pva: PlannedVsActual }[] }>();
  for (const trade of trades) {
    const plan = trade.planId === null ? undefined : plans.get(trade.planId);
    if (!plan) continue;
    const pva = plannedVsActualOf(trade, plan, context.accounts);
    if (!pva) continue;
    const setupName = plan.tradeSetupId === null ? undefined : setupNames.get(plan.tradeSetupId);
    const [key, label] =
      grouping === 'all'
        ? ['all', 'All planned trades']
        : setupName === undefined
          ? ['none', 'No setup']
          : [plan.tradeSetupId!, setupName];
    const member = members.get(key);
    if (member) member.rows.push({ plan, pva });
    else members.set(key, { label, rows: [{ plan, pva }] });
  }
  return [...members.entries()]
    .map(([key, { label, rows }]) => groupOf(key, label, rows))
    .sort((a, b) => b.n - a.n || compareText(a.label, b.label) || compareText(a.key, b.key));
}
