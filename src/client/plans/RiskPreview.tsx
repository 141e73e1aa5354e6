import { formatMoney, formatPercent } from '../../domain/format.ts';
import { computePositionSizes, isValidPositionSize } from '../../domain/positionSize.ts';
import { planRisk, planRiskPercentage } from '../../domain/tradePlans.ts';
import type { Account } from '../../domain/types.ts';

/** What the plan risks, and the shares each account would get, before anything is saved. */
export function RiskPreview({
  entryPrice,
  stopLossPrice,
  accounts,
}: {
  entryPrice: number;
  stopLossPrice: number;
  accounts: Account[];
}) {
  if (!(entryPrice > 0 && stopLossPrice > 0)) return null;
  const prices = { entryPrice, stopLossPrice };
  const sizes = computePositionSizes(accounts, prices);
  return (
    <div className="risk-preview" aria-live="polite">
      <p>
        <strong>
          Risk: {formatMoney(planRisk(prices))} ({formatPercent(planRiskPercentage(prices))})
        </strong>
      </p>
      {sizes.length > 0 && (
        <ul className="position-preview">
          {sizes.map((s) => (
            <li key={s.accountId} className={isValidPositionSize(s) ? 'positive' : undefined}>
              {s.accountName}: {isValidPositionSize(s) ? `${s.position} shares` : 'N/A'}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
