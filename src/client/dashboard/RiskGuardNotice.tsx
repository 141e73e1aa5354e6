import { messages } from '../../domain/messages.ts';
import { useAccountsCollection } from '../ui/cacheReads.ts';
import { useRiskGuards } from './useRiskGuards.ts';

/**
 * One line per account whose risk guard is reached today (docs/product.md, "Orders"), from the
 * cache with the server's own rule, so offline too; nothing while none is.
 */
export function RiskGuardNotice() {
  const accounts = useAccountsCollection();
  const guards = useRiskGuards(accounts.rows);
  if (guards === undefined) return null;
  const reached = accounts.rows
    .map((account) => ({ account, guard: guards.get(account.id) }))
    .filter(({ guard }) => guard?.reached);
  if (reached.length === 0) return null;
  return (
    <section className="guard-notice" role="status" aria-label="Risk guard">
      {reached.map(({ account, guard }) => (
        <p key={account.id}>
          <strong>{account.accountName}</strong>:{' '}
          {messages.guardReachedRefusal(guard?.reasons.join('; ') ?? '')}. {messages.guardCannotStopBroker}
        </p>
      ))}
    </section>
  );
}
