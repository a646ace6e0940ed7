import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Order } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { LinePicker } from './LinePicker';
import { MoveErrorBanner } from './MoveErrorBanner';
import { movableLines, pickedCount, pickedLines, picksProblem, serverPickProblem, type Picks } from './move-plan';
import { useSplitOrder } from './table-moves-api';
import './texts';

/**
 * Split a check: pick the dishes (or parts of a line, 1 of 3 Dolma) that go to a new check at the same table. At
 * least one dish stays. The dishes keep their kitchen state; each check is then paid on its own.
 */
export function SplitCheckModal({ eateryId, order, onClose }: { eateryId: number; order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const split = useSplitOrder(eateryId);
  const [picks, setPicks] = useState<Picks>({});
  const [shown, setShown] = useState(false);
  const sent = pickedLines(order, picks);
  const local = picksProblem(order, picks, true);
  const problem = serverPickProblem(split.error, sent) ?? (shown ? local : null);
  const total = movableLines(order).reduce((n, i) => n + i.quantity, 0);

  const change = (next: Picks) => {
    setPicks(next);
    split.reset();
  };
  const submit = () => {
    setShown(true);
    if (local) return;
    // The promise, not mutate's callbacks: the dialog may be gone by then (its order changed on the board).
    split
      .mutateAsync({ orderId: order.id, lines: sent })
      .then((result) => {
        const check = result.orders.find((o) => o.id === result.toOrderId);
        notifications.show({
          color: 'green',
          message: t('tableMoves.splitDialog.done', { number: check?.number, table: order.tableNumber }),
        });
        onClose();
      })
      .catch(() => {
        // Shown in the dialog (split.error).
      });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('tableMoves.splitDialog.title', { number: order.number, table: order.tableNumber })}
    >
      <Stack gap="sm" data-testid="split-dialog">
        <Text size="sm" c="dimmed">
          {t('tableMoves.splitDialog.hint')}
        </Text>
        <MoveErrorBanner error={split.error} onClose={() => split.reset()} skipLines />
        <LinePicker order={order} picks={picks} onChange={change} problem={problem} />
        <Text fw={600} data-testid="split-summary">
          {t('tableMoves.splitDialog.summary', { count: pickedCount(picks), total })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('tableMoves.cancel')}
          </Button>
          <Button onClick={submit} loading={split.isPending}>
            {t('tableMoves.splitDialog.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
