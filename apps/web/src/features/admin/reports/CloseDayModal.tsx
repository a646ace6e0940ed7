import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { DayReport } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { formatDayDate } from '../shared/date-format';
import { formatMoney } from '../shared/money-format';
import { useCloseDay } from './reports-api';

/**
 * "Close the day (Z)?": what closing does (a number, the day locked), and what the X report shows is still open — the
 * drawers not counted (the server refuses the closing with drawersStillOpen while any is) and the open orders. A
 * refusal (drawersStillOpen, dayClosed) is shown here, translated.
 */
export function CloseDayModal({
  restaurantId,
  report,
  onClose,
}: {
  restaurantId: number;
  report: DayReport;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const close = useCloseDay(restaurantId);
  const openDrawers = report.drawers.filter((d) => !d.closedAt).map((d) => d.userName);
  const confirm = () =>
    close.mutate(report.day, {
      onSuccess: (closed) => {
        notifications.show({ color: 'green', message: t('reports.z.closed', { number: closed.z?.number }) });
        onClose();
      },
    });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('reports.z.closeTitle', { day: formatDayDate(report.day, i18n.language) })}
    >
      <Stack gap="sm" data-testid="close-day-dialog">
        <ErrorBanner error={close.error} onClose={() => close.reset()} />
        <Text size="sm">{t('reports.z.closeText')}</Text>
        {openDrawers.length > 0 && (
          <Alert color="yellow" icon={<IconAlertTriangle />} data-testid="close-day-open-drawers">
            {t('reports.z.closeOpenDrawers', { names: openDrawers.join(', ') })}
          </Alert>
        )}
        {report.openOrders.count > 0 && (
          <Alert color="yellow" icon={<IconAlertTriangle />}>
            {t('reports.z.closeOpenOrders', {
              n: report.openOrders.count,
              amount: formatMoney(report.openOrders.amount, i18n.language, report.eatery.currency),
            })}
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={close.isPending} onClick={confirm}>
            {t('reports.z.closeConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
