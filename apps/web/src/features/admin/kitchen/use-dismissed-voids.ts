import { useCallback, useState } from 'react';

/** localStorage key of the VOID notices this device dismissed: a JSON list of item ids. */
export const DISMISSED_VOIDS_KEY = 'qrmenu.kitchenDismissedVoids';
/** A notice lasts minutes (RECALL_MINUTES): the last ids are all a device needs to remember. */
const KEEP = 100;

function read(): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DISMISSED_VOIDS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

function write(ids: readonly number[]) {
  try {
    localStorage.setItem(DISMISSED_VOIDS_KEY, JSON.stringify(ids));
  } catch {
    // Private mode without storage: the dismissal lasts for this page only.
  }
}

/**
 * The VOID notices dismissed on this device (by item id), remembered across reloads: each screen at the pass
 * dismisses its own, so one cook's tap does not hide the notice from another station.
 */
export function useDismissedVoids() {
  const [ids, setIds] = useState<readonly number[]>(read);
  const dismiss = useCallback((itemId: number) => {
    setIds((before) => {
      const after = [...before.filter((id) => id !== itemId), itemId].slice(-KEEP);
      write(after);
      return after;
    });
  }, []);
  const isDismissed = useCallback((itemId: number) => ids.includes(itemId), [ids]);
  return { isDismissed, dismiss };
}
