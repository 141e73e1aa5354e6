/**
 * Where each entry of the history was scrolled to (docs/product.md, "Navigation"): a tab or a
 * link opens its page at the top, Back and Forward return to where the trader was. The browser's
 * own restoration cannot: it keeps the last page's offset on a push, and on Back it scrolls at the
 * popstate, before the page's rows are read from the cache, so it lands short. Here the offset is
 * applied once the page is tall enough for it (or after 3 s, as far as it goes), unless the
 * trader scrolls first. Each entry carries its key in history.state.
 */
const KEY = 'ttScroll';
const offsets = new Map<number, number>();
let current = 0;
let restoring = 0; // the pending animation frame, while an offset is being restored

function entryKey(keep?: number): number {
  const state: unknown = history.state;
  const held = (state as Record<string, unknown> | null)?.[KEY];
  if (typeof held === 'number') return held;
  const key = keep ?? Math.random();
  history.replaceState({ ...(typeof state === 'object' ? state : {}), [KEY]: key }, '');
  return key;
}

function stopRestoring(): void {
  cancelAnimationFrame(restoring);
  restoring = 0;
}

/** Before the page changes: what the trader leaves is kept (not a place still being restored). */
function leave(): void {
  if (restoring) stopRestoring();
  else offsets.set(current, window.scrollY);
}

function restore(target: number): void {
  const deadline = performance.now() + 3000;
  const step = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= target;
    if (reachable || performance.now() > deadline) {
      restoring = 0;
      window.scrollTo(0, target);
    } else restoring = requestAnimationFrame(step);
  };
  // From the next frame: the router renders the page after this event.
  restoring = requestAnimationFrame(step);
}

export function startScrollMemory(): void {
  history.scrollRestoration = 'manual';
  current = entryKey();
  const keep = () => {
    if (!restoring) offsets.set(current, window.scrollY);
  };
  addEventListener('scroll', keep, { passive: true });
  for (const input of ['wheel', 'touchstart', 'keydown'])
    addEventListener(input, stopRestoring, { passive: true });
  // wouter announces its pushState and replaceState as events of these names.
  addEventListener('pushState', () => {
    leave();
    current = entryKey();
    window.scrollTo(0, 0);
  });
  addEventListener('replaceState', () => {
    current = entryKey(current);
  });
  addEventListener('popstate', () => {
    leave();
    current = entryKey();
    restore(offsets.get(current) ?? 0);
  });
}
