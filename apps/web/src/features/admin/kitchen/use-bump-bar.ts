import { useEffect, useRef, useState, type RefObject } from 'react';

/** What the bump bar (a USB keypad: it types keys) does on the kitchen display. */
export interface BumpBarActions {
  /** The tickets on screen, in reading order (their keys). */
  keys: readonly string[];
  /** Bumps a ticket (as its Bump button does). */
  onBump: (key: string) => void;
  /** Brings back the ticket bumped last. */
  onRecallLast: () => void;
  onToggleFullScreen: () => void;
  /** Esc: leaves full-screen mode. */
  onEscape: () => void;
}

/** Keys typed into a text field, or while a dialog or menu is open, are theirs. */
function keysBelongElsewhere(target: EventTarget | null): boolean {
  const el = target instanceof HTMLElement ? target : null;
  if (el?.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(el.type)) return true;
  return !!document.querySelector('[role="dialog"], [role="menu"], [role="listbox"]');
}

/** Enter and Space on a focused button or link press it: the bump bar leaves them to the browser. */
const isControl = (target: EventTarget | null) =>
  target instanceof HTMLElement && !!target.closest('button, a[href], input, [role="button"], [role="switch"]');

/** How many tickets stand in a row of the grid now (1 where the browser does not lay it out). */
function columnsOf(grid: HTMLElement | null): number {
  if (!grid) return 1;
  const columns = getComputedStyle(grid).gridTemplateColumns.split(' ').filter(Boolean).length;
  return Math.max(1, columns);
}

/**
 * The bump bar's keys on the kitchen display: 1–9 choose the n-th ticket on screen, the arrows move the choice (up
 * and down by a row of the grid), Enter bumps the chosen ticket, R or Backspace brings back the last bumped one, 0 or
 * Space toggles full-screen mode and Esc leaves it. Keys are ignored while typing or while a dialog is open. The
 * chosen ticket gets the focus (its ring shows it); when it leaves the screen the choice stays at its place.
 * Listens in the capture phase, so it sees a dialog before Esc closes it.
 */
export function useBumpBar(actions: BumpBarActions, grid: RefObject<HTMLElement | null>) {
  const [choice, setChoice] = useState<{ key: string; index: number } | null>(null);
  const latest = useRef({ actions, choice });
  latest.current = { actions, choice };
  const focusNext = useRef(false);

  const { keys } = actions;
  // The chosen ticket; once it left (bumped), the one now at its place.
  const selected =
    choice === null
      ? null
      : keys.includes(choice.key)
        ? choice.key
        : (keys[Math.min(choice.index, keys.length - 1)] ?? null);

  // A key moves the focus to the chosen ticket; so does a bump, to the ticket that takes the bumped one's place
  // (the bumped card took the focus with it).
  useEffect(() => {
    const lost = document.activeElement === document.body || document.activeElement === null;
    if (!selected || !(focusNext.current || lost)) return;
    focusNext.current = false;
    const card = grid.current?.querySelector<HTMLElement>(`[data-ticket-key="${selected}"]`);
    card?.focus();
  }, [selected, grid]);

  useEffect(() => {
    const choose = (index: number) => {
      const { keys: list } = latest.current.actions;
      if (list.length === 0) return;
      const i = Math.max(0, Math.min(index, list.length - 1));
      focusNext.current = true;
      setChoice({ key: list[i], index: i });
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || keysBelongElsewhere(e.target)) return;
      const { actions: a, choice: c } = latest.current;
      const at = c ? Math.max(0, a.keys.indexOf(c.key)) : -1;
      const current = c ? (a.keys.includes(c.key) ? c.key : a.keys[Math.min(c.index, a.keys.length - 1)]) : undefined;
      const step: Record<string, number> = {
        ArrowLeft: -1,
        ArrowRight: 1,
        ArrowUp: -columnsOf(grid.current),
        ArrowDown: columnsOf(grid.current),
      };
      if (/^[1-9]$/.test(e.key)) {
        if (Number(e.key) <= a.keys.length) choose(Number(e.key) - 1);
      } else if (e.key in step) {
        choose(at < 0 ? 0 : at + step[e.key]);
      } else if (e.key === 'Enter') {
        if (isControl(e.target) || !current) return;
        a.onBump(current);
      } else if (e.key === 'r' || e.key === 'R' || e.key === 'Backspace') {
        a.onRecallLast();
      } else if (e.key === '0' || e.key === ' ') {
        if (e.key === ' ' && isControl(e.target)) return;
        a.onToggleFullScreen();
      } else if (e.key === 'Escape') {
        a.onEscape();
        return;
      } else {
        return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [grid]);

  return selected;
}
