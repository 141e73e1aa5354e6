// A trade setup (docs/product.md, "Trade setups"): a chart pattern with entry and exit criteria.
// Its struct is the one definition of the record: the types, the API's validator, the new setup
// and the backup's check; its success score is derived, never written.
import { array, optional } from 'superstruct';
import {
  SETUP_CRITERIA_MAX_LENGTH,
  SETUP_DESCRIPTION_MAX_LENGTH,
  SETUP_NAME_MAX_LENGTH,
  SETUP_NOTES_MAX_LENGTH,
} from './constants.ts';
import { messages } from './messages.ts';
import { roundHalfAway } from './rounding.ts';
import { isCountedTrade } from './stats.ts';
import type { Trade, TradePlanStatus } from './types.ts';
import {
  boundedText,
  clientId,
  filled,
  type Infer,
  type Loose,
  nullAsEmpty,
  object,
  recordOf,
  sameValues,
  text,
  validator,
  withDefaults,
  yesOrNo,
} from './validation.ts';

const setupFields = {
  name: text(SETUP_NAME_MAX_LENGTH, messages.setupNameTooLong, messages.setupNameRequired),
  description: nullAsEmpty(text(SETUP_DESCRIPTION_MAX_LENGTH, messages.setupDescriptionTooLong)),
  // The spec sets no limit on the criteria; the journal's limits do.
  entryCriteria: boundedText(SETUP_CRITERIA_MAX_LENGTH, messages.setupCriteriaTooLong),
  exitCriteria: boundedText(SETUP_CRITERIA_MAX_LENGTH, messages.setupCriteriaTooLong),
  notes: nullAsEmpty(text(SETUP_NOTES_MAX_LENGTH, messages.setupNotesTooLong)),
  /**
   * Whether its plans may go Ready only with every entry criterion ticked (docs/product.md, "Plan
   * statuses"). Off unless turned on; absent from older backups: off.
   */
  checklistRequired: yesOrNo,
};
/** Every text but the name may be left out, and starts empty. */
export const setupDefaults = {
  description: '',
  entryCriteria: '',
  exitCriteria: '',
  notes: '',
  checklistRequired: false,
};

/**
 * `POST` and `PUT /api/v1/tradesetups`. `rules` is sent as the spec sends it (always an empty
 * list): checked to be a list, then dropped.
 */
const setupInput = object({
  ...clientId,
  ...withDefaults(setupFields, setupDefaults),
  rules: optional(array()),
});
export type TradeSetupInput = Loose<Omit<Infer<typeof setupInput>, 'rules'>, typeof setupDefaults>;

/** A setup as stored and backed up: what the trader wrote, without the derived score. */
export const setupRecord = recordOf(withDefaults(setupFields, setupDefaults));
export type TradeSetupRecord = Infer<typeof setupRecord>;

const validateSetupBody = validator(setupInput);
export const validateSetupRecord = validator(setupRecord);
export function validateTradeSetupInput(body: unknown) {
  const result = validateSetupBody(body);
  if (!result.ok) return result;
  const { rules: _rules, ...input } = result.value;
  return { ok: true as const, value: input as Required<TradeSetupInput> };
}

/** The fields an edit writes. */
export const SETUP_FIELDS = Object.keys(setupFields) as (keyof typeof setupFields)[];

/** The same setup, whenever it was made or last edited (a restore skips it). */
export const sameSetup = (a: TradeSetupRecord, b: TradeSetupRecord): boolean =>
  sameValues(a, b, SETUP_FIELDS);

export type SuccessScoreBasis = 'trades' | 'planned';

export interface SetupScore {
  /** 0..100 (docs/product.md, "Trade setups"). */
  successScore: number;
  /** 'trades' once the setup's plans have closed trades with an R; 'planned' until then. */
  successScoreBasis: SuccessScoreBasis;
  /** The trades the score is the win rate of; 0 on the 'planned' basis. */
  successScoreTrades: number;
}

/** A setup as the API answers it and the app caches it: the record with its score. */
export type TradeSetup = TradeSetupRecord & SetupScore;

/** A setup no plan cites yet scores 0 on the planned basis. */
export const UNSCORED: SetupScore = { successScore: 0, successScoreBasis: 'planned', successScoreTrades: 0 };

/** What a new setup is made of: its input with every optional text filled, scoring as UNSCORED. */
export function newSetup(
  input: Omit<TradeSetupInput, 'id'>,
): Omit<TradeSetup, 'id' | 'createdAt' | 'updatedAt'> {
  return {
    ...filled<TradeSetupRecord, keyof typeof setupFields>(SETUP_FIELDS, setupDefaults, input),
    ...UNSCORED,
  };
}

/**
 * A setup's planned success score (docs/product.md, "Trade setups"): the mean probability of
 * success of its plans that are not discarded and have one, rounded; 0 when there are none.
 */
export function successScore(
  plans: readonly { status: TradePlanStatus; probabilityOfSuccess: number | null }[],
): number {
  const counted = plans.flatMap((p) =>
    p.status !== 'Discarded' && p.probabilityOfSuccess !== null ? [p.probabilityOfSuccess] : [],
  );
  if (counted.length === 0) return 0;
  return Math.round(counted.reduce((sum, p) => sum + p, 0) / counted.length);
}

/**
 * A setup's success score with its basis (docs/product.md, "Trade setups"). `plans` are the
 * setup's plans, discarded ones too: a trade taken on a plan later discarded was still traded.
 * Once they have trades the statistics count (closed, complete, with an R), the score is those
 * trades' win rate, wins (R > 0) ÷ n × 100, rounded to a whole number: the setup's win rate on the
 * Review page, which shows one decimal. Until then, the planned mean of `successScore`.
 */
export function setupSuccessScore(
  plans: readonly { id: string; status: TradePlanStatus; probabilityOfSuccess: number | null }[],
  trades: readonly Trade[],
): SetupScore {
  const planIds = new Set(plans.map((p) => p.id));
  const counted = trades.filter(isCountedTrade).filter((t) => t.planId !== null && planIds.has(t.planId));
  if (counted.length === 0) {
    return { successScore: successScore(plans), successScoreBasis: 'planned', successScoreTrades: 0 };
  }
  const wins = counted.filter((t) => t.rMultiple > 0).length;
  return {
    successScore: roundHalfAway((wins / counted.length) * 100, 0),
    successScoreBasis: 'trades',
    successScoreTrades: counted.length,
  };
}
