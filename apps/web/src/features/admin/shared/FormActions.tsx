import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Keeps focus where it is: a blur check of the last field would otherwise move the buttons under the pointer. */
const keepFocus = (e: React.MouseEvent) => e.preventDefault();

const stickyStyle = {
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  borderTop: '1px solid var(--mantine-color-default-border)',
} as const;

/**
 * Cancel and submit of every admin form. `sticky` keeps them in reach at the bottom of a long modal
 * (phones, long ready-made lists).
 */
export function FormActions({
  onCancel,
  saving,
  disabled,
  submitLabel,
  sticky,
}: {
  onCancel: () => void;
  saving: boolean;
  disabled?: boolean;
  /** Defaults to "Save". */
  submitLabel?: string;
  sticky?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group
      justify="flex-end"
      gap="sm"
      {...(sticky ? { py: 'sm', mt: 'xs', bg: 'var(--mantine-color-body)', style: stickyStyle } : { mt: 'sm' })}
    >
      <Button variant="default" onClick={onCancel} onMouseDown={keepFocus}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={saving} disabled={disabled} onMouseDown={keepFocus}>
        {submitLabel ?? t('common.save')}
      </Button>
    </Group>
  );
}
