import { Alert, Badge, Button, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { clockTime, type DrawerSession } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../components/use-error-text';
import { formatDayDate } from '../shared/date-format';
import { formatAmount } from '../shared/money-format';
import { useDrawersOfDay } from './drawers-api';
import { Difference } from './Difference';

/**
 * The drawers of one business day: an admin sees every cashier's, a cashier their own (the server decides). An admin
 * may count and close a drawer someone left open (`onCloseDrawer`).
 */
export function DayDrawers({
  eateryId,
  day,
  timeZone,
  isAdmin,
  onCloseDrawer,
}: {
  eateryId: number;
  day: string;
  timeZone: string;
  isAdmin: boolean;
  onCloseDrawer: (session: DrawerSession) => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const drawers = useDrawersOfDay(eateryId, day);
  const money = (amount: number) => formatAmount(amount, i18n.language);
  const time = (iso: string) => clockTime(new Date(iso), timeZone);

  return (
    <Stack gap="xs" data-testid="day-drawers">
      <Title order={3}>{t('drawers.day.title', { day: formatDayDate(day, i18n.language) })}</Title>
      {!isAdmin && (
        <Text size="sm" c="dimmed">
          {t('drawers.day.mineOnly')}
        </Text>
      )}
      {drawers.isPending ? (
        <Skeleton h={80} />
      ) : drawers.error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {errorText(drawers.error)}
        </Alert>
      ) : drawers.data.length === 0 ? (
        <Text c="dimmed">{t('drawers.day.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('drawers.day.cashier')}</Table.Th>
                <Table.Th>{t('drawers.day.opened')}</Table.Th>
                <Table.Th>{t('drawers.day.closed')}</Table.Th>
                <Table.Th ta="right">{t('drawers.day.float')}</Table.Th>
                <Table.Th ta="right">{t('drawers.day.cashSales')}</Table.Th>
                <Table.Th ta="right">{t('drawers.day.tips')}</Table.Th>
                <Table.Th ta="right">{t('drawers.day.payIns')}</Table.Th>
                <Table.Th ta="right">{t('drawers.day.payOuts')}</Table.Th>
                <Table.Th ta="right">{t('drawers.day.expected')}</Table.Th>
                <Table.Th ta="right">{t('drawers.day.counted')}</Table.Th>
                <Table.Th ta="right">{t('drawers.day.difference')}</Table.Th>
                {isAdmin && <Table.Th>{t('drawers.day.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {drawers.data.map((d) => (
                <Table.Tr key={d.id} data-testid="day-drawer">
                  <Table.Td>{d.userName}</Table.Td>
                  <Table.Td>{time(d.openedAt)}</Table.Td>
                  <Table.Td>
                    {d.closedAt ? (
                      time(d.closedAt)
                    ) : (
                      <Badge color="yellow" variant="light">
                        {t('drawers.day.stillOpen')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{money(d.openingFloat)}</Table.Td>
                  <Table.Td ta="right">{money(d.cashSales)}</Table.Td>
                  <Table.Td ta="right">{money(d.cashTips)}</Table.Td>
                  <Table.Td ta="right">{money(d.payIns)}</Table.Td>
                  <Table.Td ta="right">{money(d.payOuts)}</Table.Td>
                  <Table.Td ta="right">{money(d.expected)}</Table.Td>
                  <Table.Td ta="right">{d.counted === null ? '—' : money(d.counted)}</Table.Td>
                  <Table.Td ta="right">{d.difference === null ? '—' : <Difference amount={d.difference} />}</Table.Td>
                  {isAdmin && (
                    <Table.Td>
                      {!d.closedAt && (
                        <Button size="compact-sm" variant="light" onClick={() => onCloseDrawer(d)}>
                          {t('drawers.close.button')}
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
