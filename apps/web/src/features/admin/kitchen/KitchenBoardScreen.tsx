import { useMemo, useRef, useState } from 'react';
import { Anchor, Alert, Drawer } from '@mantine/core';
import { isKitchenOrderStatus, kitchenBoard, type KitchenTicket, type OrderItem } from '@qr-menu/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { useDepartments } from '../shared/departments-api';
import { useChimeOnNew } from '../shared/live/use-chime-on-new';
import { useNow } from '../shared/live/use-now';
import { PrintQueueBanner } from '../shared/printing/PrintQueueBanner';
import { MoveNotices } from '../shared/table-moves/MoveNotices';
import { AllDayPanel } from './AllDayPanel';
import { kdsThemeVars } from './kds-theme';
import { KitchenBar } from './KitchenBar';
import { useKitchenPrefs } from './kitchen-prefs';
import { useItemStatus, useKitchenBoard } from './kitchen-api';
import { OfflineBanner } from './OfflineBanner';
import { RecallDrawer } from './RecallDrawer';
import { SoldOutModal } from './SoldOutModal';
import { SoundPrompt } from './SoundPrompt';
import { StationPicker } from './StationPicker';
import { TicketGrid } from './TicketGrid';
import { hasFiredWork, nextKitchenStatus, withOrderNumbers } from './ticket-format';
import { useBrowserOnline } from './use-browser-online';
import { useBumpBar } from './use-bump-bar';
import { useDismissedVoids } from './use-dismissed-voids';
import { exitBrowserFullScreen, requestBrowserFullScreen, useFullScreenMode } from './use-full-screen-mode';
import { useLiveKitchen } from './use-live-kitchen';
import { useTicketActions } from './use-ticket-actions';
import { VoidNotices } from './VoidNotices';
import classes from './kds-screen.module.css';

/**
 * The live kitchen display of one station (null = All): the offline banner, the bar, the printers' queue, VOID and
 * move notices, tickets oldest first in columns filling the width, "All day" beside them on wide screens (behind a
 * button otherwise), the recall drawer and the sold-out dialog. The board is computed from the held orders with the
 * contract's `kitchenBoard`, every second, so ages count and bumped tickets and VOID notices leave on time.
 * Full-screen mode, the theme and the sound are this device's choices (remembered); a bump bar drives it from the
 * keyboard (use-bump-bar.ts); bumps and recalls made offline wait in a queue (use-ticket-actions.ts).
 */
export function KitchenBoardScreen({
  eateryId,
  station,
  timeZone,
}: {
  eateryId: number;
  station: number | null;
  /** The restaurant's time zone (its clock; when a sold-out dish comes back). */
  timeZone?: string;
}) {
  const { t } = useTranslation();
  const now = useNow(1000).getTime();
  const departments = useDepartments(eateryId);
  const board = useKitchenBoard(eateryId, station);
  const { state } = useLiveKitchen(eateryId);
  const online = useBrowserOnline() && state !== 'offline';
  const itemStatus = useItemStatus(eateryId);
  const actions = useTicketActions(eateryId, station, online);
  const prefs = useKitchenPrefs();
  const [panel, setPanel] = useState<'recall' | 'allDay' | 'soldOut' | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);

  // The browser fills the screen only from a tap or a key press: asked right here, in the handler.
  const enterFullScreen = () => {
    void requestBrowserFullScreen();
    prefs.setFullScreen(true);
  };
  const leaveFullScreen = () => {
    prefs.setFullScreen(false);
    exitBrowserFullScreen();
  };
  useFullScreenMode(prefs.fullScreen, () => prefs.setFullScreen(false));

  // A guest order waiting for staff confirmation is not the kitchen's yet (whatever an older server sends).
  const held = board.data?.orders;
  const orders = useMemo(() => held?.filter((o) => isKitchenOrderStatus(o.status)), [held]);
  const view = useMemo(() => {
    const board = kitchenBoard(orders ?? [], station, now);
    // People see an order's number of the day, never its id.
    const numbered = <T extends { orderId: number }>(rows: readonly T[]) => withOrderNumbers(rows, orders ?? []);
    return { ...board, tickets: numbered(board.tickets), recall: numbered(board.recall), voids: numbered(board.voids) };
  }, [orders, station, now]);
  // Tickets bumped while offline leave at once, before the server hears of it.
  const tickets = useMemo(
    () => view.tickets.filter((tk) => !actions.hidden.has(tk.key)),
    [view.tickets, actions.hidden],
  );
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
  // As the Bump button: only a ticket with something fired left to cook.
  const bump = (ticket: KitchenTicket) => {
    if (hasFiredWork(ticket.items)) actions.bump(ref(ticket));
  };
  const selected = useBumpBar(
    {
      keys: tickets.map((tk) => tk.key),
      onBump: (key) => {
        const ticket = tickets.find((tk) => tk.key === key);
        if (ticket) bump(ticket);
      },
      onRecallLast: () => actions.recallLast(view.recall[0] ? ref(view.recall[0]) : undefined),
      onToggleFullScreen: () => (prefs.fullScreen ? leaveFullScreen() : enterFullScreen()),
      onEscape: () => prefs.fullScreen && leaveFullScreen(),
    },
    gridRef,
  );
  const error = board.error ?? itemStatus.error ?? actions.error;
  const resetErrors = () => {
    itemStatus.reset();
    actions.clearError();
  };

  const bar = (
    <KitchenBar
      fullScreen={prefs.fullScreen}
      theme={prefs.theme}
      live={state === 'live' && online}
      recallCount={view.recall.length}
      departments={departments.data ?? []}
      station={station}
      timeZone={timeZone}
      onRecall={() => setPanel('recall')}
      onAllDay={() => setPanel('allDay')}
      onSoldOut={() => setPanel('soldOut')}
      onToggleTheme={prefs.toggleTheme}
      onToggleFullScreen={prefs.fullScreen ? leaveFullScreen : enterFullScreen}
    />
  );

  return (
    <div
      className={classes.screen}
      data-full={prefs.fullScreen || undefined}
      data-theme={prefs.theme}
      data-testid="kitchen-display"
      style={kdsThemeVars(prefs.theme)}
    >
      <div className={classes.sticky}>
        <OfflineBanner offline={!online} waiting={actions.waiting} />
        {prefs.fullScreen && bar}
      </div>
      {!prefs.fullScreen && bar}
      <SoundPrompt />
      {!prefs.fullScreen && (
        <div style={{ marginBottom: 12 }}>
          <StationPicker departments={departments.data ?? []} station={station} />
        </div>
      )}
      <PrintQueueBanner eateryId={eateryId} station={station} listen={false} />
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
        <div className={classes.body}>
          <div className={classes.main}>
            <VoidNotices voids={voids} now={now} onDismiss={dismiss} />
            <MoveNotices eateryId={eateryId} station={station} now={now} />
            <TicketGrid
              gridRef={gridRef}
              eateryId={eateryId}
              tickets={tickets}
              now={now}
              amberMinutes={board.data?.amberMinutes ?? 10}
              redMinutes={board.data?.redMinutes ?? 20}
              selected={selected}
              busyItemId={itemStatus.isPending ? (itemStatus.variables?.itemId ?? null) : null}
              isBumping={(ticket) => actions.isBusy('bump', ticket.key)}
              onAdvance={advance}
              onBump={bump}
            />
          </div>
          <aside className={classes.side}>
            <AllDayPanel counts={view.allDay} tickets={tickets} />
          </aside>
        </div>
      )}

      <RecallDrawer
        opened={panel === 'recall'}
        tickets={view.recall}
        now={now}
        busyKey={view.recall.find((tk) => actions.isBusy('recall', tk.key))?.key ?? null}
        onRecall={(ticket) => actions.recall(ref(ticket))}
        onClose={() => setPanel(null)}
      />
      <Drawer
        opened={panel === 'allDay'}
        onClose={() => setPanel(null)}
        position="right"
        title={t('kitchen.allDay.title')}
      >
        <AllDayPanel counts={view.allDay} tickets={tickets} />
      </Drawer>
      {panel === 'soldOut' && <SoldOutModal eateryId={eateryId} timeZone={timeZone} onClose={() => setPanel(null)} />}
    </div>
  );
}
