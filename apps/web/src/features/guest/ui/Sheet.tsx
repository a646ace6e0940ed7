import { useEffect, useRef, type ReactNode } from 'react';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';
import { IconButton } from './Button';
import classes from '../guest.module.css';

/**
 * A bottom sheet on phones, a centred card on wider screens. A native modal <dialog>: the browser traps the focus
 * inside and makes the page behind inert; Escape or a tap on the backdrop closes it, and the focus goes back to
 * what opened it. Shown while mounted.
 */
export function Sheet({
  labelledBy,
  onClose,
  children,
  className,
}: {
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    // jsdom has no showModal; an open attribute is enough there.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    document.documentElement.dataset.sheetOpen = 'true';
    return () => {
      delete document.documentElement.dataset.sheetOpen;
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      opener?.focus({ preventScroll: true });
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={[classes.sheet, className].filter(Boolean).join(' ')}
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        // Escape: React decides when the dialog goes, so that the state and the page agree.
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        // The browser keeps the page behind inert, but Tab after the last control would leave for its address bar:
        // wrap around inside the sheet instead.
        if (e.key !== 'Tab') return;
        const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>('button, input, [tabindex="0"]')].filter(
          (el) => !el.hasAttribute('disabled'),
        );
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last?.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first?.focus();
        }
      }}
      onClick={(e) => {
        // A tap on the backdrop (outside the sheet's box) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className={classes.sheetBody}>
        <IconButton className={classes.sheetClose} variant="plain" label={t('common.close')} onClick={onClose}>
          <IconX size={24} />
        </IconButton>
        {children}
      </div>
    </dialog>
  );
}
