import { useId } from 'react';
import { Link } from 'wouter';
import { messages, orderTexts } from '../../domain/messages.ts';
import type { RiskGuardState } from '../../domain/riskGuard.ts';
import type { LiveAccount } from '../../domain/types.ts';

/**
 * Place order, or the button disabled with why: offline, orders not allowed for the account, or
 * its risk guard reached today (as the server would refuse it, so the trader learns it before a
 * preview).
 */
export function PlaceOrder({
  account,
  shares,
  offline,
  guard,
  onPlace,
}: {
  account: LiveAccount;
  shares: number;
  offline: boolean;
  /** The account's risk guard now; undefined without one (or while it is read). */
  guard: RiskGuardState | undefined;
  onPlace: () => void;
}) {
  const reasonId = useId();
  // A cache filled before the opt-in existed has none: off.
  const allowed = account.ordersAllowed === true;
  const guarded = guard?.reached === true;
  const unavailable = offline || !allowed || guarded;
  return (
    <div className="order-place">
      <button
        type="button"
        disabled={unavailable}
        aria-describedby={unavailable ? reasonId : undefined}
        onClick={onPlace}
      >
        Place order<span className="visually-hidden"> in {account.accountName}</span>: {shares} shares
      </button>
      {unavailable && (
        <p id={reasonId} className="order-unavailable">
          {offline && <span>{orderTexts.onlyOnline}. </span>}
          {!allowed && (
            <span>
              {orderTexts.notAllowed} <Link href="/dashboard">{orderTexts.turnOnLink}</Link>
            </span>
          )}
          {allowed && guarded && <span>{messages.guardReachedRefusal(guard.reasons.join('; '))}.</span>}
        </p>
      )}
    </div>
  );
}
