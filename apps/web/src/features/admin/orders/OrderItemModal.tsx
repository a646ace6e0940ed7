import { useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ORDER_NOTE_MAX,
  localName,
  type ItemStatus,
  type Order,
  type OrderItem,
  type OrderItemUpdateBody,
} from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { ITEM_STATUS_CHOICES, formatMoney, normalizeQuantity, type OrderPermissions } from './order-format';
import { useAddOrderItem, useOrderMenu, useUpdateOrderItem, type MenuCategory } from './orders-api';
import { itemName } from '../shared/live/item-name';
import { itemOptionsText } from '../shared/live/item-options';
import { OptionPicker } from '../shared/order-entry/OptionPicker';
import { problemsByGroup, unitPrice } from '../shared/order-entry/option-choice';

interface Values {
  dishId: string | null;
  quantity: number;
  note: string;
  status: ItemStatus;
}

const fromItem = (item?: OrderItem): Values => ({
  dishId: item?.dishId ? String(item.dishId) : null,
  quantity: item?.quantity ?? 1,
  note: item?.note ?? '',
  status: item?.status ?? 'CREATED',
});

/**
 * Add a dish to an order, or edit one of its items: dish from the menu, quantity (an integer of at
 * least 1; invalid input becomes 1), note and, when editing, the item status. Saving without a change just closes.
 * Fields the user's roles may not change are read-only (the kitchen changes only the status).
 */
export function OrderItemModal({
  eateryId,
  order,
  item,
  perms,
  onClose,
}: {
  eateryId: number;
  order: Order;
  item?: OrderItem;
  perms: OrderPermissions;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const menu = useOrderMenu(eateryId);
  const add = useAddOrderItem(eateryId);
  const update = useUpdateOrderItem(eateryId);
  const saving = add.isPending || update.isPending;
  const initial = useMemo(() => fromItem(item), [item]);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  // The chosen options: an item's own ones; a new item or another dish starts without any (each required group
  // asks for its choice).
  const initialOptionIds = useMemo(() => (item?.options ?? []).map((o) => o.optionId), [item]);
  const [optionIds, setOptionIds] = useState<number[]>(initialOptionIds);
  const [optionErrors, setOptionErrors] = useState<ReadonlyMap<number | null, string>>(new Map());
  const editing = !!item;
  const canEdit = perms.editItems;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const dish = useMemo(
    () => (menu.data ?? []).flatMap((c) => c.dishes).find((d) => String(d.dishId ?? d.id) === values.dishId) ?? null,
    [menu.data, values.dishId],
  );
  const groups = dish?.optionGroups ?? [];
  const chooseDish = (id: string | null) => {
    set('dishId', id);
    setOptionIds([]);
    setOptionErrors(new Map());
  };
  const chooseOptions = (ids: number[]) => {
    setOptionIds(ids);
    // Errors of groups now fine go away at once; the others wait for the next submit.
    const now = problemsByGroup(groups, ids);
    setOptionErrors((prev) => new Map([...prev].filter(([g]) => now.has(g))));
  };

  const dishOptions = useMemo(() => {
    const groups = (menu.data ?? [])
      .filter((c: MenuCategory) => c.dishes.length > 0)
      .map((c) => ({
        group: localName(c.category, i18n.language) || t('orders.item.noCategory'),
        items: c.dishes.map((d) => ({
          value: String(d.dishId ?? d.id),
          label: `${localName(d, i18n.language) || `#${d.dishId ?? d.id}`} · ${formatMoney(d.price, i18n.language, t('orders.currency'))}${
            d.available ? '' : ` (${t('orders.item.unavailable')})`
          }`,
        })),
      }));
    // An item whose dish is no longer on the menu keeps its name.
    if (item && values.dishId && !groups.some((g) => g.items.some((o) => o.value === values.dishId))) {
      groups.unshift({
        group: t('orders.item.current'),
        items: [{ value: values.dishId, label: itemName(item, i18n.language) }],
      });
    }
    return groups;
  }, [menu.data, item, values.dishId, t, i18n.language]);
  const hasDishes = dishOptions.some((g) => g.items.length > 0);

  const serverError = add.error ?? update.error;
  const fieldError = (field: string) => {
    if (!(serverError instanceof ApiError)) return undefined;
    const detail = serverError.details.find((d) => d.field === field || d.field.endsWith(`.${field}`));
    return detail ? t(detail.messageKey) : undefined;
  };
  const err = (field: keyof Values) => (errors[field] ? t(errors[field]!) : fieldError(field));
  const optionsServerError = fieldError('optionIds');

  const done = (key: string) => {
    notifications.show({ color: 'green', message: t(key) });
    onClose();
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const quantity = normalizeQuantity(values.quantity);
    if (quantity !== values.quantity) set('quantity', quantity);
    if (!values.dishId) {
      setErrors({ dishId: 'orders.item.dishRequired' });
      return;
    }
    const dishId = Number(values.dishId);
    const note = values.note.trim() || null;
    if (!item) {
      const problems = problemsByGroup(groups, optionIds);
      setOptionErrors(problems);
      if (problems.size > 0) return;
      add.mutate(
        { orderId: order.id, body: { dishId, quantity, note, ...(optionIds.length ? { optionIds } : {}) } },
        { onSuccess: () => done('orders.item.added') },
      );
      return;
    }
    // Only what changed is sent; nothing changed: just close.
    const body: OrderItemUpdateBody = {};
    const dishChanged = dishId !== item.dishId;
    const optionsChanged =
      optionIds.length !== initialOptionIds.length || optionIds.some((id) => !initialOptionIds.includes(id));
    if (canEdit && (dishChanged || optionsChanged) && groups.length > 0) {
      const problems = problemsByGroup(groups, optionIds);
      setOptionErrors(problems);
      if (problems.size > 0) return;
      body.optionIds = optionIds;
    }
    if (canEdit && dishChanged) body.dishId = dishId;
    if (canEdit && quantity !== item.quantity) body.quantity = quantity;
    if (canEdit && note !== (item.note ?? null)) body.note = note;
    if (perms.itemStatus && values.status !== item.status) body.status = values.status;
    if (Object.keys(body).length === 0) return onClose();
    update.mutate({ orderId: order.id, itemId: item.id, body }, { onSuccess: () => done('orders.item.saved') });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(editing ? 'orders.item.editTitle' : 'orders.item.addTitle', {
        number: order.number,
        table: order.tableNumber,
      })}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ErrorBanner error={serverError} onClose={() => (add.reset(), update.reset())} />
          {menu.isPending ? (
            <PageLoader rows={1} />
          ) : menu.error ? (
            <ErrorBanner error={menu.error} />
          ) : !hasDishes ? (
            <Alert color="yellow">{t('orders.orderItem.noDishes')}</Alert>
          ) : (
            <Select
              label={t('orders.item.dish')}
              placeholder={t('orders.item.chooseDish')}
              data={dishOptions}
              value={values.dishId}
              onChange={chooseDish}
              searchable
              required
              disabled={!canEdit}
              nothingFoundMessage={t('orders.item.noMatch')}
              error={err('dishId')}
              onBlur={() => !values.dishId && setErrors((e) => ({ ...e, dishId: 'orders.item.dishRequired' }))}
              comboboxProps={{ withinPortal: true }}
              maxDropdownHeight={320}
            />
          )}
          {canEdit && groups.length > 0 && (
            <OptionPicker groups={groups} value={optionIds} onChange={chooseOptions} errors={optionErrors} />
          )}
          {canEdit && optionsServerError && (
            <Text size="sm" c="red" role="alert">
              {optionsServerError}
            </Text>
          )}
          {canEdit && dish && (
            <Group justify="space-between" data-testid="unit-price">
              <Text size="sm" c="dimmed">
                {t('orders.item.unitPrice')}
              </Text>
              <Text fw={700}>
                {formatMoney(unitPrice(dish.price, groups, optionIds), i18n.language, t('orders.currency'))}
              </Text>
            </Group>
          )}
          {editing && !canEdit && item.options?.length > 0 && (
            <Stack gap={2} data-testid="item-options">
              <Text size="sm" fw={500}>
                {t('orders.item.options')}
              </Text>
              <Text size="sm">{itemOptionsText(item.options, i18n.language, true)}</Text>
            </Stack>
          )}
          <NumberInput
            label={t('orders.item.quantity')}
            value={values.quantity}
            onChange={(v) => set('quantity', typeof v === 'number' ? v : Number(v))}
            onBlur={() => set('quantity', normalizeQuantity(values.quantity))}
            min={1}
            max={99}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="blur"
            required
            disabled={!canEdit}
            error={err('quantity')}
          />
          <Textarea
            label={t('orders.item.note')}
            value={values.note}
            onChange={(e) => set('note', e.currentTarget.value)}
            maxLength={ORDER_NOTE_MAX}
            autosize
            minRows={2}
            maxRows={5}
            disabled={!canEdit}
            error={err('note')}
          />
          {editing && (
            <Select
              label={t('orders.item.status')}
              data={ITEM_STATUS_CHOICES.map((s) => ({ value: s, label: t(`orders.itemStatus.${s}`) }))}
              value={values.status}
              onChange={(v) => v && set('status', v as ItemStatus)}
              allowDeselect={false}
              disabled={!perms.itemStatus}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={!hasDishes && !editing}>
              {t(editing ? 'common.save' : 'orders.item.addSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
