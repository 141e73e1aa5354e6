import { useId, useState } from 'react';
import { messages } from '../../domain/messages.ts';
import type { LiveAccount } from '../../domain/types.ts';
import { errorMessage } from '../api/http.ts';
import { db } from '../db/db.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';
import { useOffline } from '../ui/useOffline.ts';
import { setOrdersAllowed } from './accountMutations.ts';

/**
 * "Allow orders from Trade Tracker" for one account (docs/product.md, "Orders"): off until the
 * trader turns it on, and only online; what it means is said beside it.
 */
export function OrdersSwitch({ account }: { account: LiveAccount }) {
  const id = useId();
  const offline = useOffline();
  // While the call is on its way the switch shows where it is going (and takes no other tap).
  const [going, setGoing] = useState<boolean>();
  const [error, setError] = useState<string>();
  // The cached row, so the switch shows what the server answered (and what a sync brings).
  const cached = useLiveQuery(() => db.accounts.get(account.id), [account.id]);
  const allowed = going ?? (cached ?? account).ordersAllowed === true;

  async function toggle(next: boolean) {
    setGoing(next);
    setError(undefined);
    try {
      await setOrdersAllowed(account, next);
    } catch (e) {
      setError(errorMessage(e, messages.ordersSwitchFailed));
    } finally {
      setGoing(undefined);
    }
  }

  return (
    <section className="orders-switch" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={allowed}
          aria-checked={allowed}
          disabled={offline || going !== undefined}
          aria-describedby={`${id}-meaning${offline ? ` ${id}-offline` : ''}`}
          onChange={(e) => void toggle(e.target.checked)}
        />
        {messages.allowOrdersLabel}
      </label>
      <small id={`${id}-meaning`} className="hint">
        {messages.allowOrdersMeaning}
      </small>
      {offline && (
        <small id={`${id}-offline`} className="orders-offline">
          {messages.ordersOnlyOnline}
        </small>
      )}
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
    </section>
  );
}
