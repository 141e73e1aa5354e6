import { useSyncExternalStore } from 'react';

/** A short confirmation ("Edge saved"), shown for a few seconds in a polite live region. */
export interface Notice {
  id: number;
  text: string;
}

const SHOWN_MS = 4000;
// One at a time: a newer notice replaces the one shown (docs/product.md, "Notices").
let current: Notice | undefined;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Takes a notice away, if it is still the one shown. */
export function dismiss(notice: Notice): void {
  if (current !== notice) return;
  current = undefined;
  emit();
}

export function announce(text: string): void {
  const notice = { id: nextId++, text };
  current = notice;
  emit();
  setTimeout(() => dismiss(notice), SHOWN_MS);
}

/** The notice shown now, if any. */
export function useNotice(): Notice | undefined {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
