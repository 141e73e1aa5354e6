import { useRef, useState } from 'react';
import { errorMessage } from '../api/http.ts';

/**
 * An action that must not be sent twice (an order's confirm, a cancel): a second tap while it
 * runs, even in the same frame, does nothing; a failure shows its message (or `fallback`).
 */
export function useOnceAtATime(fallback: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // Set before the first await: a second tap in the same frame finds it and sends nothing.
  const inFlight = useRef(false);
  async function run(action: () => Promise<void>, onFailure?: (error: unknown) => void): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (e) {
      setError(errorMessage(e, fallback));
      onFailure?.(e);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }
  return { busy, error, run };
}
