import { Table, Title } from '@mantine/core';
import { clockTime, type DrawerSession } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../shared/money-format';

/** A drawer's pay-ins and pay-outs: when, which, how much, why and by whom. Nothing when there are none. */
export function DrawerMovements({ session, timeZone }: { session: DrawerSession; timeZone: string }) {
  const { t, i18n } = useTranslation();
  if (session.movements.length === 0) return null;
  return (
    <>
      <Title order={4} mt="sm">
        {t('drawers.movements.title')}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table data-testid="drawer-movements">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('drawers.movements.time')}</Table.Th>
              <Table.Th>{t('drawers.movements.kind')}</Table.Th>
              <Table.Th ta="right">{t('drawers.movements.amount')}</Table.Th>
              <Table.Th>{t('drawers.movements.reason')}</Table.Th>
              <Table.Th>{t('drawers.movements.by')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {session.movements.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>{clockTime(new Date(m.createdAt), timeZone)}</Table.Td>
                <Table.Td>{t(`drawers.movements.${m.kind}`)}</Table.Td>
                <Table.Td ta="right">
                  {m.kind === 'PAY_OUT' ? '−' : '+'}
                  {formatAmount(m.amount, i18n.language)}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.reason}</Table.Td>
                <Table.Td>{m.createdBy ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
