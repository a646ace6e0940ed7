import type { Ref } from 'react';
import { IconCircleCheck } from '@tabler/icons-react';
import type { KitchenTicket, OrderItem } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import type { WithOrderNumber } from './ticket-format';
import { TicketCard } from './TicketCard';
import classes from './kds-screen.module.css';

interface TicketGridProps {
  gridRef: Ref<HTMLDivElement>;
  eateryId: number;
  tickets: readonly WithOrderNumber<KitchenTicket>[];
  now: number;
  amberMinutes: number;
  redMinutes: number;
  selected: string | null;
  busyItemId: number | null;
  isBumping: (ticket: KitchenTicket) => boolean;
  onAdvance: (ticket: KitchenTicket, item: OrderItem) => void;
  onBump: (ticket: KitchenTicket) => void;
}

/** The tickets, oldest first, in as many columns as the width holds (kds-screen.module.css); or "all caught up". */
export function TicketGrid({ gridRef, tickets, ...props }: TicketGridProps) {
  const { t } = useTranslation();
  if (tickets.length === 0) {
    return (
      <div className={classes.empty}>
        <IconCircleCheck size={40} aria-hidden />
        <span>{t('kitchen.empty')}</span>
      </div>
    );
  }
  return (
    <div ref={gridRef} className={classes.grid}>
      {tickets.map((ticket) => (
        <TicketCard
          key={ticket.key}
          ticket={ticket}
          eateryId={props.eateryId}
          now={props.now}
          amberMinutes={props.amberMinutes}
          redMinutes={props.redMinutes}
          selected={props.selected === ticket.key}
          busyItemId={props.busyItemId}
          bumping={props.isBumping(ticket)}
          onAdvance={(item) => props.onAdvance(ticket, item)}
          onBump={() => props.onBump(ticket)}
        />
      ))}
    </div>
  );
}
