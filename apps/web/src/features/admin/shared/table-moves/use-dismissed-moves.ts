import { useCallback, useState } from 'react';

/** localStorage key of the move notices this device dismissed: a JSON list of move ids. */
export const DISMISSED_MOVES_KEY = 'qrmenu.kitchenDismissedMoves';
/** A notice lasts minutes: the last ids are all a device needs to remember. */
const KEEP = 100;

function read(): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DISMISSED_MOVES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

function write(ids: readonly number[]) {
  try {
    localStorage.setItem(DISMISSED_MOVES_KEY, JSON.stringify(ids));
  } catch {
    // Private mode without storage: the dismissal lasts for this page only.
  }
}

/**
 * The move notices dismissed on this device (by move id), remembered across reloads: each screen at the pass
 * dismisses its own, as with VOID notices.
 */
export function useDismissedMoves() {
  const [ids, setIds] = useState<readonly number[]>(read);
  const dismiss = useCallback((moveId: number) => {
    setIds((before) => {
      const after = [...before.filter((id) => id !== moveId), moveId].slice(-KEEP);
      write(after);
      return after;
    });
  }, []);
  const isDismissed = useCallback((moveId: number) => ids.includes(moveId), [ids]);
  return { isDismissed, dismiss };
}
