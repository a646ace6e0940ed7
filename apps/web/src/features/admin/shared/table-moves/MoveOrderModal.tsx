import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Order } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../../components/PageLoader';
import { LinePicker } from './LinePicker';
import { MoveErrorBanner } from './MoveErrorBanner';
import { pickedLines, picksProblem, refusalText, serverPickProblem, tableChoices, type Picks } from './move-plan';
import { useMoveOrder, useMoveTables, useOpenOrders } from './table-moves-api';
import classes from './table-moves.module.css';
import './texts';

/**
 * Move an order to another table: the whole order (it may then share the table with another open order: "merge
 * instead" makes one check of them), or some of its dishes (parts of a line too), which join the chosen order at
 * that table or start a new one there. Dishes keep their kitchen state.
 */
export function MoveOrderModal({
  eateryId,
  order,
  onClose,
  onMergeInstead,
}: {
  eateryId: number;
  order: Order;
  onClose: () => void;
  /** Opens the merge dialog with the target table's order chosen. */
  onMergeInstead: (intoOrderId: number) => void;
}) {
  const { t } = useTranslation();
  const tables = useMoveTables(eateryId);
  const open = useOpenOrders(eateryId);
  const move = useMoveOrder(eateryId);
  const [tableId, setTableId] = useState<number | null>(null);
  // A guest order waiting for staff moves only whole (refusalText says why); so does one with a discount.
  const linesRefusal = refusalText(order, 'moveLines');
  const [mode, setMode] = useState<'whole' | 'some'>('whole');
  const [picks, setPicks] = useState<Picks>({});
  const [intoId, setIntoId] = useState<string | null>(null);
  const [shown, setShown] = useState(false);

  const choices = tableChoices(tables.data ?? [], open.data ?? [], order);
  const choice = choices.find((c) => c.table.id === tableId) ?? null;
  const some = mode === 'some';
  const sent = pickedLines(order, picks);
  const local = some ? picksProblem(order, picks, false) : null;
  const problem = serverPickProblem(move.error, sent) ?? (shown ? local : null);
  // Lines join the order chosen, else the newest open order of the table (as the server picks it).
  const into = choice ? (choice.orders.find((o) => String(o.id) === intoId) ?? choice.orders[0]) : undefined;

  const reset = () => move.reset();
  const submit = () => {
    if (!choice) return;
    setShown(true);
    if (some && local) return;
    // The promise, not mutate's callbacks: the order may leave this table's panel, and the dialog with it.
    move
      .mutateAsync(
        some
          ? { orderId: order.id, toTableId: choice.table.id, lines: sent, ...(into ? { intoOrderId: into.id } : {}) }
          : { orderId: order.id, toTableId: choice.table.id },
      )
      .then(() => {
        notifications.show({
          color: 'green',
          message: t('tableMoves.moveDialog.done', { table: choice.table.number }),
        });
        onClose();
      })
      .catch(() => {
        // Shown in the dialog (move.error).
      });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('tableMoves.moveDialog.title', { number: order.number, table: order.tableNumber })}
    >
      <Stack gap="sm" data-testid="move-dialog">
        <MoveErrorBanner error={move.error} onClose={reset} skipLines={some} />
        {tables.isPending || open.isPending ? (
          <PageLoader rows={2} />
        ) : choices.length === 0 ? (
          <Text>{t('tableMoves.moveDialog.noTables')}</Text>
        ) : (
          <>
            <Text fw={600} id="move-table-label">
              {t('tableMoves.moveDialog.table')}
            </Text>
            <SimpleGrid
              cols={{ base: 3, xs: 4, sm: 5 }}
              spacing="xs"
              role="radiogroup"
              aria-labelledby="move-table-label"
            >
              {choices.map((c) => (
                <Button
                  key={c.table.id}
                  role="radio"
                  aria-checked={c.table.id === tableId}
                  variant={c.table.id === tableId ? 'filled' : 'default'}
                  className={classes.tableChoice}
                  data-table-id={c.table.id}
                  onClick={() => {
                    setTableId(c.table.id);
                    setIntoId(null);
                    reset();
                  }}
                >
                  <Stack gap={0} align="center">
                    <Text fw={800} size="lg" inherit>
                      {c.table.number}
                    </Text>
                    <Text size="xs" inherit>
                      {c.orders.length === 0
                        ? t('tableMoves.moveDialog.free')
                        : t('tableMoves.moveDialog.orders', { numbers: c.orders.map((o) => o.number).join(', #') })}
                    </Text>
                  </Stack>
                </Button>
              ))}
            </SimpleGrid>
            <SegmentedControl
              fullWidth
              value={mode}
              onChange={(v) => {
                setMode(v as 'whole' | 'some');
                reset();
              }}
              aria-label={t('tableMoves.moveDialog.what')}
              data={[
                { value: 'whole', label: t('tableMoves.moveDialog.whole') },
                { value: 'some', label: t('tableMoves.moveDialog.some'), disabled: linesRefusal !== null },
              ]}
            />
            {linesRefusal && (
              <Text size="sm" c="dimmed">
                {t(linesRefusal)}
              </Text>
            )}
            {!some && choice && <WholeHint order={order} choice={choice} onMergeInstead={onMergeInstead} />}
            {some && (
              <>
                <LinePicker
                  order={order}
                  picks={picks}
                  onChange={(p) => {
                    setPicks(p);
                    reset();
                  }}
                  problem={problem}
                />
                {choice && choice.orders.length > 1 && (
                  <Radio.Group
                    label={t('tableMoves.moveDialog.into')}
                    value={into ? String(into.id) : null}
                    onChange={(v) => {
                      setIntoId(v);
                      reset();
                    }}
                  >
                    <Group mt="xs">
                      {choice.orders.map((o) => (
                        <Radio
                          key={o.id}
                          value={String(o.id)}
                          label={t('tableMoves.moveDialog.intoOrder', { number: o.number })}
                        />
                      ))}
                    </Group>
                  </Radio.Group>
                )}
                {choice && (
                  <Text size="sm" c="dimmed">
                    {into
                      ? `${t('tableMoves.moveDialog.into')}: ${t('tableMoves.moveDialog.intoOrder', { number: into.number })}`
                      : t('tableMoves.moveDialog.newOrder', { table: choice.table.number })}
                  </Text>
                )}
              </>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('tableMoves.cancel')}
          </Button>
          <Button onClick={submit} disabled={!choice} loading={move.isPending}>
            {choice ? t('tableMoves.moveDialog.submit') : t('tableMoves.moveDialog.chooseTable')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** What moving the whole order does there: a free table takes it; at a table with an open order, merge is offered. */
function WholeHint({
  order,
  choice,
  onMergeInstead,
}: {
  order: Order;
  choice: ReturnType<typeof tableChoices>[number];
  onMergeInstead: (intoOrderId: number) => void;
}) {
  const { t } = useTranslation();
  const there = choice.orders[0];
  if (!there) {
    return (
      <Text size="sm" c="dimmed">
        {t('tableMoves.moveDialog.wholeHint', { table: choice.table.number })}
      </Text>
    );
  }
  // Merging needs both orders to allow it (a waiting guest order or a discount does not).
  const canMerge = refusalText(order, 'merge') === null && refusalText(there, 'merge') === null;
  return (
    <Alert color="blue" variant="light" data-testid="occupied">
      <Text size="sm">{t('tableMoves.moveDialog.occupied', { table: choice.table.number, number: there.number })}</Text>
      {canMerge && (
        <Button mt="xs" size="sm" variant="light" onClick={() => onMergeInstead(there.id)}>
          {t('tableMoves.moveDialog.mergeInstead', { number: there.number })}
        </Button>
      )}
    </Alert>
  );
}
