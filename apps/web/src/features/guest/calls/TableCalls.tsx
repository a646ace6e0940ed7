import { useEffect, useId, useReducer, useState } from 'react';
import { IconBellRinging, IconCash, IconCreditCard, IconReceipt2, IconUserCheck, IconX } from '@tabler/icons-react';
import type { CallKind, GuestCall, GuestPaymentMethod } from '@qr-menu/contract';
import { useTranslation } from '../lib/i18n';
import { ApiError } from '../../../api/api-error';
import { useErrorText } from '../lib/use-error-text';
import { isOnline } from '../offline/online-status';
import { Button } from '../ui/Button';
import { Alert } from '../ui/parts';
import { Sheet } from '../ui/Sheet';
import { currentCalls, noticesEndAt, sendCall, shownCalls, useTableCalls } from './calls-api';
import { useCallsLive } from './use-calls-live';
import classes from './calls.module.css';

/** The i18n key of what the guest reads about a call: waiting (for the bill: and how they pay), or coming. */
export function callStatusKey(call: GuestCall): string {
  if (call.kind === 'WAITER')
    return call.status === 'OPEN' ? 'client.calls.waiterPending' : 'client.calls.waiterOnTheWay';
  if (call.status !== 'OPEN') return 'client.calls.billOnTheWay';
  if (call.paymentMethod === 'CASH') return 'client.calls.billPendingCash';
  if (call.paymentMethod === 'CARD') return 'client.calls.billPendingCard';
  return 'client.calls.billPending';
}

/** A failed call in the guest's words: offline, table not taking calls, too many calls, or the server's message. */
export function useCallErrorText() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (err: unknown) => {
    if (err instanceof ApiError) return errorText(err);
    // fetch rejects with a TypeError when there is no connection.
    return err instanceof TypeError || !isOnline() ? t('client.calls.offline') : errorText(err);
  };
}

/**
 * The header's "Waiter" button: a sheet with "Call the waiter" and "Request the bill" (cash or card). The answer
 * shows in the call notice under the header.
 */
export function CallButton({ eateryId, tableId }: { eateryId: number; tableId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const calls = useTableCalls(eateryId, tableId);
  const waiting = shownCalls(calls.data).some((c) => c.status === 'OPEN');
  return (
    <>
      <button
        type="button"
        className={classes.callButton}
        aria-label={t('client.calls.open')}
        aria-haspopup="dialog"
        data-waiting={waiting || undefined}
        onClick={() => setOpen(true)}
      >
        <IconBellRinging size={22} aria-hidden />
        <span className={classes.callButtonText}>{t('client.calls.button')}</span>
      </button>
      {open && <CallSheet eateryId={eateryId} tableId={tableId} onClose={() => setOpen(false)} />}
    </>
  );
}

function CallSheet({ eateryId, tableId, onClose }: { eateryId: number; tableId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const errorText = useCallErrorText();
  const calls = useTableCalls(eateryId, tableId);
  const latest = currentCalls(calls.data);
  const [choosingPayment, setChoosingPayment] = useState(false);
  const [sending, setSending] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const send = async (kind: CallKind, paymentMethod: GuestPaymentMethod | null = null) => {
    if (sending) return;
    setError(null);
    if (!isOnline()) {
      setError(new TypeError('offline'));
      return;
    }
    setSending(paymentMethod ?? kind);
    try {
      await sendCall(eateryId, tableId, kind, paymentMethod);
      onClose();
    } catch (err) {
      setError(err);
      setSending(null);
    }
  };

  return (
    <Sheet labelledBy={titleId} onClose={onClose}>
      <div className={classes.sheetContent}>
        <h2 id={titleId} className={classes.sheetTitle}>
          {choosingPayment ? t('client.calls.howToPay') : t('client.calls.title')}
        </h2>
        {error !== null && (
          <Alert title={t('client.calls.failed')} onClose={() => setError(null)} closeLabel={t('common.close')}>
            {errorText(error)}
          </Alert>
        )}
        {choosingPayment ? (
          <div className={classes.choices}>
            <Button
              size="xl"
              fullWidth
              leftSection={<IconCash size={24} aria-hidden />}
              loading={sending === 'CASH'}
              onClick={() => void send('BILL', 'CASH')}
            >
              {t('client.calls.cash')}
            </Button>
            <Button
              size="xl"
              fullWidth
              leftSection={<IconCreditCard size={24} aria-hidden />}
              loading={sending === 'CARD'}
              onClick={() => void send('BILL', 'CARD')}
            >
              {t('client.calls.card')}
            </Button>
            <Button size="lg" variant="subtle" fullWidth onClick={() => setChoosingPayment(false)}>
              {t('client.calls.back')}
            </Button>
          </div>
        ) : (
          <div className={classes.choices}>
            <Button
              size="xl"
              fullWidth
              leftSection={<IconBellRinging size={24} aria-hidden />}
              loading={sending === 'WAITER'}
              onClick={() => void send('WAITER')}
            >
              {t('client.calls.callWaiter')}
            </Button>
            {latest.WAITER && <p className={classes.choiceStatus}>{t(callStatusKey(latest.WAITER))}</p>}
            <Button
              size="xl"
              variant="outline"
              fullWidth
              leftSection={<IconReceipt2 size={24} aria-hidden />}
              onClick={() => setChoosingPayment(true)}
            >
              {t('client.calls.requestBill')}
            </Button>
            {latest.BILL && <p className={classes.choiceStatus}>{t(callStatusKey(latest.BILL))}</p>}
          </div>
        )}
      </div>
    </Sheet>
  );
}

/**
 * Under the header: what happened to this device's latest calls ("the waiter has been called", then "the waiter is
 * on the way"), live from the socket with the poll as the fallback. Nothing on the server: calls are the device's.
 * A notice ends when it stops being true (currentCalls): "on the way" after CALL_ON_THE_WAY_MS, a bill's once paid.
 */
export function CallNotice({ eateryId, tableId }: { eateryId: number; tableId: number }) {
  const { t } = useTranslation();
  const calls = useTableCalls(eateryId, tableId, { poll: true });
  const [hidden, setHidden] = useState<number[]>([]);
  const list = calls.data ?? [];
  useCallsLive(eateryId, tableId, shownCalls(list), calls.refetch);
  useRenderAt(noticesEndAt(list));
  const latest = currentCalls(list);
  const shown = [latest.WAITER, latest.BILL].filter((c): c is GuestCall => !!c && !hidden.includes(c.id));
  return (
    // Always in the page, so that a screen reader announces the change from "called" to "on the way".
    <div role="status" className={classes.notices} data-testid="call-notice">
      {shown.map((call) => (
        <div key={call.id} className={classes.notice} data-status={call.status}>
          {call.status === 'OPEN' ? (
            <IconBellRinging size={22} aria-hidden className={classes.noticeIcon} />
          ) : (
            <IconUserCheck size={22} aria-hidden className={classes.noticeIcon} />
          )}
          <span className={classes.noticeText}>{t(callStatusKey(call))}</span>
          <button
            type="button"
            className={classes.noticeClose}
            aria-label={t('client.calls.hide')}
            onClick={() => setHidden((h) => [...h, call.id])}
          >
            <IconX size={18} aria-hidden />
          </button>
        </div>
      ))}
    </div>
  );
}

/**
 * Renders the component again at `at` (ms since the epoch): an "on the way" notice ends on time, with no request and
 * whether or not anything else changes.
 */
function useRenderAt(at: number | null) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (at === null) return;
    const timer = window.setTimeout(rerender, Math.max(0, at - Date.now()));
    return () => window.clearTimeout(timer);
  }, [at]);
}
