import { isBrokerSignInEndingSoon } from '../../domain/brokerSession.ts';
import { formatTimestamp } from '../../domain/format.ts';
import { goToBrokerSignIn } from '../serverData/session.ts';
import { useBrokerSessionExpiresAt } from '../ui/cacheReads.ts';

/**
 * The broker's sign-in ends for good after a while (Schwab: 7 days); a day ahead the Dashboard
 * says so, so the trader signs in again at a moment of their choosing, not mid-plan.
 */
export function BrokerSignInNotice({ now = new Date() }: { now?: Date }) {
  const expiresAt = useBrokerSessionExpiresAt();
  if (!expiresAt || !isBrokerSignInEndingSoon(expiresAt, now)) return null;
  return (
    <article className="broker-notice" role="status">
      <p>
        Your broker sign-in ends on {formatTimestamp(expiresAt)}. Sign in again to keep your balances live.
      </p>
      <button type="button" onClick={() => goToBrokerSignIn(true)}>
        Sign in again
      </button>
    </article>
  );
}
