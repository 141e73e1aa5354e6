// A trade plan (docs/product.md, "Trade plans"): its struct is the one definition of the record
// (the types, the create and update validators, the defaults of a new plan, the backup's check),
// and below it the plan's rules: risk, statuses and transitions, the one active plan per stock.
import { defaulted } from 'superstruct';
import { backupMessages } from './backupMessages.ts';
import { checklistOf } from './checklist.ts';
import {
  CHECKLIST_CRITERIA_MAX,
  CHECKLIST_CRITERION_MAX_LENGTH,
  PLAN_EDGES_MAX,
  PLAN_NOTES_MAX_LENGTH,
  PROBABILITY_MAX,
  PROBABILITY_MIN,
  RISK_LOW_MAX_PERCENT,
  RISK_MEDIUM_MAX_PERCENT,
  SCAN_ID_MAX_LENGTH,
} from './constants.ts';
import { messages } from './messages.ts';
import {
  type DirectedPrices,
  directionOf,
  directionSign,
  PLAN_DIRECTIONS,
  type PlanDirection,
  riskPerShare,
} from './planDirection.ts';
import { textList } from './textList.ts';
import { CYCLE_TYPES, type FieldError, TRADE_PLAN_STATUSES, type TradePlanStatus } from './types.ts';
import {
  boundedText,
  clientId,
  emptyAsNull,
  filled,
  finite,
  type Infer,
  idSetOfAtMost,
  isoTime,
  type Loose,
  normalizeStock,
  nullAsEmpty,
  nullable,
  object,
  oneOf,
  optional,
  optionalFields,
  price,
  recordOf,
  sameValues,
  stock,
  text,
  uuid,
  validator,
  withDefaults,
  yesOrNo,
} from './validation.ts';

const status = oneOf(TRADE_PLAN_STATUSES, messages.statusInvalid);
const cycleType = oneOf(CYCLE_TYPES, messages.cycleTypeInvalid);
const direction = oneOf(PLAN_DIRECTIONS, messages.directionInvalid);

/** What the trader writes: `POST` and `PUT /api/v1/tradeplans` carry these. */
const planFields = {
  stock,
  entryPrice: price(messages.entryPriceNotPositive, 'Entry price'),
  stopLossPrice: price(messages.stopLossNotPositive, 'Stop loss price'),
  probabilityOfSuccess: nullable(
    finite((n) => n >= PROBABILITY_MIN && n <= PROBABILITY_MAX, messages.probabilityOutOfRange),
  ),
  scanId: emptyAsNull(nullable(boundedText(SCAN_ID_MAX_LENGTH, messages.scanIdTooLong))),
  tradeSetupId: nullable(uuid),
  edgeIds: idSetOfAtMost(PLAN_EDGES_MAX, messages.planEdgesTooMany),
  // A target at or below 0 is below any valid entry; above the entry is checked with the prices.
  targetPrice: nullable(price(messages.targetNotAboveEntry, 'Target price')),
  notes: nullAsEmpty(text(PLAN_NOTES_MAX_LENGTH, messages.planNotesTooLong)),
  /**
   * Whether the trader is alerted when the plan reaches its entry, and its open trade its stop or
   * target (docs/product.md, "Alerts"). On unless turned off; absent from older backups: on.
   */
  alertsOn: yesOrNo,
  /**
   * Long (stop below the entry) or Short (stop above it; docs/product.md, "Trade plans"). Long when
   * left out, so every call of the spec makes the long plan it always made; older backups and
   * cached plans without it are long.
   */
  direction,
  /**
   * The entry criteria of its setup the trader ticked, by their text (docs/product.md, "Trade
   * plans"): each once, at most CHECKLIST_CRITERIA_MAX. Absent from older backups: none.
   */
  criteriaMet: textList(
    CHECKLIST_CRITERION_MAX_LENGTH,
    CHECKLIST_CRITERIA_MAX,
    messages.criteriaMetSay,
    false,
  ),
};
/** What a plan holds when the trader leaves a field out. */
export const planDefaults = {
  probabilityOfSuccess: null,
  scanId: null,
  tradeSetupId: null,
  edgeIds: [],
  targetPrice: null,
  notes: '',
  alertsOn: true,
  direction: 'Long' as PlanDirection,
  criteriaMet: [],
};

/**
 * `POST /api/v1/tradeplans`. The cycle at creation comes only from the app, stamped offline from
 * its cached cycle; left out, the server stamps the one it knows.
 */
const planCreate = object({
  ...clientId,
  ...withDefaults(planFields, planDefaults),
  marketCycleAtCreation: optional(nullable(cycleType)),
});
export type TradePlanInput = Loose<Infer<typeof planCreate>, typeof planDefaults>;

/** `PUT /api/v1/tradeplans/{id}`: only the fields sent change; the cycle at creation never does. */
const planUpdate = object(optionalFields(planFields));
export type TradePlanUpdate = Infer<typeof planUpdate>;

/** A plan as stored, cached by the app and held in a backup: the API's `edges` become `edgeIds`. */
export const planRecord = recordOf({
  ...withDefaults(planFields, planDefaults),
  status,
  // Absent from plans made before it was kept.
  marketCycleAtCreation: defaulted(nullable(cycleType), null),
  /**
   * When the plan's linked trades had all closed: the plan is done (docs/product.md, "Trade
   * plans"). The server's, derived from the trades; no create or update writes it. Absent from
   * older backups.
   */
  doneAt: defaulted(nullable(isoTime(backupMessages.timeInvalid)), null),
});
export type TradePlan = Infer<typeof planRecord>;

/** The fields an update may write. */
export const PLAN_FIELDS = Object.keys(planFields) as (keyof typeof planFields)[];

/** The same plan, whenever it was made or last edited (a restore skips it). */
export const samePlan = (a: TradePlan, b: TradePlan): boolean =>
  sameValues(a, b, [...PLAN_FIELDS, 'status', 'marketCycleAtCreation']);

const positiveNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;
const hasError = (errors: FieldError[], field: string) => errors.some((e) => e.field === field);

/**
 * The rules between prices (docs/product.md, "Trade plans"): for a long plan the stop below the
 * entry and the target (when set) above it; for a short plan the stop above the entry and the
 * target below it. Only prices that passed their own checks are compared.
 */
function checkPrices(
  errors: FieldError[],
  entry: unknown,
  stop: unknown,
  target: unknown,
  side: unknown,
): void {
  if (!positiveNumber(entry) || hasError(errors, 'entryPrice') || hasError(errors, 'direction')) return;
  const short = side === 'Short';
  // Above the entry for a long plan, below it for a short one: the side a target sits on.
  const beyond = (p: number) => (short ? p < entry : p > entry);
  if (positiveNumber(stop) && !hasError(errors, 'stopLossPrice') && (short ? stop <= entry : stop >= entry))
    errors.push({
      field: 'stopLossPrice',
      message: short ? messages.stopLossNotAboveEntryShort : messages.stopLossNotBelowEntry,
    });
  if (positiveNumber(target) && !hasError(errors, 'targetPrice') && !beyond(target))
    errors.push({
      field: 'targetPrice',
      message: short ? messages.targetNotBelowEntryShort : messages.targetNotAboveEntry,
    });
}

export const validateTradePlanCreate = validator(planCreate, (body, errors) =>
  checkPrices(errors, body.entryPrice, body.stopLossPrice, body.targetPrice, body.direction),
);

/**
 * A partial update: only the fields sent are checked and returned. With `current` (the stored
 * plan), the stop and the target are checked on the prices and the direction the plan would end
 * up with (a target sent as null is cleared, so it is not compared): a direction changed alone
 * can leave the stop on the wrong side, refused on the stop.
 */
export const validateTradePlanUpdate = (
  body: unknown,
  current?: {
    entryPrice: number;
    stopLossPrice: number;
    targetPrice?: number | null;
    direction?: PlanDirection | null;
  },
) =>
  validator(planUpdate, (b, errors) =>
    checkPrices(
      errors,
      b.entryPrice ?? current?.entryPrice,
      b.stopLossPrice ?? current?.stopLossPrice,
      b.targetPrice === undefined ? current?.targetPrice : b.targetPrice,
      b.direction ?? (current ? directionOf(current) : undefined),
    ),
  )(body);

/** A plan the backup holds, checked as the API checks its create, plus its status and stamps. */
export const validatePlanRecord = validator(planRecord, (body, errors) =>
  checkPrices(errors, body.entryPrice, body.stopLossPrice, body.targetPrice, body.direction),
);

export const validateStatusChange = validator(object({ status }));

/** What a new plan is made of: its input with every optional field filled, starting as Draft. */
export function newDraftPlan(
  input: Omit<TradePlanInput, 'id'>,
): Omit<TradePlan, 'id' | 'createdAt' | 'updatedAt'> {
  return {
    ...filled<TradePlan, (typeof PLAN_FIELDS)[number]>(PLAN_FIELDS, planDefaults, input),
    status: 'Draft',
    // The server passes the cycle it stamps, the app the one it has cached; null when neither knows.
    marketCycleAtCreation: input.marketCycleAtCreation ?? null,
    doneAt: null,
  };
}

type PlanPrices = DirectedPrices;

/** One decimal, halves up; the nudge keeps a half computed a hair low (float sums) from rounding down. */
const oneDecimal = (n: number): number => Math.round(n * 10 + 1e-9) / 10;

export type BadgeColor = 'gray' | 'green' | 'yellow' | 'red';

export { directionOf, PLAN_DIRECTIONS, type PlanDirection };

/** Risk per share in dollars: entry − stop for a long plan, stop − entry for a short one. */
export const planRisk = (p: PlanPrices): number => riskPerShare(p);

/** Risk as a percentage of the entry price; 0 when there is no positive entry. */
export const planRiskPercentage = (p: PlanPrices): number =>
  p.entryPrice > 0 ? (planRisk(p) / p.entryPrice) * 100 : 0;

/**
 * Reward-to-risk (docs/product.md, "Trade plans"): (target − entry) ÷ (entry − stop) for a long
 * plan, (entry − target) ÷ (stop − entry) for a short one, unrounded (`formatRewardToRisk` shows
 * it as "2.5R"); null without a target or without a positive risk.
 */
export function rewardToRisk(p: PlanPrices & { targetPrice?: number | null }): number | null {
  const risk = planRisk(p);
  if (p.targetPrice === null || p.targetPrice === undefined || !(risk > 0)) return null;
  return (directionSign(p) * (p.targetPrice - p.entryPrice)) / risk;
}

/**
 * The plan's weighted edge score (docs/product.md, "Trade plans"): the mean weight of its edges,
 * rounded to one decimal; null when it cites none.
 */
export function weightedEdgeScore(edges: readonly { weightFactor: number }[]): number | null {
  if (edges.length === 0) return null;
  return oneDecimal(edges.reduce((sum, e) => sum + e.weightFactor, 0) / edges.length);
}

/** A plan in one of these is active unless it is done (docs/product.md, "Trade plans"). */
export const ACTIVE_STATUSES = ['Ready', 'Hold'] as const satisfies readonly TradePlanStatus[];

export const isActiveStatus = (status: TradePlanStatus): boolean =>
  (ACTIVE_STATUSES as readonly TradePlanStatus[]).includes(status);

/**
 * Active (docs/product.md, "Trade plans"): Ready or Hold, and not done. A done plan keeps its
 * status, but no longer holds its stock, takes new trades or counts for planned risk. A plan
 * cached before `doneAt` was kept has none: it reads as not done.
 */
export const isActivePlan = (plan: { status: TradePlanStatus; doneAt: string | null }): boolean =>
  isActiveStatus(plan.status) && (plan.doneAt ?? null) === null;

/**
 * The one active plan per stock (docs/product.md, "Trade plans"): the stock an active plan holds,
 * none for any other. Two plans with the same key clash; a create or a stock change is refused
 * while another plan holds the stock. The partial unique index `trade_plans_one_active_per_stock`
 * is its copy in SQL.
 */
export const activeStockOf = (plan: {
  stock: string;
  status: TradePlanStatus;
  doneAt: string | null;
}): string | undefined => (isActivePlan(plan) ? normalizeStock(plan.stock) : undefined);

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

/**
 * The checklist rule (docs/product.md, "Plan statuses"): a plan whose setup requires its
 * checklist goes Ready only with every current entry criterion ticked. The refusal's message, or
 * undefined when the move may go on; the server's status change and the app's offline one both ask.
 */
export function checklistRefusal(
  plan: { criteriaMet?: readonly string[] },
  to: TradePlanStatus,
  setup: { entryCriteria: string; checklistRequired?: boolean } | undefined,
): string | undefined {
  if (to !== 'Ready' || setup?.checklistRequired !== true) return undefined;
  const { criteria, met } = checklistOf(setup, plan.criteriaMet);
  return met < criteria.length ? messages.checklistIncomplete(met, criteria.length) : undefined;
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
