import { useSyncExternalStore } from 'react';

/** A short confirmation ("Edge saved"), shown for a few seconds in a polite live region. */
export interface Notice {
  id: number;
  text: string;
}

const SHOWN_MS = 4000;
let notices: Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function announce(text: string): void {
  const notice = { id: nextId++, text };
  notices = [...notices.slice(-2), notice];
  emit();
  setTimeout(() => {
    notices = notices.filter((n) => n !== notice);
    emit();
  }, SHOWN_MS);
}

export function useNotices(): Notice[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => notices,
  );
}
