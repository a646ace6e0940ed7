import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ORDER_NOTE_MAX, type Order } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { i18n } from '../../../i18n';
import { openOrdersOfTable, useCreateOrder, useOrderTables } from './orders-api';

/** Asks before a second open order goes on the same table. Resolves true to go on. */
export function confirmDuplicateTableOrder(): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: i18n.t('common.confirmTitle'),
      children: <Text size="sm">{i18n.t('orders.confirmDuplicateTableOrder')}</Text>,
      labels: { confirm: i18n.t('orders.create.anyway'), cancel: i18n.t('common.cancel') },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** Checks the form of a new order: a table is required ('Please select a table'). Returns i18n keys. */
export function validateNewOrder(values: { tableId: string | null }): { tableId?: string } {
  return values.tableId ? {} : { tableId: 'orders.create.selectTable' };
}

/**
 * New order: a table (required) and a note. When the table already has an order in CREATED,
 * PREPARING or READY the user confirms first. `onCreated` gets the new order (the screen then offers to add dishes).
 */
export function CreateOrderModal({
  eateryId,
  onClose,
  onCreated,
  confirmDuplicate = confirmDuplicateTableOrder,
}: {
  eateryId: number;
  onClose: () => void;
  onCreated: (order: Order) => void;
  confirmDuplicate?: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const tables = useOrderTables(eateryId);
  const create = useCreateOrder(eateryId);
  const [tableId, setTableId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<unknown>(null);

  const list = tables.data ?? [];
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problems = validateNewOrder({ tableId });
    setError(problems.tableId);
    if (problems.tableId) return;
    const id = Number(tableId);
    setChecking(true);
    setCheckError(null);
    try {
      const open = await openOrdersOfTable(eateryId, id);
      if (open.length > 0 && !(await confirmDuplicate())) return;
    } catch (err) {
      setCheckError(err);
      return;
    } finally {
      setChecking(false);
    }
    create.mutate(
      { tableId: id, note: note.trim() || null, status: 'CREATED', eateryId },
      { onSuccess: (order) => onCreated(order) },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('orders.create.title')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <ErrorBanner
            error={create.error ?? checkError ?? tables.error}
            onClose={() => (create.reset(), setCheckError(null))}
          />
          {tables.isSuccess && list.length === 0 && <Alert color="yellow">{t('orders.create.noTables')}</Alert>}
          <Select
            label={t('orders.table')}
            placeholder={t('orders.create.chooseTable')}
            data={list.map((tb) => ({
              value: String(tb.id),
              label: tb.status === 'ACTIVE' ? tb.number : `${tb.number} (${t(`orders.tableStatus.${tb.status}`)})`,
            }))}
            value={tableId}
            onChange={(v) => {
              setTableId(v);
              if (v) setError(undefined);
            }}
            onBlur={() => setError(validateNewOrder({ tableId }).tableId)}
            searchable
            required
            nothingFoundMessage={t('orders.item.noMatch')}
            error={error ? t(error) : undefined}
            comboboxProps={{ withinPortal: true }}
            disabled={tables.isPending}
          />
          <Textarea
            label={t('orders.note')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={ORDER_NOTE_MAX}
            autosize
            minRows={2}
            maxRows={5}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={checking || create.isPending}>
              {t('orders.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
