import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { IconPrinterOff } from '@tabler/icons-react';
import type { PrinterStatus } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { useNow } from '../live/use-now';
import { useOrdersSocket } from '../live/use-orders-socket';
import { refreshPrinterStatus, usePrinterStatus } from './printing-api';
import { printsForStation, stuckPrinters, trackWaiting } from './print-queue';
import type { StaffSocketOptions } from './staff-signals';
import classes from './print-queue.module.css';
import './printing-texts';

/**
 * "3 tickets waiting for Grill — printer offline": one amber line for each printer whose jobs are stuck (see
 * `stuckPrinters`); nothing while everything prints. `station` (a kitchen display): only the kitchen printers of that
 * station (null: every kitchen printer); absent: every printer. By default it listens on its own socket; a screen
 * that already has one passes `listen={false}` and calls `refreshPrinterStatus` from its `onPrintersEvent`.
 */
export function PrintQueueBanner({
  eateryId,
  station,
  listen = true,
}: {
  eateryId: number;
  station?: number | null;
  listen?: boolean;
}) {
  const { t } = useTranslation();
  const status = usePrinterStatus(eateryId);
  const now = useNow(5000).getTime();
  const waitingSince = useRef(new Map<number, number>());
  const printers = (status.data ?? []).filter((p) => station === undefined || printsForStation(p, station));
  trackWaiting(waitingSince.current, printers, now);
  const stuck = stuckPrinters(printers, waitingSince.current, now);
  const line = (p: PrinterStatus) =>
    t(`printing.queue.${p.kitchen ? 'tickets' : 'jobs'}`, {
      count: p.waiting,
      name: p.name,
      reason: t(`printing.queue.reason.${p.state}`),
    });
  return (
    <>
      {listen && <PrintersListener eateryId={eateryId} />}
      {/* The live region stays in place, so a screen reader hears a warning when it appears. */}
      <div role="status" aria-label={t('printing.queue.title')}>
        {stuck.length > 0 && (
          <div className={classes.banner} data-testid="print-queue">
            {stuck.map((p) => (
              <div key={p.id} className={classes.line}>
                <IconPrinterOff className={classes.icon} aria-hidden />
                <span>{line(p)}</span>
              </div>
            ))}
          </div>
        )}
      </div>
    </>
  );
}

/** The socket of a banner that listens on its own: the printers' state is read again when the server says so. */
function PrintersListener({ eateryId }: { eateryId: number }) {
  const qc = useQueryClient();
  const refresh = () => refreshPrinterStatus(qc, eateryId);
  const options: StaffSocketOptions = { onEvent: () => {}, onResync: refresh, onPrintersEvent: refresh };
  useOrdersSocket(eateryId, options);
  return null;
}
