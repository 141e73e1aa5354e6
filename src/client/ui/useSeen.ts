import { useCallback, useState } from 'react';

/**
 * Whether the element has come within `margin` of the screen, and stays true once it has: work
 * for a section far down a long page (Review's excursions, ~3,000 px down on a phone) waits until
 * the trader scrolls towards it. Without IntersectionObserver, seen at once.
 */
export function useSeen<T extends Element>(margin = '600px'): [(element: T | null) => void, boolean] {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: T | null) => {
      if (!element || seen) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          setSeen(true);
          observer.disconnect();
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [seen, margin],
  );
  return [ref, seen];
}
