import { useEffect, useRef } from 'react';
import { playChime } from './chime';

/**
 * Chimes when a key appears that this screen has not seen before (a new call, a new kitchen ticket). The keys of
 * the first answer are only remembered: a page load is not news. `undefined` means "not loaded yet".
 */
export function useChimeOnNew(keys: readonly (string | number)[] | undefined) {
  const seen = useRef<Set<string | number> | null>(null);
  useEffect(() => {
    if (!keys) return;
    if (seen.current === null) {
      seen.current = new Set(keys);
      return;
    }
    let fresh = false;
    for (const key of keys) {
      if (seen.current.has(key)) continue;
      seen.current.add(key);
      fresh = true;
    }
    if (fresh) playChime();
  }, [keys]);
}
