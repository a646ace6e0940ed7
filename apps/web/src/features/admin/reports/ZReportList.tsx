import { Alert, Badge, Button, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { addDays, type ZList } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../components/use-error-text';
import { formatDayDate, formatZonedDateTime } from '../shared/date-format';
import { formatAmount } from '../shared/money-format';
import { useZList } from './reports-api';

/** How far back the list of Z reports goes, in days before today. */
const LIST_DAYS = 30;

/** The latest closing on top. */
const newestFirst = (list: ZList) => [...list].sort((a, b) => b.number - a.number);

/** The Z reports of the last 31 business days: number, day, when and by whom, the sales, and any reopening. */
export function ZReportList({
  restaurantId,
  today,
  timeZone,
  onShow,
}: {
  restaurantId: number;
  today: string;
  timeZone: string;
  onShow: (day: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const list = useZList(restaurantId, addDays(today, -LIST_DAYS), today);
  const lang = i18n.language;
  return (
    <Stack gap="xs" mt="xl" data-testid="z-list">
      <Title order={3}>{t('reports.z.list.title')}</Title>
      {list.isPending ? (
        <Skeleton h={60} />
      ) : list.error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {errorText(list.error)}
        </Alert>
      ) : list.data.length === 0 ? (
        <Text c="dimmed">{t('reports.z.list.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.z.list.number')}</Table.Th>
                <Table.Th>{t('reports.z.list.day')}</Table.Th>
                <Table.Th>{t('reports.z.list.closedAt')}</Table.Th>
                <Table.Th>{t('reports.z.list.closedBy')}</Table.Th>
                <Table.Th ta="right">{t('reports.z.list.gross')}</Table.Th>
                <Table.Th>{t('reports.z.list.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {newestFirst(list.data).map((z) => (
                <Table.Tr key={z.number} data-testid="z-list-row">
                  <Table.Td>{z.number}</Table.Td>
                  <Table.Td>{formatDayDate(z.day, lang)}</Table.Td>
                  <Table.Td>{formatZonedDateTime(z.closedAt, lang, timeZone)}</Table.Td>
                  <Table.Td>{z.closedBy}</Table.Td>
                  <Table.Td ta="right">{formatAmount(z.gross, lang)}</Table.Td>
                  <Table.Td>
                    {z.reopenedAt ? (
                      <Text size="sm" c="orange">
                        {t('reports.z.list.reopened', {
                          at: formatZonedDateTime(z.reopenedAt, lang, timeZone),
                          reason: z.reopenReason ?? '',
                        })}
                      </Text>
                    ) : (
                      <Badge color="teal" variant="light">
                        {t('reports.z.list.valid')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" variant="subtle" onClick={() => onShow(z.day)}>
                      {t('reports.z.list.show')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
