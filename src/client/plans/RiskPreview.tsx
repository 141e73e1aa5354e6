import { countOf, formatMoney, formatPercent, formatRewardToRisk } from '../../domain/format.ts';
import { messages } from '../../domain/messages.ts';
import { planPositionFigures } from '../../domain/positionSize.ts';
import { type PlanDirection, planRisk, planRiskPercentage, rewardToRisk } from '../../domain/tradePlans.ts';
import type { LiveAccount } from '../../domain/types.ts';

interface RiskPreviewProps {
  entryPrice: number;
  stopLossPrice: number;
  targetPrice: number | null;
  direction: PlanDirection;
  accounts: LiveAccount[];
}

/**
 * What the plan risks, read as a trader reads it, before anything is saved: the risk per share
 * and how far below the entry the stop sits (above it for a short plan), the reward-to-risk when a
 * target is set, then per account the shares and the limit that capped them, their cost and the
 * dollars at risk (or which limit leaves no shares): a block each, its figures labelled, that
 * wraps rather than runs out of a phone's dialog.
 */
export function RiskPreview({
  entryPrice,
  stopLossPrice,
  targetPrice,
  direction,
  accounts,
}: RiskPreviewProps) {
  if (!(entryPrice > 0 && stopLossPrice > 0)) return null;
  const prices = { entryPrice, stopLossPrice, targetPrice, direction };
  const short = direction === 'Short';
  if (!(planRisk(prices) > 0)) {
    return (
      <div className="risk-preview" aria-live="polite">
        <p className="warning">
          {short ? messages.stopNotAboveEntryWarningShort : messages.stopNotBelowEntryWarning}
        </p>
      </div>
    );
  }
  const reward = rewardToRisk(prices);
  return (
    <div className="risk-preview" aria-live="polite">
      <p>
        <strong>
          Risk: {formatMoney(planRisk(prices))} ({formatPercent(planRiskPercentage(prices))})
        </strong>{' '}
        <small>
          a share{short ? ' short' : ''}, stop {formatPercent(planRiskPercentage(prices))}{' '}
          {short ? 'above' : 'below'} entry
        </small>
        {reward !== null && <strong className="reward"> · Reward {formatRewardToRisk(reward)}</strong>}
      </p>
      {accounts.length > 0 && (
        <ul className="position-preview">
          {planPositionFigures(accounts, prices).map((f) => (
            <li key={f.accountId}>
              <span className={f.shares > 0 ? 'positive' : undefined}>
                {f.accountName}: {f.shares > 0 ? countOf(f.shares, 'share') : 'N/A'}
              </span>
              {f.shares > 0 && f.limitMessage && <small className="size-limit">{f.limitMessage}</small>}
              {f.shares > 0 ? (
                <dl>
                  <div>
                    <dt>Cost</dt>
                    <dd>{formatMoney(f.cost)}</dd>
                  </div>
                  <div>
                    <dt>At risk</dt>
                    <dd>
                      {formatMoney(f.riskAmount)}{' '}
                      <small>({formatPercent(f.riskPercent)} of the account)</small>
                    </dd>
                  </div>
                </dl>
              ) : (
                <small>{f.limitMessage}</small>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
