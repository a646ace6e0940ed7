import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Order } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../../components/PageLoader';
import { formatMoney } from '../money-format';
import { MoveErrorBanner } from './MoveErrorBanner';
import { mergeCandidates, movableLines } from './move-plan';
import { useMergeOrder, useOpenOrders } from './table-moves-api';
import './texts';

/**
 * Merge an order into another open order (two tables joined for a group): every dish joins it as it is in the
 * kitchen, the guests of both see the one check, and this order is gone. `intoOrderId` preselects the other order
 * (the move dialog's "merge instead").
 */
export function MergeOrderModal({
  eateryId,
  order,
  intoOrderId,
  onClose,
}: {
  eateryId: number;
  order: Order;
  intoOrderId?: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const open = useOpenOrders(eateryId);
  const merge = useMergeOrder(eateryId);
  const [chosen, setChosen] = useState<string | null>(intoOrderId ? String(intoOrderId) : null);
  const candidates = mergeCandidates(open.data ?? [], order);

  const submit = () => {
    if (!chosen) return;
    // The promise, not mutate's callbacks: this order leaves the board, and the dialog with it.
    merge
      .mutateAsync({ orderId: order.id, intoOrderId: Number(chosen) })
      .then((result) => {
        const into = result.orders.find((o) => o.id === result.toOrderId);
        notifications.show({ color: 'green', message: t('tableMoves.mergeDialog.done', { number: into?.number }) });
        onClose();
      })
      .catch(() => {
        // Shown in the dialog (merge.error).
      });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('tableMoves.mergeDialog.title', { number: order.number, table: order.tableNumber })}
    >
      <Stack gap="sm" data-testid="merge-dialog">
        <Text size="sm" c="dimmed">
          {t('tableMoves.mergeDialog.hint', { number: order.number })}
        </Text>
        <MoveErrorBanner error={merge.error} onClose={() => merge.reset()} />
        {open.isPending ? (
          <PageLoader rows={2} />
        ) : candidates.length === 0 ? (
          <Text>{t('tableMoves.mergeDialog.none')}</Text>
        ) : (
          <Radio.Group
            value={chosen}
            onChange={(v) => {
              setChosen(v);
              merge.reset();
            }}
            label={t('tableMoves.mergeDialog.choose')}
          >
            <Stack gap="xs" mt="xs">
              {candidates.map((o) => (
                <Radio.Card key={o.id} value={String(o.id)} p="sm" radius="md" data-order-id={o.id}>
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator />
                    <div>
                      <Text fw={700}>
                        {t('tableMoves.mergeDialog.option', { table: o.tableNumber, number: o.number })}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {t('tableMoves.mergeDialog.details', {
                          count: dishCount(o),
                          total: formatMoney(o.orderPrice, i18n.language),
                        })}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('tableMoves.cancel')}
          </Button>
          <Button onClick={submit} disabled={!chosen} loading={merge.isPending}>
            {t('tableMoves.mergeDialog.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const dishCount = (o: Order) => movableLines(o).reduce((n, i) => n + i.quantity, 0);
