import { UnstyledButton, Button } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock, IconFlame, IconHandStop, IconNote } from '@tabler/icons-react';
import type { KitchenTicket, OrderItem } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { courseLabel, useRestaurantCourses } from '../shared/courses/use-courses';
import { itemName } from '../shared/live/item-name';
import { itemOptionsText } from '../shared/live/item-options';
import { orderPlaceLabel } from '../shared/order-place';
import { ReprintMenu } from '../shared/printing/ReprintMenu';
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
  /** Chosen with the bump bar: a thick ring, and Enter bumps it. */
  selected?: boolean;
  /** The restaurant: its tickets can be printed again ("Reprint"). */
  eateryId?: number;
  onAdvance: (item: OrderItem) => void;
  onBump: () => void;
}

/**
 * One kitchen ticket: table and order number large, its age counting (amber, then red at the restaurant's
 * thresholds, with a word and an icon, not colour alone), the notes highlighted, one big button per item that
 * moves it to the next status, "Bump" for the whole ticket and a small "Reprint". When the restaurant has courses,
 * the items stand under their course's name; a held item (its course not fired yet) is greyed, labelled
 * "Held · Mains" and cannot be started; a ticket with nothing but held items to cook cannot be bumped. Sizes follow
 * the screen's width (kitchen.module.css), colours the display's theme.
 */
export function TicketCard({
  ticket,
  now,
  amberMinutes,
  redMinutes,
  busyItemId,
  bumping,
  selected = false,
  eateryId,
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
    <article
      className={classes.ticket}
      data-level={level}
      data-selected={selected || undefined}
      data-ticket-key={ticket.key}
      // Focusable from script only: the bump bar moves the focus to the chosen ticket.
      tabIndex={-1}
      aria-current={selected || undefined}
      aria-label={
        away
          ? t('kitchen.ticketLabelAway', { place: orderPlaceLabel(ticket, t), number: ticket.orderNumber })
          : t('kitchen.ticketLabel', { table: ticket.tableNumber, number: ticket.orderNumber })
      }
    >
      <div className={classes.head}>
        <div className={classes.place}>
          <div className={classes.table}>
            {away ? orderPlaceLabel(ticket, t) : t('kitchen.table', { number: ticket.tableNumber })}
          </div>
          <div className={classes.meta}>
            <span className={classes.number}>#{ticket.orderNumber}</span>
            {ticket.addOn && <span className={classes.addOn}>{t('kitchen.addOn')}</span>}
          </div>
        </div>
        <div className={classes.ageBox}>
          <span className={classes.age}>
            <LevelIcon className={classes.ageIcon} aria-hidden />
            <span>{formatAge(age)}</span>
          </span>
          {level !== 'fresh' && <span className={classes.levelText}>{t(`kitchen.level.${level}`)}</span>}
        </div>
      </div>

      {ticket.orderNote && (
        <div className={classes.note}>
          <IconNote className={classes.noteIcon} aria-hidden />
          <span>{ticket.orderNote}</span>
        </div>
      )}

      <div className={classes.items}>
        {groups.map((group) => (
          <div key={group.course ?? 0} className={classes.items}>
            {group.course !== null && (
              <div className={classes.courseHeader} data-testid="course-header">
                {course(group.course)}
              </div>
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
          </div>
        ))}
      </div>

      <div className={classes.foot}>
        <Button
          className={classes.bump}
          classNames={{ label: classes.bumpLabel }}
          color="green"
          leftSection={<IconCheck className={classes.bumpIcon} aria-hidden />}
          loading={bumping}
          disabled={!hasFiredWork(ticket.items)}
          onClick={onBump}
        >
          {t('kitchen.bump')}
        </Button>
        {eateryId !== undefined && (
          <ReprintMenu
            eateryId={eateryId}
            orderId={ticket.orderId}
            orderNumber={ticket.orderNumber}
            compact
            kitchenOnly
          />
        )}
      </div>
    </article>
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
      className={classes.item}
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
      <span className={classes.itemLine}>
        <span className={classes.itemName}>
          <span className={classes.quantity}>{item.quantity}×</span> {name}
        </span>
        {held ? (
          <span
            className={classes.pill}
            data-status="HELD"
            title={heldLabel ? t('courses.heldHint', { course: heldLabel }) : undefined}
          >
            <IconHandStop className={classes.pillIcon} aria-hidden />
            {heldLabel ? t('courses.heldCourse', { course: heldLabel }) : t('courses.held')}
          </span>
        ) : (
          <span className={classes.pill} data-status={item.status}>
            {item.status === 'READY' && <IconCheck className={classes.pillIcon} aria-hidden />}
            {t(`kitchen.itemStatus.${item.status}`)}
          </span>
        )}
      </span>
      {options && (
        <span className={classes.itemOptions} data-testid="item-options">
          {options}
        </span>
      )}
      {item.note && <span className={classes.itemNote}>{item.note}</span>}
    </UnstyledButton>
  );
}
