import { Alert, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { mayDo } from '@qr-menu/contract';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { ChooseRestaurant } from '../shared/ChooseRestaurant';
import { useRestaurants } from '../shared/restaurants-api';
import { useSelectedRestaurantId } from '../shared/use-selected-restaurant';
import { FloorScreen } from './FloorScreen';

/** /admin/floor: the tables of the selected restaurant as live tiles (the waiter's view). */
export function FloorPage() {
  const { t } = useTranslation();
  const restaurantId = useSelectedRestaurantId();
  const restaurants = useRestaurants();
  const restaurant = restaurants.data?.find((r) => r.id === restaurantId);

  if (!restaurantId) return <ChooseRestaurant titleKey="floor.title" />;
  if (restaurants.isPending) return <PageLoader />;
  const allowed = mayDo(restaurant?.roles, 'floor');
  if (!restaurant || !allowed) {
    return (
      <>
        <Title order={2} mb="md">
          {t('floor.title')}
        </Title>
        <ErrorBanner error={restaurants.error} />
        {!restaurants.error && (
          <Alert color="yellow">{restaurant ? t('floor.noAccess') : t('restaurants.notFound')}</Alert>
        )}
      </>
    );
  }
  return <FloorScreen key={restaurant.id} restaurant={restaurant} />;
}
