import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/client';
import { useErrorText } from '../../../../components/use-error-text';

/**
 * Why the server refused a move, merge or split, in the dialog: a field's message in its own words (its table, the
 * order chosen), a guest order waiting for staff in the dialogs' words, anything else as every screen says it.
 * Problems with the picked lines show on the lines instead (`skipLines`).
 */
export function MoveErrorBanner({
  error,
  onClose,
  skipLines = false,
}: {
  error: unknown;
  onClose: () => void;
  skipLines?: boolean;
}) {
  const { t } = useTranslation();
  const text = useErrorText();
  if (!error) return null;
  let message = text(error);
  if (error instanceof ApiError) {
    const detail = error.details.find((d) => !(skipLines && (d.field === 'lines' || d.field.startsWith('lines.'))));
    if (error.messageKey === 'validation' && skipLines && !detail) return null;
    if (error.messageKey === 'validation' && detail) message = t(detail.messageKey);
    if (error.messageKey === 'orderNotConfirmed') message = t('tableMoves.notConfirmed');
  }
  return (
    <Alert
      color="red"
      variant="light"
      title={t('common.error')}
      icon={<IconAlertCircle />}
      withCloseButton
      closeButtonLabel={t('common.dismiss')}
      onClose={onClose}
      role="alert"
    >
      {message}
    </Alert>
  );
}
