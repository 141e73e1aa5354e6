import { RISK_LOW_MAX_PERCENT, RISK_MEDIUM_MAX_PERCENT } from './constants.ts';
import { messages } from './messages.ts';
import type { TradePlan, TradePlanDto, TradePlanInput, TradePlanStatus } from './types.ts';

interface PlanPrices {
  entryPrice: number;
  stopLossPrice: number;
}

/** One decimal, halves up; the nudge keeps a half computed a hair low (float sums) from rounding down. */
const oneDecimal = (n: number): number => Math.round(n * 10 + 1e-9) / 10;

export type BadgeColor = 'gray' | 'green' | 'yellow' | 'red';

/** Risk per share in dollars: entry minus stop. */
export const planRisk = (p: PlanPrices): number => p.entryPrice - p.stopLossPrice;

/** Risk as a percentage of the entry price; 0 when there is no positive entry. */
export const planRiskPercentage = (p: PlanPrices): number =>
  p.entryPrice > 0 ? (planRisk(p) / p.entryPrice) * 100 : 0;

/**
 * Reward-to-risk (docs/product.md, "Trade plans"): (target − entry) ÷ (entry − stop), unrounded
 * (`formatRewardToRisk` shows it as "2.5R"); null without a target or without a positive risk.
 */
export function rewardToRisk(p: PlanPrices & { targetPrice?: number | null }): number | null {
  const risk = planRisk(p);
  if (p.targetPrice === null || p.targetPrice === undefined || !(risk > 0)) return null;
  return (p.targetPrice - p.entryPrice) / risk;
}

/**
 * The plan's weighted edge score (docs/product.md, "Trade plans"): the mean weight of its edges,
 * rounded to one decimal; null when it cites none.
 */
export function weightedEdgeScore(edges: readonly { weightFactor: number }[]): number | null {
  if (edges.length === 0) return null;
  return oneDecimal(edges.reduce((sum, e) => sum + e.weightFactor, 0) / edges.length);
}

/** A plan in one of these is active: a stock has at most one active plan (docs/product.md, "Trade plans"). */
export const ACTIVE_STATUSES = ['Ready', 'Hold'] as const satisfies readonly TradePlanStatus[];

export const isActiveStatus = (status: TradePlanStatus): boolean =>
  (ACTIVE_STATUSES as readonly TradePlanStatus[]).includes(status);

// The only moves a plan may make (docs/product.md, "Plan statuses").
const TRANSITIONS: Readonly<Record<TradePlanStatus, readonly TradePlanStatus[]>> = {
  Draft: ['Ready', 'Discarded'],
  Ready: ['Hold', 'Discarded', 'Draft'],
  Hold: ['Ready', 'Discarded'],
  Discarded: ['Draft'],
};

export const allowedTransitions = (from: TradePlanStatus): readonly TradePlanStatus[] => TRANSITIONS[from];

type TransitionCheck = { ok: true } | { ok: false; reason: 'unchanged' | 'refused'; message: string };

export function checkTransition(from: TradePlanStatus, to: TradePlanStatus): TransitionCheck {
  if (from === to) return { ok: false, reason: 'unchanged', message: messages.statusUnchanged };
  if (!TRANSITIONS[from].includes(to)) {
    return { ok: false, reason: 'refused', message: messages.transitionRefused(from, to) };
  }
  return { ok: true };
}

/** Discarded plans cannot be edited (docs/product.md, "Plan statuses"). */
export const canEditPlan = (status: TradePlanStatus): boolean => status !== 'Discarded';

const STATUS_COLORS: Readonly<Record<TradePlanStatus, BadgeColor>> = {
  Draft: 'gray',
  Ready: 'green',
  Hold: 'yellow',
  Discarded: 'red',
};

export const statusBadgeColor = (status: TradePlanStatus): BadgeColor => STATUS_COLORS[status];

export function riskBadgeColor(riskPercent: number): Exclude<BadgeColor, 'gray'> {
  if (riskPercent <= RISK_LOW_MAX_PERCENT) return 'green';
  if (riskPercent <= RISK_MEDIUM_MAX_PERCENT) return 'yellow';
  return 'red';
}

export const normalizeStock = (stock: string): string => stock.trim().toUpperCase();

/** What a new plan is made of: its input with every optional field filled, starting as Draft. */
export function newDraftPlan(input: Omit<TradePlanInput, 'id'>) {
  return {
    stock: input.stock,
    entryPrice: input.entryPrice,
    stopLossPrice: input.stopLossPrice,
    probabilityOfSuccess: input.probabilityOfSuccess ?? null,
    status: 'Draft' as const,
    scanId: input.scanId ?? null,
    tradeSetupId: input.tradeSetupId ?? null,
    edgeIds: input.edgeIds ?? [],
    targetPrice: input.targetPrice ?? null,
    notes: input.notes ?? '',
    // The server passes the cycle it stamps, the app the one it has cached; null when neither knows.
    marketCycleAtCreation: input.marketCycleAtCreation ?? null,
  };
}

/**
 * The app's view of a plan: the API's edge objects become a list of ids, and the sizes go (the
 * app computes them where it shows them, from the accounts it has).
 */
export function toTradePlan(dto: TradePlanDto): TradePlan {
  const { edges, positionSizes: _sizes, ...rest } = dto;
  return { ...rest, edgeIds: edges.map((e) => e.id) };
}
