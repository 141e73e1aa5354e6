import { lazy, Suspense } from 'react';
import { countOf, formatMoney, formatPrice, formatR, formatTimestamp } from '../../domain/format.ts';
import { instrumentLabel } from '../../domain/optionContract.ts';
import type { Trade } from '../../domain/types.ts';
import { usePlan } from '../ui/cacheReads.ts';
import { Modal } from '../ui/Modal.tsx';
import { incompleteText, PlanLabel } from './TradeCells.tsx';
import { TradeFills } from './TradeFills.tsx';
import { TradeForm } from './TradeForm.tsx';
import { TradePlannedVsActual } from './TradePlannedVsActual.tsx';

// The chart and its candles load with the details, not with the Trades page.
const TradeChartPanel = lazy(() => import('../candles/TradeChartPanel.tsx'));

const money = (amount: number | null) => (amount === null ? '—' : formatMoney(amount));

interface TradeDetailsProps {
  trade: Trade;
  onClose: () => void;
}

/**
 * One trade from the cache (so offline too): its figures, its fills, and what the trader attaches
 * to it (plan, initial stop, notes).
 */
export function TradeDetails({ trade, onClose }: TradeDetailsProps) {
  const plan = usePlan(trade.planId);
  return (
    <Modal title={`${instrumentLabel(trade)} ${trade.direction} trade`} onClose={onClose}>
      {trade.incomplete && <p className="incomplete-mark">{incompleteText(trade)}</p>}
      <dl className="plan-details">
        <dt>Account</dt>
        <dd>{trade.accountName}</dd>
        <dt>Opened</dt>
        <dd>{formatTimestamp(trade.openedAt)}</dd>
        <dt>Closed</dt>
        <dd>
          {trade.closedAt === null
            ? `Open (${countOf(trade.openQuantity, 'share')})`
            : formatTimestamp(trade.closedAt)}
        </dd>
        <dt>Entry → Exit</dt>
        <dd>
          {trade.entryQuantity} at {money(trade.averageEntryPrice)} → {money(trade.averageExitPrice)}
        </dd>
        <dt>P&L</dt>
        <dd>
          {money(trade.grossPnl)} gross − {formatMoney(trade.fees)} fees = {money(trade.netPnl)}
        </dd>
        <dt>Initial risk</dt>
        <dd>
          {trade.initialRisk === null
            ? 'No stop'
            : `${formatMoney(trade.initialRisk)} (stop ${trade.initialStop === null ? '—' : formatPrice(trade.initialStop)})`}
        </dd>
        <dt>R</dt>
        <dd>{trade.rMultiple === null ? '—' : formatR(trade.rMultiple)}</dd>
        <dt>Plan</dt>
        <dd>
          <PlanLabel plan={plan ?? undefined} />
        </dd>
        <TradePlannedVsActual trade={trade} plan={plan} />
      </dl>
      <h3>Chart</h3>
      <Suspense fallback={<p aria-busy="true">Loading chart…</p>}>
        <TradeChartPanel trade={trade} plan={plan} />
      </Suspense>
      <h3>Fills</h3>
      <TradeFills executionIds={trade.executionIds} />
      <h3>Plan, stop, tags and notes</h3>
      <TradeForm trade={trade} onSaved={onClose} onCancel={onClose} />
    </Modal>
  );
}
