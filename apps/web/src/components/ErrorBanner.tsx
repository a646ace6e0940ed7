import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from './use-error-text';

/** The red dismissible banner every screen shows for a failed call. */
export function ErrorBanner({
  error,
  onClose,
  fallbackKey,
}: {
  error: unknown;
  onClose?: () => void;
  fallbackKey?: string;
}) {
  const { t } = useTranslation();
  const text = useErrorText();
  if (!error) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={t('common.error')}
      icon={<IconAlertCircle />}
      withCloseButton={!!onClose}
      closeButtonLabel={t('common.dismiss')}
      onClose={onClose}
      role="alert"
      mb="md"
    >
      {text(error, fallbackKey)}
    </Alert>
  );
}
