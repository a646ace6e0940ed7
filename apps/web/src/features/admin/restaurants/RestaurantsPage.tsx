import { useState } from 'react';
import { Button, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { Eatery } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { session } from '../../../api/session';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { useErrorText } from '../../../components/use-error-text';
import { confirmDanger } from '../shared/confirm';
import { useDeleteRestaurant, useRestaurants } from '../shared/restaurants-api';
import { RestaurantCard } from './RestaurantCard';
import { RestaurantForm } from './RestaurantForm';

/** Restaurant list: cards, add/edit form, delete with confirmation, loading, error and empty states. */
export function RestaurantsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const restaurants = useRestaurants();
  const remove = useDeleteRestaurant();
  const [editing, setEditing] = useState<Eatery | null | undefined>(undefined);
  const userId = session.getUserId();
  // Staff (no admin role anywhere) work in their restaurants; adding one is an owner's business, not their screen's.
  const staffOnly = !!restaurants.data?.length && restaurants.data.every((r) => !r.roles.includes('EATERY_ADMIN'));

  const onDelete = async (r: Eatery) => {
    if (!(await confirmDanger(t('restaurants.confirmDelete', { name: r.name })))) return;
    remove.mutate(r.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('restaurants.deletedOk') }),
      onError: (err) => notifications.show({ color: 'red', title: t('common.error'), message: errorText(err) }),
    });
  };

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={2}>{t('restaurants.title')}</Title>
        {!staffOnly && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)}>
            {t('restaurants.add')}
          </Button>
        )}
      </Group>
      <ErrorBanner error={restaurants.error} />
      {restaurants.isPending ? (
        <PageLoader />
      ) : restaurants.data?.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('restaurants.noRestaurants')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {restaurants.data?.map((r) => (
            <RestaurantCard
              key={r.id}
              restaurant={r}
              canDelete={r.ownerId === userId}
              deleting={remove.isPending && remove.variables === r.id}
              onEdit={() => setEditing(r)}
              onDelete={() => void onDelete(r)}
            />
          ))}
        </SimpleGrid>
      )}
      {editing !== undefined && <RestaurantForm restaurant={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
