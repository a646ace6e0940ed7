import { useMemo, useState } from 'react';
import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconListNumbers, IconPlus, IconPrinter, IconSearch } from '@tabler/icons-react';
import type { Table, TableAssignment } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { useErrorText } from '../../../components/use-error-text';
import { confirmDanger } from '../shared/confirm';
import { useRestaurants } from '../shared/restaurants-api';
import { QrBaseNotice } from '../shared/qr-base/QrBaseNotice';
import { useQrBase } from '../shared/qr-base/qr-base';
import { AssignWaiterModal } from './AssignWaiterModal';
import { BulkTablesModal } from './BulkTablesModal';
import { NewQrModal } from './NewQrModal';
import { PickupQrCard } from './PickupQrCard';
import { TableCard } from './TableCard';
import { TableForm } from './TableForm';
import { useAssignments, useDeleteTable, useTables, useUnassignWaiter } from './tables-api';
import { RestaurantScreen, type RestaurantScreenProps } from '../shared/ChooseRestaurant';
import { usePrintQr } from './use-print-qr';

type StatusFilter = 'all' | 'active' | 'inactive';

const matchesFilter = (table: Table, filter: StatusFilter) =>
  filter === 'all' || (filter === 'active' ? table.status === 'ACTIVE' : table.status === 'INACTIVE');

/** Tables & QR codes: restaurant from the route or the selected one. */
export const TablesPage = () => <RestaurantScreen titleKey="tables.title" screen={TablesScreen} />;

function TablesScreen({ restaurantId, restaurantName, canManage }: RestaurantScreenProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  // On localhost the codes must lead to an address phones reach: the device's choice (QrBaseNotice).
  const qrBase = useQrBase();
  const tables = useTables(restaurantId, qrBase.base, qrBase.ready);
  const assignments = useAssignments(restaurantId);
  const remove = useDeleteTable(restaurantId);
  const unassign = useUnassignWaiter(restaurantId);
  const print = usePrintQr(restaurantId, restaurantName, canManage, qrBase.base);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<StatusFilter>('all');
  /** undefined: the list; null: the add form; a table: its edit form. */
  const [editing, setEditing] = useState<Table | null | undefined>(undefined);
  const [assigning, setAssigning] = useState<Table | null>(null);
  const [newQr, setNewQr] = useState<Table | null>(null);
  const [addingSeveral, setAddingSeveral] = useState(false);
  const restaurant = useRestaurants().data?.find((r) => r.id === restaurantId);
  const keysRequired = !!restaurant?.tableKeysRequired;

  const byTable = useMemo(() => {
    const map = new Map<number, TableAssignment[]>();
    for (const a of assignments.data ?? []) map.set(a.tableId, [...(map.get(a.tableId) ?? []), a]);
    return map;
  }, [assignments.data]);

  const all = useMemo(
    () => [...(tables.data ?? [])].sort((a, b) => a.number.localeCompare(b.number, undefined, { numeric: true })),
    [tables.data],
  );
  const query = search.trim().toLowerCase();
  const shown = all.filter((tb) => matchesFilter(tb, filter) && tb.number.toLowerCase().includes(query));

  const filterOptions = [
    { value: 'all', label: t('tables.filterAll') },
    { value: 'active', label: t('tables.filterActive') },
    { value: 'inactive', label: t('tables.filterInactive') },
  ];

  const failed = (err: unknown) =>
    notifications.show({ color: 'red', title: t('common.error'), message: errorText(err) });

  const onDelete = async (table: Table) => {
    if (!(await confirmDanger(t('tables.confirmDelete', { number: table.number })))) return;
    remove.mutate(table.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('tables.deletedOk') }),
      onError: failed,
    });
  };

  const onUnassign = async (table: Table, a: TableAssignment) => {
    const name = a.waiterName || t('tables.unknownWaiter');
    const ok = await confirmDanger(t('tables.confirmUnassign', { name, number: table.number }), t('tables.unassign'));
    if (!ok) return;
    unassign.mutate(a.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('tables.unassigned') }),
      onError: failed,
    });
  };

  if (editing !== undefined && canManage) {
    return <TableForm restaurantId={restaurantId} table={editing} onClose={() => setEditing(undefined)} />;
  }

  return (
    <>
      <Group justify="space-between" mb="md" gap="sm">
        <Stack gap={0}>
          <Title order={2}>{t('tables.title')}</Title>
          {restaurantName && (
            <Text size="sm" c="dimmed">
              {restaurantName}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconPrinter size={18} />}
            onClick={() => print(all)}
            disabled={all.length === 0}
          >
            {t('tables.printAll')}
          </Button>
          {canManage && (
            <Button
              variant="light"
              leftSection={<IconListNumbers size={18} />}
              onClick={() => setAddingSeveral(true)}
              data-testid="add-several-tables"
            >
              {t('tables.addSeveral')}
            </Button>
          )}
          {canManage && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)}>
              {t('tables.add')}
            </Button>
          )}
        </Group>
      </Group>

      <QrBaseNotice qrBase={qrBase} />

      {restaurant?.pickupEnabled && (
        <PickupQrCard restaurantId={restaurantId} restaurantName={restaurantName} qrBase={qrBase.base} />
      )}

      <Group mb="md" gap="sm" align="flex-end" display={all.length === 0 ? 'none' : undefined}>
        <TextInput
          aria-label={t('tables.search')}
          placeholder={t('tables.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
          maw={{ sm: 360 }}
          type="search"
        />
        <Select
          hiddenFrom="sm"
          aria-label={t('tables.statusFilter')}
          data={filterOptions}
          value={filter}
          onChange={(v) => setFilter((v ?? 'all') as StatusFilter)}
          allowDeselect={false}
          style={{ flex: '1 1 100%' }}
        />
        <SegmentedControl
          visibleFrom="sm"
          aria-label={t('tables.statusFilter')}
          value={filter}
          onChange={(v) => setFilter(v as StatusFilter)}
          data={filterOptions}
        />
      </Group>

      {!canManage && !tables.isPending && all.length > 0 && (
        <Text size="sm" c="dimmed" mb="sm">
          {t('tables.readOnly')}
        </Text>
      )}
      <ErrorBanner error={tables.error ?? assignments.error} />
      {tables.isPending ? (
        <PageLoader />
      ) : all.length === 0 ? (
        !tables.error && (
          <Stack align="center" gap="md" py="xl">
            <Text c="dimmed" ta="center">
              {t('tables.noTables')}
            </Text>
            {canManage && (
              <Group gap="xs" justify="center">
                <Button variant="light" leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)}>
                  {t('tables.add')}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconListNumbers size={18} />}
                  onClick={() => setAddingSeveral(true)}
                >
                  {t('tables.addSeveral')}
                </Button>
              </Group>
            )}
          </Stack>
        )
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('tables.noSearchResults')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
          {shown.map((table) => (
            <TableCard
              key={table.id}
              table={table}
              keysRequired={keysRequired}
              assignments={byTable.get(table.id) ?? []}
              canManage={canManage}
              deleting={remove.isPending && remove.variables === table.id}
              onEdit={() => setEditing(table)}
              onDelete={() => void onDelete(table)}
              onPrint={() => print([table])}
              onAssign={() => setAssigning(table)}
              onUnassign={(a) => void onUnassign(table, a)}
              onNewQr={() => setNewQr(table)}
            />
          ))}
        </SimpleGrid>
      )}
      {newQr && (
        <NewQrModal
          restaurantId={restaurantId}
          table={newQr}
          keysRequired={keysRequired}
          qrBase={qrBase.base}
          onPrint={(table) => print([table])}
          onClose={() => setNewQr(null)}
        />
      )}
      {addingSeveral && (
        <BulkTablesModal
          restaurantId={restaurantId}
          numbers={all.map((tb) => tb.number)}
          onClose={() => setAddingSeveral(false)}
        />
      )}
      {assigning && (
        <AssignWaiterModal
          restaurantId={restaurantId}
          table={assigning}
          assigned={byTable.get(assigning.id) ?? []}
          onClose={() => setAssigning(null)}
        />
      )}
    </>
  );
}
