import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import { i18n } from '../../../../i18n';
import './texts';

/** "Discard unsaved changes?" — resolves true when the user discards them, false to keep editing. */
export function confirmDiscard(): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    modals.openConfirmModal({
      title: i18n.t('adminForms.unsaved.title'),
      children: <Text size="sm">{i18n.t('adminForms.unsaved.body')}</Text>,
      labels: { confirm: i18n.t('adminForms.unsaved.discard'), cancel: i18n.t('adminForms.unsaved.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/**
 * One question at a time per guard: a request while it is open, or in the same moment it closes, gets its answer.
 * Escape reaches every open modal at once (in no fixed order), so the form's modal asks to close just as its
 * question closes; without this it would ask again at once.
 */
function useOneQuestion() {
  const open = useRef<Promise<boolean> | null>(null);
  return useCallback(() => {
    if (!open.current) {
      const answer = confirmDiscard();
      open.current = answer;
      void answer.then(() =>
        setTimeout(() => {
          open.current = null;
        }),
      );
    }
    return open.current;
  }, []);
}

type Ask = () => Promise<boolean>;

/** Runs `close` at once when nothing is unsaved, else once the user agrees to discard. */
function closeUnlessKept(dirty: boolean, ask: Ask, close: () => void) {
  if (!dirty) {
    close();
    return;
  }
  void ask().then((discard) => {
    if (discard) close();
  });
}

/** The forms inside a guarded modal tell it whether they hold unsaved changes. */
interface DirtyReports {
  report: (formId: string, dirty: boolean) => void;
  /** The modal's question, shared with its forms. */
  ask: Ask;
}
const DirtyReportsContext = createContext<DirtyReports | null>(null);

/** Leaving for another page asks first; staying on the page (a new query string) does not. */
function RouteLeaveBlocker({ when, ask }: { when: boolean; ask: Ask }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void ask().then((discard) => (discard ? blocker.proceed() : blocker.reset()));
  }, [blocker, ask]);
  return null;
}

/** Route changes are only seen inside the app's data router (a test's plain MemoryRouter has no blockers). */
function LeaveGuard({ when, ask }: { when: boolean; ask: Ask }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <RouteLeaveBlocker when={when} ask={ask} /> : null;
}

/**
 * A form's guard against losing what was typed: while `isDirty`, closing the form (`confirmClose`, for its Cancel
 * button and its modal's close), going to another page of the app (render `leaveGuard` in the form) and reloading
 * or closing the browser tab ask first. A modal around it that uses useModalCloseGuard hears of it too.
 * A save that closes the form calls its `onClose` directly: nothing is lost then.
 */
export function useUnsavedChangesGuard(isDirty: boolean) {
  const reports = useContext(DirtyReportsContext);
  const formId = useId();
  const ownQuestion = useOneQuestion();
  const ask = reports?.ask ?? ownQuestion;

  useEffect(() => {
    reports?.report(formId, isDirty);
    return () => reports?.report(formId, false);
  }, [reports, formId, isDirty]);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const confirmClose = useCallback((close: () => void) => closeUnlessKept(isDirty, ask, close), [isDirty, ask]);
  return { confirmClose, leaveGuard: <LeaveGuard when={isDirty} ask={ask} /> };
}

/**
 * The close of a modal whose form is a child component (the menu's manual/ready-made modal): the modal's X, Escape
 * and a click outside ask first while a form inside (under UnsavedChangesScope) reports unsaved changes.
 */
export function useModalCloseGuard(onClose: () => void) {
  const dirtyForms = useRef(new Set<string>());
  const ask = useOneQuestion();
  const reports = useMemo<DirtyReports>(
    () => ({
      report: (formId, dirty) => {
        if (dirty) dirtyForms.current.add(formId);
        else dirtyForms.current.delete(formId);
      },
      ask,
    }),
    [ask],
  );
  const close = useCallback(() => closeUnlessKept(dirtyForms.current.size > 0, ask, onClose), [ask, onClose]);
  return { close, reports };
}

/** Lets the forms inside a modal report to its useModalCloseGuard. */
export function UnsavedChangesScope({
  guard,
  children,
}: {
  guard: ReturnType<typeof useModalCloseGuard>;
  children: ReactNode;
}) {
  return <DirtyReportsContext.Provider value={guard.reports}>{children}</DirtyReportsContext.Provider>;
}
