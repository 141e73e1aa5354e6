import { useState } from 'react';
import { errorMessage } from '../api/http.ts';

/**
 * A delete that the trader confirms first: the row being asked about, the busy state while the
 * delete runs, and the message of a delete that failed (or the spec's fallback).
 */
export function useConfirmedDelete<T>(remove: (row: T) => Promise<unknown>, fallback: string) {
  const [pending, setPending] = useState<T>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  /** Deletes the row asked about; resolves to it once deleted, to undefined when that failed. */
  async function confirm(): Promise<T | undefined> {
    if (!pending) return undefined;
    setBusy(true);
    try {
      await remove(pending);
      return pending;
    } catch (e) {
      setError(errorMessage(e, fallback));
      return undefined;
    } finally {
      setPending(undefined);
      setBusy(false);
    }
  }

  return {
    pending,
    ask: (row: T) => setPending(row),
    cancel: () => setPending(undefined),
    confirm,
    busy,
    error,
    clearError: () => setError(undefined),
  };
}
