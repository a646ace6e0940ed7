import { orderPlace, orderPlaceLabel } from '../shared/order-place';
import { ActionIcon, Box, Button, Card, Group, Stack, Text, Tooltip, type ActionIconProps } from '@mantine/core';
import {
  IconArrowRight,
  IconBan,
  IconCheck,
  IconEdit,
  IconHourglassHigh,
  IconFlameFilled,
  IconNote,
  IconPlus,
  IconPrinter,
  IconProgressCheck,
  IconReceipt,
  IconTrash,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import {
  isFinalOrderStatus,
  itemsStillMove,
  nextItemStatus,
  paidFoodComing,
  type ItemStatus,
  type Order,
  type OrderItem,
} from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { billPath, formatAge, formatMoney, formatOrderTime, receiptPath, type OrderPermissions } from './order-format';
import { ItemStatusBadge, OrderStatusBadge, useStatusColors } from './status-style';
import { VoidedBadge, VoidReason } from './VoidedMark';
import { useRejectionReasonText } from './rejection-reason';
import classes from './orders.module.css';
import { itemName } from '../shared/live/item-name';
import { itemOptionsText } from '../shared/live/item-options';
import { TableMoveActions } from '../shared/table-moves/TableMoveActions';
import { FireCourseButton } from '../shared/courses/FireCourseButton';
import { ReprintMenu } from '../shared/printing/ReprintMenu';

export interface OrderCardProps {
  order: Order;
  now: Date;
  timeZone?: string;
  perms: OrderPermissions;
  flashing: boolean;
  deleting: boolean;
  onAddItem: () => void;
  onEditItem: (item: OrderItem) => void;
  /** Opens the void dialog of an item. */
  onVoidItem: (item: OrderItem) => void;
  /** One tap on an item: move it to `status` (its next one for the caller's roles). */
  onStepItem: (item: OrderItem, status: ItemStatus) => void;
  /** Whether an item's step is on its way (its button spins). */
  stepping: (itemId: number) => boolean;
  onStatus: () => void;
  onDelete: () => void;
  /** A guest order waiting for confirmation: accept it (to the kitchen) or open the reject dialog. */
  onAccept?: () => void;
  onReject?: () => void;
  accepting?: boolean;
}

/**
 * One order on the board: colour and icon of its status, a fire mark while CREATED, the large
 * table number, id, creation time and age, items with their own status chips, note and total. Only the actions
 * the caller's roles have are shown: one tap on an item's next step, add or edit dishes, the status
 * dialog, "Close bill" (cashier, admin) and delete.
 */
export function OrderCard({
  order,
  now,
  timeZone,
  perms,
  flashing,
  deleting,
  onAddItem,
  onEditItem,
  onVoidItem,
  onStepItem,
  stepping,
  onStatus,
  onDelete,
  onAccept,
  onReject,
  accepting = false,
}: OrderCardProps) {
  const { t, i18n } = useTranslation();
  const rejectionText = useRejectionReasonText();
  const colors = useStatusColors();
  const color = colors.order(order.status);
  const closed = isFinalOrderStatus(order.status);
  // A guest order waiting for staff is only accepted or rejected: no kitchen steps, dishes or bill yet.
  const waiting = order.status === 'NEEDS_CONFIRMATION';
  const canEditItems = !closed && !waiting && perms.editItems;
  const canVoidItems = !closed && !waiting && perms.voidItem;
  // Closed orders open read-only details for everyone; an open one opens the status dialog only for roles with it.
  const showStatusButton = !waiting && (closed || perms.orderStatus);
  const canConfirm = waiting && perms.orderStatus && !!onAccept && !!onReject;
  const className = [
    classes.card,
    order.status === 'CANCELLED' && classes.cancelled,
    waiting && classes.waiting,
    flashing && classes.flash,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <Card
      className={className}
      data-order-id={order.id}
      data-status={order.status}
      data-flashing={flashing || undefined}
      aria-label={
        order.kind === 'DINE_IN'
          ? t('orders.card.label', { number: order.number, table: order.tableNumber })
          : t('orders.card.labelAway', { number: order.number, place: orderPlaceLabel(order, t) })
      }
      component="article"
      style={{
        borderLeftColor: `var(--mantine-color-${color}-filled)`,
        background: closed ? undefined : `var(--mantine-color-${color}-light)`,
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Box style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {orderPlace(order, t).caption}
          </Text>
          <Text className={`${classes.tableNumber} ${classes.strike}`} data-testid="table-number">
            {orderPlace(order, t).name}
          </Text>
        </Box>
        <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
          <Group gap={6} wrap="nowrap">
            {waiting && (
              <IconHourglassHigh
                className={classes.waitingMark}
                size={28}
                role="img"
                aria-label={t('orders.status.NEEDS_CONFIRMATION')}
                data-testid="waiting-mark"
              />
            )}
            {order.status === 'CREATED' && (
              <Tooltip label={t('orders.newOrder')}>
                <IconFlameFilled
                  className={classes.fire}
                  size={28}
                  role="img"
                  aria-label={t('orders.newOrder')}
                  data-testid="fire-mark"
                />
              </Tooltip>
            )}
            <OrderStatusBadge status={order.status} size="lg" />
          </Group>
          <Text size="sm" fw={600} className={classes.strike}>
            #{order.number}
          </Text>
        </Stack>
      </Group>

      <Group gap={6} mt={6} wrap="wrap">
        <Text size="sm" c="dimmed">
          {formatOrderTime(t, order.createdAt, now, timeZone)}
        </Text>
        {!closed && (
          <Text
            size="sm"
            fw={700}
            c={order.status === 'CREATED' || waiting ? 'red' : undefined}
            data-testid="order-age"
          >
            · {formatAge(t, order.createdAt, now)}
          </Text>
        )}
      </Group>

      {waiting && (
        <Text size="sm" mt="xs" fw={500} data-testid="waiting-hint">
          {t('orders.waiting.hint')}
        </Text>
      )}
      {paidFoodComing(order) && (
        <Text size="sm" mt="xs" fw={600} data-testid="paid-food-coming">
          {t('orders.paidFoodComing')}
        </Text>
      )}
      {order.status === 'CANCELLED' && order.rejectionReason && (
        <Text size="sm" mt="xs" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="rejection-reason">
          {t('orders.rejectedBecause', { reason: rejectionText(order.rejectionReason) })}
        </Text>
      )}
      {order.note && (
        <Group gap={6} mt="xs" wrap="nowrap" align="flex-start">
          <IconNote size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>
            {order.note}
          </Text>
        </Group>
      )}

      <Stack gap={0} mt="sm" style={{ flex: 1 }}>
        {order.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('orders.noItems')}
          </Text>
        ) : (
          order.items.map((item) => (
            <ItemRow
              key={item.id}
              item={item}
              next={
                // A held line waits for its course to be fired (the server refuses its step).
                !itemsStillMove(order.status) || waiting || item.held ? null : nextItemStatus(perms.roles, item.status)
              }
              stepping={stepping(item.id)}
              canEdit={canEditItems}
              canVoid={canVoidItems}
              onStep={(status) => onStepItem(item, status)}
              onEdit={() => onEditItem(item)}
              onVoid={() => onVoidItem(item)}
            />
          ))
        )}
      </Stack>

      <Group justify="space-between" mt="sm" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('orders.total')}
        </Text>
        <Text fw={800} size="lg" className={classes.strike} data-testid="order-total">
          {formatMoney(order.orderPrice, i18n.language, t('orders.currency'))}
        </Text>
      </Group>

      <Group gap="xs" mt="sm" wrap="nowrap" align="flex-start">
        <Group gap="xs" wrap="wrap" style={{ flex: 1 }}>
          {canConfirm && (
            <>
              <Button
                color="green"
                size="sm"
                leftSection={<IconCheck size={16} />}
                loading={accepting}
                onClick={onAccept}
                aria-label={t('orders.waiting.acceptNamed', { number: order.number })}
                data-action="accept"
                style={{ flex: '1 0 auto' }}
              >
                {t('orders.waiting.accept')}
              </Button>
              <Button
                color="red"
                variant="light"
                size="sm"
                leftSection={<IconX size={16} />}
                onClick={onReject}
                disabled={accepting}
                aria-label={t('orders.waiting.rejectNamed', { number: order.number })}
                data-action="reject"
                style={{ flex: '1 0 auto' }}
              >
                {t('orders.waiting.reject')}
              </Button>
            </>
          )}
          {!closed && !waiting && perms.editItems && (
            <Button
              variant="default"
              size="sm"
              leftSection={<IconPlus size={16} />}
              onClick={onAddItem}
              style={{ flex: '1 0 auto' }}
            >
              {t('orders.addDish')}
            </Button>
          )}
          <FireCourseButton order={order} roles={perms.roles} />
          {showStatusButton && (
            <Button
              variant={closed ? 'default' : 'filled'}
              color={color}
              autoContrast
              size="sm"
              leftSection={<IconProgressCheck size={16} />}
              onClick={onStatus}
              style={{ flex: '1 0 auto' }}
            >
              {t(closed ? 'orders.details' : 'orders.changeStatus')}
            </Button>
          )}
          {!closed && !waiting && perms.closeBill && (
            <Button
              component={Link}
              to={billPath(order.id)}
              variant="default"
              size="sm"
              leftSection={<IconReceipt size={16} />}
              aria-label={t('orders.closeBillNamed', { number: order.number })}
              style={{ flex: '1 0 auto' }}
            >
              {t('orders.closeBill')}
            </Button>
          )}
          {!waiting && <TableMoveActions order={order} roles={perms.roles} />}
          {/* What was printed for the order (tickets, pre-bills, receipts), to print again; a guest order waiting for
              confirmation has printed nothing yet. */}
          {!waiting && (
            <ReprintMenu eateryId={order.eateryId} orderId={order.id} orderNumber={order.number} roles={perms.roles} />
          )}
          {order.status === 'PAID' && perms.closeBill && (
            <Button
              component={Link}
              to={receiptPath(order.id)}
              variant="default"
              size="sm"
              leftSection={<IconPrinter size={16} />}
              aria-label={t('orders.receiptNamed', { number: order.number })}
              style={{ flex: '1 0 auto' }}
            >
              {t('orders.receipt')}
            </Button>
          )}
        </Group>
        {perms.delete && (
          <TooltipAction
            tip={t('orders.deleteOrder')}
            label={t('orders.deleteOrderNamed', { number: order.number })}
            icon={IconTrash}
            variant="light"
            color="red"
            size={36}
            loading={deleting}
            onClick={onDelete}
          />
        )}
      </Group>
    </Card>
  );
}

/**
 * One item of the card: quantity, name (in the interface language), note, its status, the one-tap button to its
 * next status when the caller's role has one and, where allowed, edit and void. A voided item stays listed, struck
 * out, with a "Voided" badge and its reason.
 */
function ItemRow({
  item,
  next,
  stepping,
  canEdit,
  canVoid,
  onStep,
  onEdit,
  onVoid,
}: {
  item: OrderItem;
  next: ItemStatus | null;
  stepping: boolean;
  canEdit: boolean;
  canVoid: boolean;
  onStep: (status: ItemStatus) => void;
  onEdit: () => void;
  onVoid: () => void;
}) {
  const { t, i18n } = useTranslation();
  const colors = useStatusColors();
  const live = item.status !== 'DELETED';
  const name = itemName(item, i18n.language);
  const options = itemOptionsText(item.options, i18n.language, true);
  return (
    <Group
      className={`${classes.itemRow} ${live ? '' : classes.deletedItem}`}
      justify="space-between"
      wrap="wrap"
      gap={6}
      py={6}
      align="center"
      data-item-id={item.id}
    >
      {/* The name keeps at least a readable width: on a narrow card the status and buttons move below it. */}
      <Box style={{ flex: '1 1 8rem', minWidth: 0 }}>
        <Text size="sm" fw={600} className={classes.itemName} style={{ overflowWrap: 'anywhere' }}>
          {item.quantity} × {name}
        </Text>
        {options && (
          <Text size="xs" style={{ overflowWrap: 'anywhere' }} data-testid="item-options">
            {options}
          </Text>
        )}
        {item.note && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {item.note}
          </Text>
        )}
        <VoidReason item={item} />
      </Box>
      <Group gap={4} wrap="nowrap" justify="flex-end" style={{ flexShrink: 0, marginLeft: 'auto' }}>
        {live ? <ItemStatusBadge status={item.status} /> : <VoidedBadge />}
        {next && live && (
          <Button
            size="compact-sm"
            h={32}
            variant="light"
            color={colors.item(next)}
            autoContrast
            rightSection={<IconArrowRight size={14} aria-hidden />}
            loading={stepping}
            aria-label={t('orders.item.stepNamed', { name, status: t(`orders.itemStatus.${next}`) })}
            data-next-status={next}
            onClick={() => onStep(next)}
          >
            {t(`orders.item.step.${next}`)}
          </Button>
        )}
        {canEdit && live && <ItemAction action="edit" name={name} onClick={onEdit} />}
        {canVoid && live && <ItemAction action="void" name={name} onClick={onVoid} />}
      </Group>
    </Group>
  );
}

/** The icon buttons of an item row: what they say and look like. */
const ITEM_ACTIONS = {
  edit: { tip: 'orders.item.edit', label: 'orders.item.editNamed', icon: IconEdit, color: 'gray' },
  void: { tip: 'orders.void.open', label: 'orders.void.openNamed', icon: IconBan, color: 'red' },
} as const;

function ItemAction({
  action,
  name,
  onClick,
}: {
  action: keyof typeof ITEM_ACTIONS;
  name: string;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const { tip, label, icon, color } = ITEM_ACTIONS[action];
  return (
    <TooltipAction
      tip={t(tip)}
      label={t(label, { name })}
      icon={icon}
      variant="subtle"
      color={color}
      size={32}
      onClick={onClick}
    />
  );
}

/** An icon button with a tooltip (`tip`); `label` names what it acts on, for screen readers. */
function TooltipAction({
  tip,
  label,
  icon: Glyph,
  ...props
}: { tip: string; label: string; icon: Icon; onClick: () => void } & ActionIconProps) {
  return (
    <Tooltip label={tip}>
      <ActionIcon aria-label={label} {...props}>
        <Glyph size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
