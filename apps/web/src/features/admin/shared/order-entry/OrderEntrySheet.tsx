import { useMemo, useState } from 'react';
import { Button, CloseButton, Drawer, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconRepeat, IconSend } from '@tabler/icons-react';
import {
  CUSTOMER_NAME_MAX,
  CUSTOMER_PHONE_MAX,
  isFinalOrderStatus,
  isOpenOrderStatus,
  type Category,
  type Dish,
  type Eatery,
  type Order,
  type Table,
  type TableRoundResult,
} from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/api-error';
import { ErrorBanner } from '../../../../components/ErrorBanner';
import { PageLoader } from '../../../../components/PageLoader';
import { i18n as appI18n } from '../../../../i18n';
import { formatMoney } from '../money-format';
import { useOrderMenu } from './menu-api';
import './order-entry-texts';
import { MenuGrid } from './MenuGrid';
import { OptionsSheet } from './OptionsSheet';
import { useSendRound, type RoundTarget } from './order-entry-api';
import { TicketLines } from './TicketLines';
import {
  addDish,
  changeQuantity,
  defaultCourse,
  lastRoundItems,
  lineOfField,
  repeatRound,
  roundItems,
  ticketTotals,
  updateLine,
  type TicketLine,
} from './ticket';
import classes from './order-entry.module.css';

const NO_TABLES: readonly Table[] = [];

/** How the grid was opened: at a table (null: the waiter picks it here), or for a takeaway order. */
export type EntryStart = { kind: 'table'; tableId: number | null } | { kind: 'takeaway' };

/** The order a round at the table joins: its newest open, confirmed dine-in order (the server's rule too). */
export function joinedOrder(orders: readonly Order[], tableId: number | null): Order | undefined {
  return orders
    .filter(
      (o) =>
        o.tableId === tableId &&
        o.kind === 'DINE_IN' &&
        isOpenOrderStatus(o.status) &&
        o.status !== 'NEEDS_CONFIRMATION',
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)[0];
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * The server's refusal on the ticket's lines, by line key: a detail naming `items.N.…`, or `notEnoughStock` on every
 * line of its dish (its params say how many are left).
 */
export function lineProblems(err: ApiError, lines: readonly TicketLine[], t: Translate): Map<string, string> {
  const byLine = new Map<string, string>();
  for (const d of err.details) {
    const index = lineOfField(d.field);
    const line = index === null ? undefined : lines[index];
    if (line && !byLine.has(line.key)) byLine.set(line.key, t(d.messageKey, err.params));
  }
  if (err.messageKey === 'notEnoughStock') {
    for (const line of lines) {
      if ((line.dish.dishId ?? line.dish.id) === err.params.dishId) {
        byLine.set(line.key, t('errors.notEnoughStock', err.params));
      }
    }
  }
  return byLine;
}

/** The server's refusal of the customer's name or phone, by field. */
function fieldProblems(err: ApiError, t: Translate): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of err.details) {
    if (d.field === 'customerName' || d.field === 'customerPhone') out[d.field] ??= t(d.messageKey);
  }
  return out;
}

/** Asks before unsent dishes are thrown away. */
function confirmDiscard(): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: appI18n.t('orderEntry.discardTitle'),
      children: <Text size="sm">{appI18n.t('orderEntry.discardText')}</Text>,
      labels: { confirm: appI18n.t('orderEntry.discard'), cancel: appI18n.t('common.cancel') },
      confirmProps: { color: 'red' },
      zIndex: 500,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/**
 * Order entry at POS speed, full screen: the menu as tiles by category with a search, one tap adds a dish (a dish
 * with options asks for them first), the ticket beside it (tablet) or in a bottom drawer (phone) with quantities,
 * notes, seats and courses; "Send" sends the whole round at once: to the table's open order or a new one, or as a
 * takeaway order with the customer's name. "Repeat last round" puts the table's last round on the ticket again.
 * `openOrders`: the restaurant's open orders the caller holds (the table's order and its last round come from them).
 */
export function OrderEntrySheet({
  restaurant,
  start,
  openOrders,
  tables = NO_TABLES,
  sendKey,
  onClose,
  onSent,
}: {
  restaurant: Eatery;
  start: EntryStart;
  openOrders: readonly Order[];
  /** The tables to choose from when the grid was opened without one. */
  tables?: readonly Table[];
  /** The mutation key of sending (see useSendRound). */
  sendKey?: readonly unknown[];
  onClose: () => void;
  /** After a round was sent: the caller patches what it shows (roundChange). */
  onSent?: (result: TableRoundResult) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const eateryId = restaurant.id;
  const courses = useMemo(() => restaurant.courses ?? [], [restaurant.courses]);
  const wide = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false });
  const menu = useOrderMenu(eateryId);
  const pickTable = start.kind === 'table' && start.tableId === null;
  const send = useSendRound(eateryId, sendKey);

  const [lines, setLines] = useState<TicketLine[]>([]);
  const [tableId, setTableId] = useState<number | null>(start.kind === 'table' ? start.tableId : null);
  const [customerName, setCustomerName] = useState('');
  const [customerPhone, setCustomerPhone] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  // The server's word on the customer's name or phone (a phone it cannot call), by field.
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [lineErrors, setLineErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [optionsFor, setOptionsFor] = useState<{ dish: Dish; category: Category } | null>(null);
  const [ticketOpen, setTicketOpen] = useState(false);
  const [skipped, setSkipped] = useState(0);

  const dishes = useMemo(
    () => new Map((menu.data ?? []).flatMap((c) => c.dishes).map((d) => [d.dishId ?? d.id, d] as const)),
    [menu.data],
  );
  const tableOrders = useMemo(
    () => (tableId === null ? [] : openOrders.filter((o) => o.tableId === tableId && !isFinalOrderStatus(o.status))),
    [openOrders, tableId],
  );
  const joined = start.kind === 'table' ? joinedOrder(openOrders, tableId) : undefined;
  const lastRound = useMemo(() => lastRoundItems(tableOrders), [tableOrders]);
  const totals = ticketTotals(lines);
  const tableNumber =
    tableId === null ? null : (tableOrders[0]?.tableNumber ?? tables.find((tb) => tb.id === tableId)?.number ?? null);
  const title =
    start.kind === 'takeaway'
      ? t('orderEntry.titleTakeaway')
      : tableNumber !== null
        ? t('orderEntry.titleTable', { number: tableNumber })
        : t('orderEntry.titleNew');

  const edit = (next: TicketLine[]) => {
    setLines(next);
    setLineErrors(new Map());
    send.reset();
  };
  const put = (dish: Dish, category: Category, optionIds: number[]) =>
    edit(addDish(lines, dish, optionIds, { seat: null, course: defaultCourse(category, courses.length) }));
  const pick = (dish: Dish, category: Category) => {
    if (dish.optionGroups.length > 0) setOptionsFor({ dish, category });
    else put(dish, category, []);
  };
  const repeat = () => {
    const result = repeatRound(lines, lastRound, dishes, courses.length);
    edit(result.lines);
    setSkipped(result.skipped);
  };
  const close = async () => {
    if (lines.length > 0 && !(await confirmDiscard())) return;
    onClose();
  };

  const submit = () => {
    setFormError(null);
    let target: RoundTarget;
    if (start.kind === 'takeaway') {
      if (!customerName.trim()) return setFormError('orderEntry.customerNameRequired');
      target = { kind: 'takeaway', customerName, customerPhone: customerPhone || null };
    } else {
      if (tableId === null) return setFormError('orderEntry.tableRequired');
      target = { kind: 'table', tableId };
    }
    send.mutate(
      { target, items: roundItems(lines) },
      {
        onSuccess: (result) => {
          const { order, created } = result;
          notifications.show({
            color: 'green',
            message: t(created ? 'orderEntry.sentNew' : 'orderEntry.sentAdded', { number: order.number }),
          });
          onSent?.(result);
          onClose();
        },
        onError: (err) => {
          // Problems of single lines (sold out meanwhile, not enough portions) show on those lines.
          if (!(err instanceof ApiError)) return;
          const byLine = lineProblems(err, lines, t);
          setLineErrors(byLine);
          setFieldErrors(fieldProblems(err, t));
          if (byLine.size > 0) setTicketOpen(true);
        },
      },
    );
  };

  const sendButton = (
    <Button
      size="lg"
      className={classes.touch}
      leftSection={<IconSend />}
      disabled={lines.length === 0}
      loading={send.isPending}
      onClick={submit}
      fullWidth={wide}
    >
      {t('orderEntry.send')}
    </Button>
  );

  const ticket = (
    <>
      <ErrorBanner error={send.error} onClose={() => send.reset()} />
      {skipped > 0 && (
        <Text size="sm" c="orange.8" role="status">
          {t('orderEntry.repeatSkipped', { count: skipped })}
        </Text>
      )}
      <div className={classes.lines}>
        <TicketLines
          lines={lines}
          courses={courses}
          errors={lineErrors}
          onQuantity={(key, delta) => edit(changeQuantity(lines, key, delta))}
          onChange={(key, patch) => edit(updateLine(lines, key, patch))}
        />
      </div>
      <Group justify="space-between">
        <Text c="dimmed">{t('orderEntry.portions', { count: totals.portions })}</Text>
        <Text fw={800} size="lg">
          {t('orderEntry.total')}: {formatMoney(totals.cents / 100, lang, t('orderEntry.currency'))}
        </Text>
      </Group>
      {sendButton}
    </>
  );

  return (
    <Modal
      opened
      onClose={() => void close()}
      fullScreen
      withCloseButton={false}
      padding={0}
      transitionProps={{ duration: 0 }}
      zIndex={300}
    >
      <div className={classes.screen}>
        <div className={classes.header}>
          {/* Modal.Title names the dialog for assistive technology (aria-labelledby). */}
          <Modal.Title
            style={{
              flex: 1,
              minWidth: 120,
              fontSize: 'var(--mantine-h3-font-size)',
              fontWeight: 700,
              lineHeight: 1.3,
            }}
          >
            {title}
          </Modal.Title>
          {pickTable && (
            <Select
              size="md"
              aria-label={t('orderEntry.table')}
              placeholder={t('orderEntry.chooseTable')}
              data={tables.map((tb) => ({ value: String(tb.id), label: tb.number }))}
              value={tableId === null ? null : String(tableId)}
              onChange={(v) => {
                setTableId(v ? Number(v) : null);
                setFormError(null);
              }}
              searchable
              w={160}
              comboboxProps={{ zIndex: 500 }}
              error={formError === 'orderEntry.tableRequired' ? t(formError) : undefined}
            />
          )}
          {start.kind === 'takeaway' && (
            <>
              <TextInput
                size="md"
                aria-label={t('orderEntry.customerName')}
                placeholder={t('orderEntry.customerName')}
                data-autofocus
                value={customerName}
                onChange={(e) => {
                  setCustomerName(e.currentTarget.value);
                  setFormError(null);
                  setFieldErrors({});
                }}
                maxLength={CUSTOMER_NAME_MAX}
                error={formError === 'orderEntry.customerNameRequired' ? t(formError) : fieldErrors.customerName}
                w={200}
              />
              <TextInput
                size="md"
                type="tel"
                aria-label={t('orderEntry.customerPhone')}
                placeholder={t('orderEntry.customerPhone')}
                value={customerPhone}
                onChange={(e) => {
                  setCustomerPhone(e.currentTarget.value);
                  setFieldErrors({});
                }}
                error={fieldErrors.customerPhone}
                maxLength={CUSTOMER_PHONE_MAX}
                w={170}
              />
            </>
          )}
          {start.kind === 'table' && lastRound.length > 0 && (
            <Button size="md" variant="light" className={classes.touch} leftSection={<IconRepeat />} onClick={repeat}>
              {t('orderEntry.repeat')}
            </Button>
          )}
          {/* Focus starts on the customer's name for a takeaway, else on "Close": Escape then closes the sheet (a
              focused table picker would take the Escape for its own list). */}
          <CloseButton
            size="xl"
            aria-label={t('orderEntry.close')}
            onClick={() => void close()}
            data-autofocus={start.kind === 'takeaway' ? undefined : true}
          />
        </div>
        {start.kind === 'table' && tableId !== null && (
          <Text size="sm" c="dimmed" px="sm" pt={4}>
            {joined ? t('orderEntry.addsTo', { number: joined.number }) : t('orderEntry.newAtTable')}
          </Text>
        )}
        <div className={classes.body}>
          <div className={classes.menu}>
            <ErrorBanner error={menu.error} />
            {menu.isPending ? <PageLoader rows={3} /> : <MenuGrid menu={menu.data ?? []} onPick={pick} />}
          </div>
          {wide && (
            <aside className={classes.ticket} aria-label={t('orderEntry.ticket')}>
              <Title order={3} size="h4">
                {t('orderEntry.ticket')}
              </Title>
              {ticket}
            </aside>
          )}
        </div>
        {!wide && (
          <div className={classes.phoneBar}>
            <Button
              size="lg"
              variant="default"
              className={classes.touch}
              style={{ flex: 1, minWidth: 0 }}
              h="auto"
              py={4}
              onClick={() => setTicketOpen(true)}
            >
              {/* Two lines: the count and the total fit a 390 px phone in every language. */}
              <Stack gap={0} align="center">
                <span>{t('orderEntry.openTicket', { count: totals.portions })}</span>
                <Text component="span" size="sm" fw={700}>
                  {formatMoney(totals.cents / 100, lang, t('orderEntry.currency'))}
                </Text>
              </Stack>
            </Button>
            {sendButton}
          </div>
        )}
      </div>
      {!wide && (
        <Drawer
          opened={ticketOpen}
          onClose={() => setTicketOpen(false)}
          position="bottom"
          size="85%"
          title={t('orderEntry.ticket')}
          zIndex={350}
        >
          <Stack gap="xs">{ticket}</Stack>
        </Drawer>
      )}
      {optionsFor && (
        <OptionsSheet
          dish={optionsFor.dish}
          onClose={() => setOptionsFor(null)}
          onAdd={(optionIds) => {
            put(optionsFor.dish, optionsFor.category, optionIds);
            setOptionsFor(null);
          }}
        />
      )}
    </Modal>
  );
}
