import { useMemo, useState } from 'react';
import { Badge, Button, Group, SimpleGrid, Switch, Text, Title } from '@mantine/core';
import { isFinalOrderStatus, mayDo, type Eatery } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { session } from '../../../api/session';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { CallsAlert } from '../shared/live/CallsAlert';
import { LiveBadge } from '../shared/live/LiveBadge';
import { SoundBanner, SoundToggle } from '../shared/live/SoundBanner';
import { useNow } from '../shared/live/use-now';
import { useTableCalls } from '../shared/live/use-table-calls';
import { OrderEntrySheet, type EntryStart } from '../shared/order-entry/OrderEntrySheet';
import { roundChange } from '../shared/order-entry/order-entry-api';
import { useQueryClient } from '@tanstack/react-query';
import { patchFloorOrders, useFloorAssignments, useFloorOrders, useFloorTables } from './floor-api';
import { STATE_STYLE } from './state-style';
import { floorTables, TABLE_STATES, type FloorTable } from './table-state';
import { TableQuickActions } from './TableQuickActions';
import { PrintQueueBanner } from '../shared/printing/PrintQueueBanner';
import { TablePanel } from './TablePanel';
import { TableTile } from './TableTile';
import { useLiveFloor } from './use-live-floor';

/** A table shows on the floor when it is in use or could be (inactive tables only while they still have orders). */
const shown = (e: FloorTable) => e.table.status !== 'INACTIVE' || e.orders.length > 0 || e.calls.length > 0;

/**
 * The live floor of one restaurant: open calls on top, then every table as a tile (the waiter's own first, and
 * only those while "My tables" is on: the default for a waiter with tables assigned; one without starts on all
 * tables), a legend with counts, and the table panel, from which the order grid opens.
 */
export function FloorScreen({ restaurant }: { restaurant: Eatery }) {
  const { t } = useTranslation();
  const eateryId = restaurant.id;
  const qc = useQueryClient();
  const roles = restaurant.roles;
  const waiterOnly = roles.includes('WAITER') && !roles.includes('EATERY_ADMIN');
  const canCloseBill = mayDo(roles, 'closeBill');
  // Null until the user flips the switch: then the default follows the assignments.
  const [myOnlyChoice, setMyOnly] = useState<boolean | null>(null);
  const [openTableId, setOpenTableId] = useState<number | null>(null);
  const [entryStart, setEntryStart] = useState<EntryStart | null>(null);
  // Tiles count minutes; a tick every 15 s keeps them at most that late.
  const now = useNow(15_000);

  const tables = useFloorTables(eateryId);
  const assignments = useFloorAssignments(eateryId);
  const orders = useFloorOrders(eateryId);
  const calls = useTableCalls(eateryId);
  const { state } = useLiveFloor(eateryId);

  const userId = session.getUserId();
  const all = useMemo(
    () =>
      floorTables(tables.data ?? [], orders.data ?? [], calls.data ?? [], assignments.data ?? [], userId).filter(shown),
    [tables.data, orders.data, calls.data, assignments.data, userId],
  );
  const mineCount = all.filter((e) => e.mine).length;
  const myOnly = myOnlyChoice ?? (waiterOnly && mineCount > 0);
  const list = myOnly ? all.filter((e) => e.mine) : all;
  const counts = useMemo(() => {
    const c = Object.fromEntries(TABLE_STATES.map((s) => [s, 0])) as Record<FloorTable['state'], number>;
    for (const e of list) c[e.state] += 1;
    return c;
  }, [list]);
  const openEntry = all.find((e) => e.table.id === openTableId) ?? null;
  // A waiter's first view depends on their assignments: wait for them rather than jump from all to "my tables".
  const loading = tables.isPending || orders.isPending || (waiterOnly && assignments.isPending);
  const unpaidOrders = useMemo(() => (orders.data ?? []).filter((o) => !isFinalOrderStatus(o.status)), [orders.data]);

  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Title order={2}>{t('floor.title')}</Title>
          <LiveBadge state={state} />
        </Group>
        <Group gap="md" wrap="nowrap">
          <Switch
            size="lg"
            checked={myOnly}
            onChange={(e) => setMyOnly(e.currentTarget.checked)}
            label={t('floor.myTables', { count: mineCount })}
          />
          <SoundToggle />
        </Group>
      </Group>
      <SoundBanner />
      <CallsAlert eateryId={eateryId} listen={false} />
      <PrintQueueBanner eateryId={eateryId} listen={false} />
      <ErrorBanner error={tables.error ?? orders.error ?? assignments.error ?? calls.error} />

      {loading ? (
        <PageLoader rows={2} />
      ) : (
        <>
          {/* How many tables are in each state (the states present only: a summary, not a colour key). */}
          <Group gap="xs" mb="sm" wrap="wrap" aria-label={t('floor.legend')} role="list">
            {TABLE_STATES.filter((s) => counts[s] > 0).map((s) => {
              const Icon = STATE_STYLE[s].icon;
              return (
                <Badge
                  key={s}
                  role="listitem"
                  size="lg"
                  variant="light"
                  tt="none"
                  color={STATE_STYLE[s].color}
                  leftSection={<Icon size={16} aria-hidden />}
                >
                  {t(`floor.state.${s}`)}: {counts[s]}
                </Badge>
              );
            })}
          </Group>
          {list.length === 0 ? (
            <Group justify="center" py="xl" gap="sm">
              <Text c="dimmed" size="lg">
                {myOnly ? t('floor.noMyTables') : t('floor.noTables')}
              </Text>
              {myOnly && (
                <Button variant="light" onClick={() => setMyOnly(false)}>
                  {t('floor.showAll')}
                </Button>
              )}
            </Group>
          ) : (
            <SimpleGrid
              type="container"
              cols={{ base: 2, '480px': 3, '720px': 4, '960px': 5, '1240px': 6 }}
              spacing="sm"
            >
              {list.map((entry) => (
                <TableTile key={entry.table.id} entry={entry} now={now} onOpen={() => setOpenTableId(entry.table.id)} />
              ))}
            </SimpleGrid>
          )}
        </>
      )}

      <TablePanel
        eateryId={eateryId}
        entry={openEntry}
        canCloseBill={canCloseBill}
        onClose={() => setOpenTableId(null)}
        quickActions={
          openEntry && (
            <TableQuickActions
              eateryId={eateryId}
              entry={openEntry}
              canServe={mayDo(roles, 'serveReady')}
              onOrder={
                mayDo(roles, 'create') ? () => setEntryStart({ kind: 'table', tableId: openEntry.table.id }) : undefined
              }
            />
          )
        }
      />
      {entryStart && (
        <OrderEntrySheet
          restaurant={restaurant}
          start={entryStart}
          openOrders={unpaidOrders}
          tables={tables.data}
          onClose={() => setEntryStart(null)}
          onSent={(result) => patchFloorOrders(qc, eateryId, [roundChange(result)])}
        />
      )}
    </>
  );
}
