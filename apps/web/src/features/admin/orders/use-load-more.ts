import { useEffect, useRef, type RefObject } from 'react';

/** How far below the viewport the sentinel counts as "near the end" (so the next page arrives before the end). */
export const LOAD_MORE_MARGIN = '600px';

/**
 * Calls `onNearEnd` whenever the element of the returned ref comes within LOAD_MORE_MARGIN of the viewport while
 * `enabled` (more pages exist and none is loading). Without IntersectionObserver (old browsers) nothing happens:
 * the "Load more" button still works.
 */
export function useLoadMoreSentinel<T extends Element>(enabled: boolean, onNearEnd: () => void): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  const latest = useRef(onNearEnd);
  latest.current = onNearEnd;

  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: `0px 0px ${LOAD_MORE_MARGIN} 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);

  return ref;
}
