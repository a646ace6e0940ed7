import type { ReactNode } from 'react';
import { Table } from '@mantine/core';
import { toCents, type DrawerSession } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../shared/money-format';
import { Difference } from './Difference';

/**
 * What a drawer holds, as a sum a cashier can follow top to bottom: opening float + cash sales (refunds already taken
 * off) + tips in cash + pay-ins − pay-outs = expected; once closed, the cash counted and the over/short.
 */
export function DrawerFigures({ session }: { session: DrawerSession }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatAmount(amount, i18n.language);
  const refunds = toCents(session.cashRefunds);
  return (
    <Table withRowBorders={false} verticalSpacing={4} maw={420} data-testid="drawer-figures">
      <Table.Tbody>
        <Row label={t('drawers.figures.openingFloat')} value={money(session.openingFloat)} id="float" />
        <Row
          label={t('drawers.figures.cashSales', { n: session.cashPayments })}
          value={`+${money(session.cashSales)}`}
          id="cash-sales"
        />
        {refunds > 0 && (
          <Row label={t('drawers.figures.cashRefunds')} value={`−${money(refunds / 100)}`} id="cash-refunds" indent />
        )}
        <Row label={t('drawers.figures.cashTips')} value={`+${money(session.cashTips)}`} id="cash-tips" />
        <Row label={t('drawers.figures.payIns')} value={`+${money(session.payIns)}`} id="pay-ins" />
        <Row label={t('drawers.figures.payOuts')} value={`−${money(session.payOuts)}`} id="pay-outs" />
        <Row label={t('drawers.figures.expected')} value={money(session.expected)} id="expected" strong />
        {session.counted !== null && (
          <Row label={t('drawers.figures.counted')} value={money(session.counted)} id="counted" strong />
        )}
        {session.difference !== null && (
          <Row
            label={t('drawers.figures.difference')}
            value={<Difference amount={session.difference} withWord />}
            id="over-short"
            strong
          />
        )}
      </Table.Tbody>
    </Table>
  );
}

function Row({
  label,
  value,
  id,
  strong = false,
  indent = false,
}: {
  label: string;
  value: ReactNode;
  id: string;
  strong?: boolean;
  indent?: boolean;
}) {
  return (
    <Table.Tr data-testid={`drawer-${id}`} fw={strong ? 700 : undefined}>
      <Table.Td pl={indent ? 'lg' : undefined} c={indent ? 'dimmed' : undefined}>
        {label}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}
