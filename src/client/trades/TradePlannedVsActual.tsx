import { countOf, formatPrice, formatR } from '../../domain/format.ts';
import { EXIT_OUTCOME_TEXT, plannedVsActualOf } from '../../domain/plannedVsActual.ts';
import type { Trade, TradePlan } from '../../domain/types.ts';
import { useAccounts } from '../ui/cacheReads.ts';

/** "$0.25 a share (+0.05R) worse than the plan's $50.00"; "At the plan's entry, $50.00". */
function entryText(slippage: number, slippageR: number | null, planEntry: number): string {
  const plan = formatPrice(planEntry);
  if (Math.abs(slippage) < 0.00005) return `At the plan's entry, ${plan}`;
  const inR = slippageR === null ? '' : ` (${formatR(slippageR)})`;
  return `${formatPrice(Math.abs(slippage))} a share${inR} ${slippage > 0 ? 'worse' : 'better'} than the plan's ${plan}`;
}

function sizeText(taken: number, allowed: number | null, ratio: number | null): string {
  const shares = countOf(taken, 'share');
  if (allowed === null) return `${shares}; this account's planned size is not known here`;
  if (allowed === 0) return `${shares}; the plan allows this account none today`;
  return `${shares} of ${allowed} planned today (${Math.round((ratio ?? 0) * 100)}%)`;
}

/**
 * A trade's own planned-against-actual lines (docs/product.md, "Review"), as rows of its details'
 * list: its entry, size, stop and exit against the plan it is linked to. Nothing without a plan.
 */
export function TradePlannedVsActual({ trade, plan }: { trade: Trade; plan: TradePlan | null | undefined }) {
  const accounts = useAccounts();
  if (!plan || !accounts) return null;
  const pva = plannedVsActualOf(trade, plan, accounts);
  if (!pva) return null;
  return (
    <>
      <dt>Entry against plan</dt>
      <dd>{entryText(pva.entrySlippage, pva.entrySlippageR, plan.entryPrice)}</dd>
      <dt>Size against plan</dt>
      <dd>{sizeText(pva.sizeTaken, pva.sizeAllowed, pva.sizeRatio)}</dd>
      <dt>Stop against plan</dt>
      <dd>
        {pva.stopMoved === null
          ? `No stop (the plan's is ${formatPrice(plan.stopLossPrice)})`
          : pva.stopMoved
            ? `Moved: ${formatPrice(trade.initialStop!)}, the plan's ${formatPrice(plan.stopLossPrice)}`
            : `As planned, ${formatPrice(plan.stopLossPrice)}`}
      </dd>
      <dt>Exit against plan</dt>
      <dd>
        {pva.exit === null
          ? 'Not closed yet'
          : `${EXIT_OUTCOME_TEXT[pva.exit]} (target ${plan.targetPrice === null ? 'none' : formatPrice(plan.targetPrice)}, stop ${formatPrice(plan.stopLossPrice)})`}
      </dd>
    </>
  );
}
