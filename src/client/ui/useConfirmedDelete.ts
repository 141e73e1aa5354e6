import { useRef, useState } from 'react';
import { errorMessage } from '../api/http.ts';
import { focusAfterRowRemoval } from './focus.ts';

/**
 * A delete that the trader confirms first: the row being asked about, the busy state while the
 * delete runs, and the message of a delete that failed (or the spec's fallback). Once the row has
 * left the list, focus goes to its neighbour's first action (focusAfterRowRemoval): every list
 * and a trade's fills alike.
 */
export function useConfirmedDelete<T>(remove: (row: T) => Promise<unknown>, fallback: string) {
  const [pending, setPending] = useState<T>();
  // The row on screen the delete was asked from (its <tr>).
  const fromRow = useRef<Element | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  /** Deletes the row asked about; resolves to it once deleted, to undefined when that failed. */
  async function confirm(): Promise<T | undefined> {
    if (!pending) return undefined;
    setBusy(true);
    // Focus moves on once the row has gone and the confirming button's dialog is closed.
    const dialog = document.activeElement?.closest('dialog') ?? null;
    const keepFocus = fromRow.current ? focusAfterRowRemoval(fromRow.current, dialog) : undefined;
    try {
      await remove(pending);
      return pending;
    } catch (e) {
      keepFocus?.();
      setError(errorMessage(e, fallback));
      return undefined;
    } finally {
      setPending(undefined);
      setBusy(false);
    }
  }

  return {
    pending,
    /** Asks about `row`, from `button` in its row on screen (the focus's start, which Safari does not move on a click). */
    ask: (row: T, button?: Element) => {
      fromRow.current = (button ?? document.activeElement)?.closest('tr') ?? null;
      setPending(row);
    },
    cancel: () => setPending(undefined),
    confirm,
    busy,
    error,
    clearError: () => setError(undefined),
  };
}
