import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Anchor, Box, Button, Drawer, Group, Indicator, SimpleGrid, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCircleCheck, IconListNumbers, IconSoup } from '@tabler/icons-react';
import { isKitchenOrderStatus, kitchenBoard, type KitchenTicket, type OrderItem } from '@qr-menu/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { useDepartments } from '../shared/departments-api';
import { LiveBadge } from '../shared/live/LiveBadge';
import { SoundBanner, SoundToggle } from '../shared/live/SoundBanner';
import { useChimeOnNew } from '../shared/live/use-chime-on-new';
import { useNow } from '../shared/live/use-now';
import { AllDayPanel } from './AllDayPanel';
import { useBumpTicket, useItemStatus, useKitchenBoard, useRecallTicket } from './kitchen-api';
import { nextKitchenStatus, withOrderNumbers } from './ticket-format';
import { RecallDrawer } from './RecallDrawer';
import { SoldOutModal } from './SoldOutModal';
import { StationPicker } from './StationPicker';
import { TicketCard } from './TicketCard';
import { useDismissedVoids } from './use-dismissed-voids';
import { useLiveKitchen } from './use-live-kitchen';
import { VoidNotices } from './VoidNotices';
import { MoveNotices } from '../shared/table-moves/MoveNotices';

/**
 * The live kitchen display of one station (null = All): VOID notices of dishes voided while cooking, tickets oldest
 * first, "All day" beside them (behind a button on narrow screens), the recall drawer and the sold-out dialog. The
 * board is computed from the held orders with the contract's `kitchenBoard`, every second, so ages count and bumped
 * tickets and VOID notices leave on time.
 */
export function KitchenBoardScreen({
  eateryId,
  station,
  timeZone,
}: {
  eateryId: number;
  station: number | null;
  /** The restaurant's time zone (when a sold-out dish comes back). */
  timeZone?: string;
}) {
  const { t } = useTranslation();
  const now = useNow(1000).getTime();
  const departments = useDepartments(eateryId);
  const board = useKitchenBoard(eateryId, station);
  const { state } = useLiveKitchen(eateryId);
  const itemStatus = useItemStatus(eateryId);
  const bump = useBumpTicket(eateryId);
  const recall = useRecallTicket(eateryId);
  const [panel, setPanel] = useState<'recall' | 'allDay' | 'soldOut' | null>(null);

  // A guest order waiting for staff confirmation is not the kitchen's yet (whatever an older server sends).
  const held = board.data?.orders;
  const orders = useMemo(() => held?.filter((o) => isKitchenOrderStatus(o.status)), [held]);
  const view = useMemo(() => {
    const board = kitchenBoard(orders ?? [], station, now);
    // People see an order's number of the day, never its id.
    const numbered = <T extends { orderId: number }>(rows: readonly T[]) => withOrderNumbers(rows, orders ?? []);
    return { ...board, tickets: numbered(board.tickets), recall: numbered(board.recall), voids: numbered(board.voids) };
  }, [orders, station, now]);
  const { isDismissed, dismiss } = useDismissedVoids();
  const voids = useMemo(() => view.voids.filter((v) => !isDismissed(v.itemId)), [view.voids, isDismissed]);
  // A new ticket or a new VOID notice chimes.
  const alertKeys = useMemo(
    () => (orders ? [...view.tickets.map((tk) => tk.key), ...view.voids.map((v) => `void-${v.itemId}`)] : undefined),
    [orders, view],
  );
  useChimeOnNew(alertKeys);

  const unknownStation = station !== null && departments.isSuccess && !departments.data.some((d) => d.id === station);
  const ref = (ticket: KitchenTicket) => ({ orderId: ticket.orderId, batch: ticket.batch, departmentId: station });
  const advance = (ticket: KitchenTicket, item: OrderItem) => {
    const status = nextKitchenStatus(item.status);
    if (status) itemStatus.mutate({ orderId: ticket.orderId, itemId: item.id, status });
  };
  const error = board.error ?? itemStatus.error ?? bump.error ?? recall.error;
  const resetErrors = () => {
    itemStatus.reset();
    bump.reset();
    recall.reset();
  };

  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Title order={2}>{t('kitchen.title')}</Title>
          <LiveBadge state={state} />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Indicator label={view.recall.length} size={20} disabled={view.recall.length === 0}>
            <HeaderButton
              icon={<IconArrowBackUp />}
              label={t('kitchen.recall.open')}
              onClick={() => setPanel('recall')}
            />
          </Indicator>
          <Box hiddenFrom="lg">
            <HeaderButton
              icon={<IconListNumbers />}
              label={t('kitchen.allDay.title')}
              onClick={() => setPanel('allDay')}
            />
          </Box>
          <HeaderButton
            icon={<IconSoup />}
            label={t('kitchen.soldOut.open')}
            color="red"
            onClick={() => setPanel('soldOut')}
          />
          <SoundToggle />
        </Group>
      </Group>
      <SoundBanner />
      <Box mb="sm">
        <StationPicker departments={departments.data ?? []} station={station} />
      </Box>
      <ErrorBanner error={error} onClose={board.error ? undefined : resetErrors} />

      {unknownStation ? (
        <Alert color="yellow">
          {t('kitchen.stationNotFound')}{' '}
          <Anchor component={Link} to="/admin/kitchen">
            {t('kitchen.stationAll')}
          </Anchor>
        </Alert>
      ) : board.isPending ? (
        <PageLoader rows={3} />
      ) : (
        <Group align="flex-start" gap="md" wrap="nowrap">
          <Box style={{ flex: 1, minWidth: 0 }}>
            <VoidNotices voids={voids} now={now} onDismiss={dismiss} />
            <MoveNotices eateryId={eateryId} station={station} now={now} />
            {view.tickets.length === 0 ? (
              <Group justify="center" gap="sm" py={64} c="dimmed">
                <IconCircleCheck size={40} aria-hidden />
                <Text size="xl" fw={600}>
                  {t('kitchen.empty')}
                </Text>
              </Group>
            ) : (
              <SimpleGrid
                type="container"
                cols={{ base: 1, '500px': 2, '840px': 3, '1150px': 4 }}
                spacing="md"
                style={{ alignItems: 'start' }}
              >
                {view.tickets.map((ticket) => (
                  <TicketCard
                    key={ticket.key}
                    ticket={ticket}
                    now={now}
                    amberMinutes={board.data?.amberMinutes ?? 10}
                    redMinutes={board.data?.redMinutes ?? 20}
                    busyItemId={itemStatus.isPending ? (itemStatus.variables?.itemId ?? null) : null}
                    bumping={
                      bump.isPending &&
                      bump.variables?.orderId === ticket.orderId &&
                      bump.variables.batch === ticket.batch
                    }
                    onAdvance={(item) => advance(ticket, item)}
                    onBump={() => bump.mutate(ref(ticket))}
                  />
                ))}
              </SimpleGrid>
            )}
          </Box>
          <Box visibleFrom="lg" w={280} style={{ flexShrink: 0 }}>
            <AllDayPanel counts={view.allDay} tickets={view.tickets} />
          </Box>
        </Group>
      )}

      <RecallDrawer
        opened={panel === 'recall'}
        tickets={view.recall}
        now={now}
        busyKey={recall.isPending && recall.variables ? `${recall.variables.orderId}-${recall.variables.batch}` : null}
        onRecall={(ticket) => recall.mutate(ref(ticket))}
        onClose={() => setPanel(null)}
      />
      <Drawer
        opened={panel === 'allDay'}
        onClose={() => setPanel(null)}
        position="right"
        title={t('kitchen.allDay.title')}
      >
        <AllDayPanel counts={view.allDay} tickets={view.tickets} />
      </Drawer>
      {panel === 'soldOut' && <SoldOutModal eateryId={eateryId} timeZone={timeZone} onClose={() => setPanel(null)} />}
    </>
  );
}

/** A 50 px header button: icon and words, the icon alone on phones (the words stay its accessible name). */
function HeaderButton({
  icon,
  label,
  color,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  color?: string;
  onClick: () => void;
}) {
  return (
    <Button
      size="lg"
      px="sm"
      variant={color ? 'light' : 'default'}
      color={color}
      leftSection={icon}
      aria-label={label}
      onClick={onClick}
      styles={{ section: { marginInlineEnd: 0 } }}
    >
      <Text span visibleFrom="sm" inherit ml={8}>
        {label}
      </Text>
    </Button>
  );
}
