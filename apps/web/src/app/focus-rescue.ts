import { useEffect } from 'react';

/**
 * Keyboard users must never lose their place. When the focused element is removed from the page (a
 * dialog closes by unmounting, a button is replaced by the list it opened), browsers drop the focus to <body> and
 * the next Tab starts over at the top. This puts it back: on the control that opened the dialog, when it is still
 * there, else on the page's main heading. A focus that moved to <body> on purpose (a click on empty space) is left
 * alone: only a focus whose element is gone is rescued.
 */
export function startFocusRescue(doc: Document = document): () => void {
  let lastFocused: Element | null = null;
  /** The last focused element outside any dialog: where a closed dialog hands the focus back. */
  let lastOutsideDialog: HTMLElement | null = null;

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    lastFocused = target;
    if (!target.closest('[role="dialog"], [aria-modal="true"]')) lastOutsideDialog = target;
  };

  const rescue = () => {
    if (doc.activeElement && doc.activeElement !== doc.body) return;
    if (!lastFocused || lastFocused.isConnected) return;
    const trigger = lastOutsideDialog?.isConnected ? lastOutsideDialog : null;
    const target = trigger ?? mainHeading(doc);
    if (!target) return;
    if (!trigger && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: !trigger });
  };

  // React removes nodes in a commit; a dialog's exit animation may remove them a little later: check after every
  // change of the page (a cheap comparison when nothing was lost).
  const observer = new MutationObserver(rescue);
  observer.observe(doc.body, { childList: true, subtree: true });
  doc.addEventListener('focusin', onFocusIn);
  return () => {
    observer.disconnect();
    doc.removeEventListener('focusin', onFocusIn);
  };
}

function mainHeading(doc: Document): HTMLElement | null {
  return doc.querySelector<HTMLElement>('main h1, main h2, h1') ?? doc.querySelector<HTMLElement>('main');
}

/** Runs the rescue while the app is mounted. */
export function useFocusRescue() {
  useEffect(() => startFocusRescue(), []);
}
