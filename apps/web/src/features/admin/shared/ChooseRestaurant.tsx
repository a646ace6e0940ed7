import type { ComponentType } from 'react';
import { Alert, Group, Text, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RestaurantSelect } from './RestaurantSelect';
import { useRestaurantAccess } from './use-restaurant-access';

/** Shown by restaurant screens when neither the route nor the selection names a restaurant. */
export function ChooseRestaurant({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={2} mb="md">
        {t(titleKey)}
      </Title>
      <Alert color="blue" icon={<IconBuildingStore />} title={t('layout.chooseRestaurantFirst')}>
        <Group gap="sm" mt="xs">
          <Text size="sm">{t('layout.selectRestaurant')}:</Text>
          <RestaurantSelect />
        </Group>
      </Alert>
    </>
  );
}

export interface RestaurantScreenProps {
  restaurantId: number;
  restaurantName: string;
  /** The caller may change things here (EATERY_ADMIN). */
  canManage: boolean;
}

/**
 * A screen of one restaurant: the one from the route or the selection, else the "choose a restaurant"
 * block. The screen is re-mounted when the restaurant changes, so no state leaks between restaurants.
 */
export function RestaurantScreen({
  titleKey,
  screen: Screen,
}: {
  titleKey: string;
  screen: ComponentType<RestaurantScreenProps>;
}) {
  const access = useRestaurantAccess();
  if (!access.restaurantId) return <ChooseRestaurant titleKey={titleKey} />;
  return (
    <Screen
      key={access.restaurantId}
      restaurantId={access.restaurantId}
      restaurantName={access.restaurant?.name ?? ''}
      canManage={access.canManage}
    />
  );
}
