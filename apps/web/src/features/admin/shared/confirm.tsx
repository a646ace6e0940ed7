import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '../../../i18n';

/** Every deletion is confirmed. Resolves true when the user confirms. */
export function confirmDanger(message: string, confirmLabel = i18n.t('common.delete')): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: i18n.t('common.confirmTitle'),
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: confirmLabel, cancel: i18n.t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
