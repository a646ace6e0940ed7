import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { StaffUser } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { session } from '../../../api/session';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { useErrorText } from '../../../components/use-error-text';
import { confirmDanger } from '../shared/confirm';
import { RestaurantScreen, type RestaurantScreenProps } from '../shared/ChooseRestaurant';
import { UserCard } from './UserCard';
import { UserForm } from './UserForm';
import { PinModal } from './PinModal';
import { staffLabel, useUsers } from '../shared/users-api';
import { useDeleteUser } from './users-api';

/** User management: the staff of the restaurant from the route or the selected one. */
export const UsersPage = () => <RestaurantScreen titleKey="users.title" screen={UsersScreen} />;

function UsersScreen({ restaurantId, restaurantName, canManage }: RestaurantScreenProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const users = useUsers(restaurantId);
  const remove = useDeleteUser(restaurantId);
  const [search, setSearch] = useState('');
  /** undefined: closed; null: add; a user: edit. */
  const [editing, setEditing] = useState<StaffUser | null | undefined>(undefined);
  const [pinFor, setPinFor] = useState<StaffUser | null>(null);
  const selfId = session.getUserId();

  const all = users.data ?? [];
  const query = search.trim().toLowerCase();
  const shown = all.filter(
    (u) => (u.username ?? '').toLowerCase().includes(query) || (u.name ?? '').toLowerCase().includes(query),
  );

  const onDelete = async (user: StaffUser) => {
    if (!(await confirmDanger(t('users.confirmDelete', { name: staffLabel(user) })))) return;
    remove.mutate(user.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('users.deletedOk') }),
      onError: (err) => notifications.show({ color: 'red', title: t('common.error'), message: errorText(err) }),
    });
  };

  return (
    <>
      <Group justify="space-between" mb="md" gap="sm">
        <Stack gap={0}>
          <Title order={2}>{t('users.title')}</Title>
          {restaurantName && (
            <Text size="sm" c="dimmed">
              {restaurantName}
            </Text>
          )}
        </Stack>
        {canManage && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)}>
            {t('users.add')}
          </Button>
        )}
      </Group>
      <TextInput
        mb="md"
        aria-label={t('users.search')}
        placeholder={t('users.search')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={{ sm: 360 }}
        type="search"
      />
      {!canManage && !users.isPending && all.length > 0 && (
        <Text size="sm" c="dimmed" mb="sm">
          {t('users.readOnly')} {t('users.contactsAdminsOnly')}
        </Text>
      )}
      <ErrorBanner error={users.error} />
      {users.isPending ? (
        <PageLoader />
      ) : all.length === 0 ? (
        !users.error && (
          <Text c="dimmed" ta="center" py="xl">
            {t('users.noUsers')}
          </Text>
        )
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('users.noSearchResults')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
          {shown.map((user) => (
            <UserCard
              key={user.id}
              user={user}
              isSelf={user.id === selfId}
              canManage={canManage}
              deleting={remove.isPending && remove.variables === user.id}
              onEdit={() => setEditing(user)}
              onDelete={() => void onDelete(user)}
              // An admin sets anyone's PIN, a member their own.
              onPin={canManage || user.id === selfId ? () => setPinFor(user) : undefined}
            />
          ))}
        </SimpleGrid>
      )}
      {pinFor && <PinModal restaurantId={restaurantId} user={pinFor} onClose={() => setPinFor(null)} />}
      {editing !== undefined && canManage && (
        <UserForm
          restaurantId={restaurantId}
          restaurantName={restaurantName}
          user={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
