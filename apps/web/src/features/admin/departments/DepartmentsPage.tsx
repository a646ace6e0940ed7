import { useState } from 'react';
import { Alert, Button, Card, EmptyState, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconChefHat, IconPlus, IconSearch } from '@tabler/icons-react';
import type { Department } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { useErrorText } from '../../../components/use-error-text';
import { ChooseRestaurant } from '../shared/ChooseRestaurant';
import { confirmDanger } from '../shared/confirm';
import { useRestaurants } from '../shared/restaurants-api';
import { useSelectedRestaurantId } from '../shared/use-selected-restaurant';
import { useDepartments } from '../shared/departments-api';
import { ScreenHeader } from '../shared/ScreenHeader';
import { EditDeleteButtons } from '../shared/EditDeleteButtons';
import { useDeleteDepartment } from './departments-api';
import { DepartmentForm } from './DepartmentForm';

function Departments({ eateryId }: { eateryId: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const departments = useDepartments(eateryId);
  const restaurant = useRestaurants().data?.find((r) => r.id === eateryId);
  const remove = useDeleteDepartment(eateryId);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Department | null | undefined>(undefined);

  const all = departments.data ?? [];
  const q = search.trim().toLocaleLowerCase();
  const shown = q ? all.filter((d) => d.name.toLocaleLowerCase().includes(q)) : all;

  const onDelete = async (d: Department) => {
    if (!(await confirmDanger(t('departments.confirmDeleteNamed', { name: d.name })))) return;
    remove.mutate(d.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('departments.deleted') }),
      onError: (err) => notifications.show({ color: 'red', title: t('common.error'), message: errorText(err) }),
    });
  };

  return (
    <>
      <ScreenHeader
        title={t('departments.title')}
        restaurantName={restaurant?.name}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)}>
            {t('departments.add')}
          </Button>
        }
      />
      {departments.error && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle />}
          title={t('departments.loadFailed')}
          role="alert"
          mb="md"
        >
          {errorText(departments.error)}
        </Alert>
      )}
      {departments.isPending ? (
        <PageLoader rows={2} />
      ) : departments.error ? null : all.length === 0 ? (
        <EmptyState
          icon={<IconChefHat size={36} />}
          variant="light"
          title={t('departments.noDepartments')}
          description={`${t('departments.intro')} ${t('departments.noDepartmentsHint')}`}
          py="xl"
        >
          <Group justify="center" gap="sm" mt="xs">
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)}>
              {t('departments.add')}
            </Button>
          </Group>
        </EmptyState>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('departments.intro')}
          </Text>
          <TextInput
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            placeholder={t('departments.searchPlaceholder')}
            aria-label={t('departments.search')}
            type="search"
            maw={480}
          />
          {shown.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('departments.noResults')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
              {shown.map((d) => (
                <Card key={d.id} withBorder shadow="xs" radius="md" padding="md" data-testid="department-card">
                  <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: 1 }}>
                    <IconChefHat size={24} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {d.name}
                    </Text>
                  </Group>
                  <EditDeleteButtons
                    size="xs"
                    onEdit={() => setEditing(d)}
                    onDelete={() => void onDelete(d)}
                    deleting={remove.isPending && remove.variables === d.id}
                  />
                </Card>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      )}
      {editing !== undefined && (
        <DepartmentForm eateryId={eateryId} department={editing} onClose={() => setEditing(undefined)} />
      )}
    </>
  );
}

/** Kitchen departments: search, add, edit, delete with confirmation. */
export function DepartmentsPage() {
  const eateryId = useSelectedRestaurantId();
  if (!eateryId) return <ChooseRestaurant titleKey="departments.title" />;
  return <Departments key={eateryId} eateryId={eateryId} />;
}
