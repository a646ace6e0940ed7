import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPrinter, IconQrcode } from '@tabler/icons-react';
import type { Table } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { useRotateTableKey } from './tables-api';

/**
 * "New QR code" for one table: first says what happens to the code printed on the table now (it stops
 * taking orders at once when the restaurant has table keys on, or once they are turned on), then makes the new key
 * and offers to print the new code (the print button is a click, so the browser lets its window open).
 */
export function NewQrModal({
  restaurantId,
  table,
  keysRequired,
  qrBase,
  onPrint,
  onClose,
}: {
  restaurantId: number;
  table: Table;
  keysRequired: boolean;
  /** The address the codes lead to on this device (useQrBase). */
  qrBase?: string;
  onPrint: (table: Table) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rotate = useRotateTableKey(restaurantId, qrBase);
  const number = table.number;
  const rotated = rotate.data;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(rotated ? 'tables.key.doneTitle' : 'tables.key.confirmTitle', { number })}
      data-testid="new-qr-dialog"
    >
      {rotated ? (
        <Stack gap="sm">
          <Alert color="green" icon={<IconQrcode />}>
            {t('tables.key.done', { number })}
          </Alert>
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('tables.key.later')}
            </Button>
            <Button
              leftSection={<IconPrinter size={18} />}
              onClick={() => {
                onPrint(rotated);
                onClose();
              }}
              data-autofocus
            >
              {t('tables.key.print')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <ErrorBanner error={rotate.error} onClose={() => rotate.reset()} />
          <Text size="sm">{t(keysRequired ? 'tables.key.confirmOn' : 'tables.key.confirmOff', { number })}</Text>
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={rotate.isPending} onClick={() => rotate.mutate(table.id)}>
              {t('tables.key.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
