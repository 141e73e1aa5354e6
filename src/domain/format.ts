import { frameMessages } from './appMessages.ts';
import { CRITERIA_PREVIEW_LENGTH } from './constants.ts';
import type { ExecutionKind } from './executions.ts';
import { roundHalfAway } from './rounding.ts';

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
// Stocks under $1 trade in ten-thousandths, so a price shows up to 4 decimals: $0.1234, and $2.345
// as entered rather than rounded to $2.35. Money (P&L, balances, costs) keeps 2.
const usdPrice = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

// Intl renders -0 and -0.004 as "-$0.00"; a trader reads that as a loss, so zero is always plain.
const noNegativeZero = (text: string): string => (/^-[$]?0(\.0+)?%?$/.test(text) ? text.slice(1) : text);

/** US dollars with 2 decimals: $1,234.56 and -$1,234.56. */
export const formatMoney = (amount: number): string => noNegativeZero(usd.format(amount));

/** A share price in US dollars, 2 to 4 decimals: $100.00, $0.1234. */
export const formatPrice = (price: number): string => noNegativeZero(usdPrice.format(price));

/** A count with its noun: "1 share", "2 shares", "1 edge". */
export const countOf = (count: number, noun: string, plural = `${noun}s`): string =>
  `${count} ${count === 1 ? noun : plural}`;

/** Percent with 2 decimals: 12.35%. */
export const formatPercent = (percent: number): string => noNegativeZero(`${twoDecimals.format(percent)}%`);

/** A gain or loss in percent, its sign always shown: "+2.50%", "-1.20%", "0.00%". */
export const formatSignedPercent = (percent: number): string => {
  const text = formatPercent(percent);
  return percent > 0 && text !== '0.00%' ? `+${text}` : text;
};

/** A gain or loss in US dollars, its sign always shown: "+$446.73", "-$12.00", "$0.00". */
export const formatSignedMoney = (amount: number): string => {
  const text = formatMoney(amount);
  return amount > 0 && text !== '$0.00' ? `+${text}` : text;
};

/** Plan probability with 1 decimal, or "Not set". */
export const formatProbability = (probability: number | null | undefined): string =>
  probability === null || probability === undefined ? 'Not set' : `${probability.toFixed(1)}%`;

/** Reward-to-risk with 1 decimal and "R": 2.5R. */
export const formatRewardToRisk = (ratio: number): string => `${ratio.toFixed(1)}R`;

/** Edge weight with 1 decimal. */
export const formatWeight = (weight: number): string => weight.toFixed(1);

/** Criteria preview: the first 50 characters plus "..." when longer. */
export const truncateCriteria = (text: string): string =>
  text.length > CRITERIA_PREVIEW_LENGTH ? `${text.slice(0, CRITERIA_PREVIEW_LENGTH)}...` : text;

// The frame's one formatter lives on its own, so the first download does not carry this module.
export { formatTimestamp } from './timestamp.ts';

/** When a price was had, short: the time alone on the day it is read ("4:00 PM"), else with the date ("Nov 21, 4:00 PM"). */
export function formatAsOf(timestamp: string, now: Date): string {
  const at = new Date(timestamp);
  if (Number.isNaN(at.getTime())) return frameMessages.invalidTimestamp;
  const sameDay = at.toDateString() === now.toDateString();
  return sameDay
    ? at.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })
    : at.toLocaleString([], { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

const MINUTE_MS = 60_000;

/**
 * How long ago a moment was, in the largest whole unit: "just now" (under a minute, or a moment a
 * clock a little behind puts in the future), "3 min ago", "2 h ago", "1 day ago", "5 days ago".
 */
export function formatAgo(at: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - Date.parse(at)) / MINUTE_MS);
  if (!(minutes >= 1)) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** A wait still to go, rounded up: "in 45 s" under a minute, else "in 2 min". */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 60 ? `in ${seconds} s` : `in ${Math.ceil(ms / MINUTE_MS)} min`;
}

/** Account numbers are shown with only their last 4 digits. */
export const maskAccountNumber = (accountNumber: string): string => {
  const last4 = accountNumber.slice(-4);
  return `****${last4}`;
};

/**
 * A trade's R with its sign and two decimals: "+2.50R", "−1.00R" (U+2212, the typographic minus
 * docs/product.md writes). Anything that shows as zero is plain "0.00R": a signed zero would read
 * as a win or a loss.
 */
export function formatR(r: number): string {
  const shown = roundHalfAway(Math.abs(r), 2).toFixed(2);
  if (shown === '0.00') return '0.00R';
  return `${r > 0 ? '+' : '\u2212'}${shown}R`;
}

/**
 * A split's ratio as new shares to old: 2 → "2:1", 1.5 → "3:2", 0.01 → "1:100". Brokers' splits
 * are ratios of small whole numbers; one that is not shows to 4 decimals ("1.2345:1").
 */
export function formatSplitRatio(ratio: number): string {
  const [shares, per] = ratio >= 1 ? [ratio, 1] : [1, 1 / ratio];
  const whole = (n: number) => Math.abs(n - Math.round(n)) < 1e-6 * n;
  for (let scale = 1; scale <= 1000; scale++) {
    if (whole(shares * scale) && whole(per * scale)) {
      return `${Math.round(shares * scale)}:${Math.round(per * scale)}`;
    }
  }
  return `${roundHalfAway(ratio, 4)}:1`;
}

const OPTION_CLOSING_LABELS = { expiry: 'Expired', assignment: 'Assigned', exercise: 'Exercised' } as const;

/**
 * What an execution is, as a trade's fills name it: its side for a fill ("Buy"); for the broker's
 * adjustments "Split 2:1" (with the ratio it applied, when it met an open trade), "Transfer in" or
 * "Transfer out"; an option's end "Expired", "Assigned" or "Exercised" (docs/product.md, "Options").
 */
export function executionLabel(
  execution: { kind?: ExecutionKind | undefined; side: 'Buy' | 'Sell' },
  splitRatio?: number,
): string {
  if (execution.kind !== undefined && execution.kind in OPTION_CLOSING_LABELS)
    return OPTION_CLOSING_LABELS[execution.kind as keyof typeof OPTION_CLOSING_LABELS];
  if (execution.kind === 'split')
    return splitRatio === undefined ? 'Split' : `Split ${formatSplitRatio(splitRatio)}`;
  if (execution.kind === 'transfer') return execution.side === 'Buy' ? 'Transfer in' : 'Transfer out';
  return execution.side;
}
