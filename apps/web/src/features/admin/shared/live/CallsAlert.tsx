import { useMemo } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconBell, IconReceipt, IconWalk } from '@tabler/icons-react';
import type { StaffCall } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../../components/ErrorBanner';
import { useChimeOnNew } from './use-chime-on-new';
import { useNow } from './use-now';
import { useOrdersSocket } from './use-orders-socket';
import { applyCallEvent, openCalls, useAcknowledgeCall, useTableCalls } from './use-table-calls';

/** What a call asks for, in words: "calls the waiter" / "asks for the bill — card". */
export function useCallText() {
  const { t } = useTranslation();
  return (call: StaffCall) =>
    call.kind === 'WAITER'
      ? t('live.calls.waiter')
      : call.paymentMethod
        ? t('live.calls.billWith', { method: t(`live.calls.method.${call.paymentMethod}`) })
        : t('live.calls.bill');
}

/**
 * The open calls from the tables, oldest first, each with a big "On my way" button (acknowledge); chimes on a new
 * one. Renders nothing when there are none. By default it listens on its own socket; a screen that already has
 * one passes `listen={false}` and feeds `applyCallEvent` from its `onCallEvent`.
 */
export function CallsAlert({ eateryId, listen = true }: { eateryId: number; listen?: boolean }) {
  const calls = useTableCalls(eateryId);
  const open = useMemo(() => openCalls(calls.data), [calls.data]);
  const openIds = useMemo(() => (calls.data ? open.map((c) => c.id) : undefined), [calls.data, open]);
  useChimeOnNew(openIds);
  return (
    <>
      {listen && <CallsListener eateryId={eateryId} onResync={() => void calls.refetch()} />}
      <OpenCallsList eateryId={eateryId} calls={open} />
    </>
  );
}

/** The socket of a CallsAlert that listens on its own. */
function CallsListener({ eateryId, onResync }: { eateryId: number; onResync: () => void }) {
  const qc = useQueryClient();
  useOrdersSocket(eateryId, {
    onEvent: () => {},
    onCallEvent: (event) => applyCallEvent(qc, eateryId, event),
    onResync,
  });
  return null;
}

/** The list of open calls with their acknowledge buttons (the floor's table panel shows one table's). */
export function OpenCallsList({ eateryId, calls }: { eateryId: number; calls: readonly StaffCall[] }) {
  const { t } = useTranslation();
  const now = useNow(30_000);
  const acknowledge = useAcknowledgeCall(eateryId);
  const callText = useCallText();
  if (calls.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" mb="md" bg="var(--mantine-color-orange-light)" aria-live="polite">
      <Stack gap="xs">
        <ErrorBanner error={acknowledge.error} onClose={() => acknowledge.reset()} />
        {calls.map((call) => {
          const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(call.createdAt)) / 60_000));
          return (
            <Group key={call.id} justify="space-between" wrap="wrap" gap="xs">
              <Group gap="sm" wrap="nowrap">
                {call.kind === 'WAITER' ? <IconBell size={28} /> : <IconReceipt size={28} />}
                <div>
                  <Text fw={700} size="lg">
                    {t('live.calls.table', { number: call.tableNumber })}
                  </Text>
                  <Text size="sm">
                    {callText(call)} ·{' '}
                    {minutes < 1 ? t('live.calls.justNow') : t('live.calls.minutesAgo', { count: minutes })}
                  </Text>
                </div>
              </Group>
              <Button
                size="lg"
                color="orange"
                leftSection={<IconWalk />}
                loading={acknowledge.isPending && acknowledge.variables === call.id}
                onClick={() => acknowledge.mutate(call.id)}
              >
                {t('live.calls.onMyWay')}
              </Button>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
