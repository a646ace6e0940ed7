import { orderPlaceLabel } from '../shared/order-place';
import { Badge, Button, Card, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock, IconFlame, IconHandStop, IconNote } from '@tabler/icons-react';
import type { KitchenTicket, OrderItem } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { courseLabel, useRestaurantCourses } from '../shared/courses/use-courses';
import heldClasses from '../shared/courses/held.module.css';
import { itemName } from '../shared/live/item-name';
import { itemOptionsText } from '../shared/live/item-options';
import {
  courseGroups,
  formatAge,
  hasFiredWork,
  nextKitchenStatus,
  ticketLevel,
  type TicketLevel,
  type WithOrderNumber,
} from './ticket-format';
import classes from './kitchen.module.css';

const LEVEL_ICON: Record<TicketLevel, typeof IconClock> = {
  fresh: IconClock,
  amber: IconAlertTriangle,
  red: IconFlame,
};

interface TicketCardProps {
  ticket: WithOrderNumber<KitchenTicket>;
  now: number;
  amberMinutes: number;
  redMinutes: number;
  /** The item being changed right now (its button shows it is busy). */
  busyItemId: number | null;
  bumping: boolean;
  onAdvance: (item: OrderItem) => void;
  onBump: () => void;
}

/**
 * One kitchen ticket: table and order number large, its age counting (amber, then red at the restaurant's
 * thresholds, with a word and an icon, not colour alone), the notes highlighted, one big button per item that
 * moves it to the next status, and "Bump" for the whole ticket. When the restaurant has courses, the items stand
 * under their course's name; a held item (its course not fired yet) is greyed, labelled "Held · Mains" and cannot
 * be started; a ticket with nothing but held items to cook cannot be bumped.
 */
export function TicketCard({
  ticket,
  now,
  amberMinutes,
  redMinutes,
  busyItemId,
  bumping,
  onAdvance,
  onBump,
}: TicketCardProps) {
  const { t, i18n } = useTranslation();
  // Takeaway and pickup tickets have no table: they name whom to call.
  const away = ticket.kind !== 'DINE_IN';
  const age = now - Date.parse(ticket.createdAt);
  const level = ticketLevel(age, amberMinutes, redMinutes);
  const LevelIcon = LEVEL_ICON[level];
  const courses = useRestaurantCourses();
  const course = (n: number) => courseLabel(t, courses, n, i18n.language);
  // Headers only where the restaurant names courses; otherwise one group without a title.
  const groups = courses.length > 0 ? courseGroups(ticket.items) : [{ course: null, items: ticket.items }];
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="sm"
      className={classes.ticket}
      data-level={level}
      aria-label={
        away
          ? t('kitchen.ticketLabelAway', { place: orderPlaceLabel(ticket, t), number: ticket.orderNumber })
          : t('kitchen.ticketLabel', { table: ticket.tableNumber, number: ticket.orderNumber })
      }
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div>
          <Text className={classes.table}>
            {away ? orderPlaceLabel(ticket, t) : t('kitchen.table', { number: ticket.tableNumber })}
          </Text>
          <Group gap={6}>
            <Text size="md" c="dimmed" fw={600}>
              #{ticket.orderNumber}
            </Text>
            {ticket.addOn && (
              <Badge color="violet" size="lg" variant="filled">
                {t('kitchen.addOn')}
              </Badge>
            )}
          </Group>
        </div>
        <Stack gap={0} align="flex-end">
          <Group gap={4} wrap="nowrap" className={classes.age}>
            <LevelIcon size={22} aria-hidden />
            <span>{formatAge(age)}</span>
          </Group>
          {level !== 'fresh' && (
            <Text size="sm" fw={700} className={classes.levelText}>
              {t(`kitchen.level.${level}`)}
            </Text>
          )}
        </Stack>
      </Group>

      {ticket.orderNote && (
        <Paper className={classes.note} mt="xs" p="xs" radius="sm">
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconNote size={20} aria-hidden />
            <Text fw={700} size="lg">
              {ticket.orderNote}
            </Text>
          </Group>
        </Paper>
      )}

      <Stack gap={6} mt="sm">
        {groups.map((group) => (
          <Stack key={group.course ?? 0} gap={6}>
            {group.course !== null && (
              <Text className={heldClasses.courseHeader} data-testid="course-header">
                {course(group.course)}
              </Text>
            )}
            {group.items.map((item) => (
              <TicketItem
                key={item.id}
                item={item}
                busy={busyItemId === item.id}
                heldLabel={item.held && item.course !== null ? course(item.course) : null}
                onAdvance={() => onAdvance(item)}
              />
            ))}
          </Stack>
        ))}
      </Stack>

      <Button
        mt="sm"
        size="lg"
        fullWidth
        color="green"
        leftSection={<IconCheck />}
        loading={bumping}
        disabled={!hasFiredWork(ticket.items)}
        onClick={onBump}
      >
        {t('kitchen.bump')}
      </Button>
    </Card>
  );
}

/**
 * One item of a ticket: a big button to its next kitchen status, or, while its course is held (`heldLabel`: the
 * course's name), greyed with "Held · Mains" and no step.
 */
function TicketItem({
  item,
  busy,
  heldLabel,
  onAdvance,
}: {
  item: OrderItem;
  busy: boolean;
  heldLabel: string | null;
  onAdvance: () => void;
}) {
  const { t, i18n } = useTranslation();
  const held = !!item.held;
  const next = held ? null : nextKitchenStatus(item.status);
  const name = itemName(item, i18n.language);
  const options = itemOptionsText(item.options, i18n.language);
  return (
    <UnstyledButton
      className={held ? `${classes.item} ${heldClasses.held}` : classes.item}
      data-status={item.status}
      data-held={held || undefined}
      disabled={!next || busy}
      aria-busy={busy}
      aria-label={
        next
          ? t('kitchen.advanceItem', {
              quantity: item.quantity,
              name: options ? `${name} (${options})` : name,
              status: t(`kitchen.itemStatus.${next}`),
            })
          : undefined
      }
      onClick={() => next && onAdvance()}
    >
      <Group justify="space-between" wrap="wrap" gap={4} align="flex-start">
        <Text className={classes.itemName}>
          <span className={classes.quantity}>{item.quantity}×</span> {name}
        </Text>
        {held ? (
          <Badge
            size="lg"
            variant="outline"
            color="gray"
            leftSection={<IconHandStop size={14} aria-hidden />}
            style={{ flexShrink: 0 }}
            title={heldLabel ? t('courses.heldHint', { course: heldLabel }) : undefined}
          >
            {heldLabel ? t('courses.heldCourse', { course: heldLabel }) : t('courses.held')}
          </Badge>
        ) : (
          <Badge
            size="lg"
            variant={item.status === 'READY' ? 'filled' : 'light'}
            color={item.status === 'CREATED' ? 'red' : item.status === 'PREPARING' ? 'yellow' : 'green'}
            leftSection={item.status === 'READY' ? <IconCheck size={14} /> : undefined}
            style={{ flexShrink: 0 }}
          >
            {t(`kitchen.itemStatus.${item.status}`)}
          </Badge>
        )}
      </Group>
      {options && (
        <Text className={classes.itemOptions} mt={2} data-testid="item-options">
          {options}
        </Text>
      )}
      {item.note && (
        <Text className={classes.itemNote} mt={4}>
          {item.note}
        </Text>
      )}
    </UnstyledButton>
  );
}
