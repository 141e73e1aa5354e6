import { useEffect, useRef, useState } from 'react';
import { fallbackMessages } from '../../domain/appMessages.ts';
import { messages } from '../../domain/messages.ts';
import type { LiveAccount } from '../../domain/types.ts';
import { errorMessage } from '../api/http.ts';
import { useFillCountOf } from '../ui/cacheReads.ts';
import { FormActions } from '../ui/FormActions.tsx';
import { FormError } from '../ui/FormError.tsx';
import { deleteManualAccount } from './accountMutations.ts';

/**
 * "Delete account" in a manual account's settings (docs/product.md, "Accounts"): asked first, in
 * words that say what goes; not offered while the account holds fills, as the server refuses it.
 */
export function DeleteManualAccount({ account, onDeleted }: { account: LiveAccount; onDeleted: () => void }) {
  const fills = useFillCountOf(account.id);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // The question comes below a long form: on a phone it is scrolled to, not left off-screen.
  const question = useRef<HTMLElement>(null);
  useEffect(() => {
    if (asking) question.current?.scrollIntoView?.({ block: 'nearest' });
  }, [asking]);

  async function remove() {
    setBusy(true);
    setError(undefined);
    try {
      await deleteManualAccount(account);
      onDeleted();
    } catch (e) {
      setError(errorMessage(e, fallbackMessages.deleteAccount));
      setBusy(false);
    }
  }

  if (!asking)
    return (
      <section className="delete-account">
        <button
          type="button"
          className="secondary outline"
          disabled={fills === undefined || fills > 0}
          onClick={() => setAsking(true)}
        >
          Delete account
        </button>
        {fills !== undefined && fills > 0 && (
          <small className="hint">{messages.manualAccountHoldsFills(fills)}</small>
        )}
      </section>
    );
  return (
    <section ref={question} className="delete-account" aria-label="Delete account">
      <p>Are you sure you want to delete "{account.accountName}"? This action cannot be undone.</p>
      <p className="hint">{messages.manualAccountDeleteWhat}</p>
      <FormError message={error} />
      <FormActions
        submitLabel="Delete"
        danger
        saving={busy}
        onSubmit={() => void remove()}
        onCancel={() => setAsking(false)}
        cancelLabel="Keep it"
      />
    </section>
  );
}
