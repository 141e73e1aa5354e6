import { capitalRiskAmount, maxRiskAmount } from './accounts.ts';
import { formatPercent } from './format.ts';
import { messages } from './messages.ts';
import { type DirectedPrices, riskPerShare } from './planDirection.ts';
import type { Account, PositionSize } from './types.ts';

type SizingAccount = Pick<
  Account,
  'currentBalance' | 'availableFundsForTrading' | 'capitalRisk' | 'maxTradeRisk' | 'scaleOutFactor'
>;
/** A short plan's size is its long mirror's: the risk per share is |entry − stop| on its own side. */
type PlanPrices = DirectedPrices;

// Money math in binary floats lands a hair under whole numbers (0.3 / 0.1 = 2.9999999999999996);
// flooring that would drop a share the trader can afford, so allow a tolerance far below a share.
const EPSILON = 1e-9;
const floorShares = (x: number): number => Math.floor(x + EPSILON);

/** What limits a size: shares each limit allows, and the lot a size is a multiple of. */
interface SizeLimits {
  risk: number;
  capital: number;
  funds: number;
  lot: number;
}

/** The limits of docs/product.md, "Position size"; null when the prices leave no positive risk. */
function sizeLimits(account: SizingAccount, plan: PlanPrices): SizeLimits | null {
  const perShare = riskPerShare(plan);
  if (!(perShare > 0) || !(plan.entryPrice > 0)) return null;
  return {
    risk: floorShares(maxRiskAmount(account) / perShare),
    capital: floorShares(capitalRiskAmount(account) / plan.entryPrice),
    funds: floorShares(account.availableFundsForTrading / plan.entryPrice),
    lot: Number.isInteger(account.scaleOutFactor) && account.scaleOutFactor >= 1 ? account.scaleOutFactor : 1,
  };
}

/**
 * Shares one account may buy for a plan (docs/product.md, "Position size"): the smallest of what the
 * risk limit, the capital limit and the available funds allow, in whole multiples of the
 * scale-out factor, never below zero.
 */
function computePositionSize(account: SizingAccount, plan: PlanPrices): number {
  const limits = sizeLimits(account, plan);
  if (!limits) return 0;
  const shares = Math.min(limits.risk, limits.capital, limits.funds);
  const rounded = Math.floor(shares / limits.lot) * limits.lot;
  return Number.isFinite(rounded) && rounded > 0 ? rounded : 0;
}

export function computePositionSizes(
  accounts: readonly (SizingAccount & Pick<Account, 'id' | 'accountName'>)[],
  plan: PlanPrices,
): PositionSize[] {
  return accounts.map((a) => ({
    accountId: a.id,
    accountName: a.accountName,
    position: computePositionSize(a, plan),
  }));
}

export const isValidPositionSize = (p: PositionSize): boolean => p.position > 0;

/**
 * What sets a size: `risk` (max trade risk), `capital` (capital risk) or `funds` (available funds),
 * the tightest of them, or `lot`: rounding down to whole lots of the scale-out factor took shares
 * off what they allow (for a size of 0, no whole lot fits).
 */
export type PositionSizeLimit = 'risk' | 'capital' | 'funds' | 'lot';

/**
 * The limit that sets an account's size for a plan, whatever the size (docs/product.md, "Position
 * size"): the tightest of risk, capital and funds (ties go to risk, then capital, then funds),
 * unless each allows at least one share and the rounding to the lot took shares off: then the lot.
 * null when the prices leave no positive risk per share.
 */
export function positionSizeLimit(account: SizingAccount, plan: PlanPrices): PositionSizeLimit | null {
  const limits = sizeLimits(account, plan);
  if (!limits) return null;
  const tightest = (['capital', 'funds'] as const).reduce<'risk' | 'capital' | 'funds'>(
    (t, k) => (limits[k] < limits[t] ? k : t),
    'risk',
  );
  const shares = computePositionSize(account, plan);
  return limits[tightest] >= 1 && shares < limits[tightest] ? 'lot' : tightest;
}

type LimitSettings = Pick<SizingAccount, 'capitalRisk' | 'maxTradeRisk' | 'scaleOutFactor'>;

/** Why a size is "N/A", in the trader's words; the lot's names the scale-out factor. */
export function positionSizeLimitMessage(limit: PositionSizeLimit, scaleOutFactor: number): string {
  switch (limit) {
    case 'risk':
      return messages.positionSizeRiskTooLow;
    case 'capital':
      return messages.positionSizeCapitalTooLow;
    case 'funds':
      return messages.positionSizeFundsTooLow;
    case 'lot':
      return messages.positionSizeLotTooSmall(scaleOutFactor);
  }
}

/** What caps a size above 0, with the setting as the Dashboard shows it: "capped by capital risk 10.00%". */
export function positionSizeCapMessage(limit: PositionSizeLimit, account: LimitSettings): string {
  switch (limit) {
    case 'risk':
      return messages.positionSizeCappedByRisk(formatPercent(account.maxTradeRisk));
    case 'capital':
      return messages.positionSizeCappedByCapital(formatPercent(account.capitalRisk));
    case 'funds':
      return messages.positionSizeCappedByFunds;
    case 'lot':
      return messages.positionSizeRoundedToLot(account.scaleOutFactor);
  }
}

/** One account's figures for a plan, as its details show them. */
export interface PositionFigures {
  accountId: string;
  accountName: string;
  /** The position size: shares, 0 when "N/A". */
  shares: number;
  /** shares × entry. */
  cost: number;
  /** Dollars at risk: shares × (entry − stop), (stop − entry) for a short plan. */
  riskAmount: number;
  /** riskAmount as a percentage of the account's current balance; 0 on a zero balance. */
  riskPercent: number;
  /** The limit that set the size (why it is 0, or what capped it); null when the prices size nothing. */
  limit: PositionSizeLimit | null;
  /** The limit in the trader's words: why it is "N/A", or what capped it; null with no limit. */
  limitMessage: string | null;
}

/** Per account: shares, cost, dollars at risk and their % of the balance, and the limit that set the size. */
export function planPositionFigures(
  accounts: readonly (SizingAccount & Pick<Account, 'id' | 'accountName'>)[],
  plan: PlanPrices,
): PositionFigures[] {
  return accounts.map((a) => {
    const shares = computePositionSize(a, plan);
    const riskAmount = shares * riskPerShare(plan);
    const limit = positionSizeLimit(a, plan);
    return {
      accountId: a.id,
      accountName: a.accountName,
      shares,
      cost: shares * plan.entryPrice,
      riskAmount,
      riskPercent: a.currentBalance > 0 ? (riskAmount / a.currentBalance) * 100 : 0,
      limit,
      limitMessage:
        limit === null
          ? null
          : shares > 0
            ? positionSizeCapMessage(limit, a)
            : positionSizeLimitMessage(limit, a.scaleOutFactor),
    };
  });
}
