import { Alert, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mayDo } from '@qr-menu/contract';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { ChooseRestaurant } from '../shared/ChooseRestaurant';
import { useRestaurants } from '../shared/restaurants-api';
import { useSelectedRestaurantId } from '../shared/use-selected-restaurant';
import { KitchenBoardScreen } from './KitchenBoardScreen';

/** /admin/kitchen[/:departmentId]: the kitchen display of the selected restaurant, one station at a time. */
export function KitchenPage() {
  const { t } = useTranslation();
  const params = useParams();
  const restaurantId = useSelectedRestaurantId();
  const restaurants = useRestaurants();
  const restaurant = restaurants.data?.find((r) => r.id === restaurantId);
  const rawStation = params.departmentId;
  const station = rawStation && /^[1-9]\d{0,9}$/.test(rawStation) ? Number(rawStation) : null;

  if (!restaurantId) return <ChooseRestaurant titleKey="kitchen.title" />;
  if (restaurants.isPending) return <PageLoader />;
  const problem = !restaurant
    ? t('restaurants.notFound')
    : !mayDo(restaurant.roles, 'kitchen')
      ? t('kitchen.noAccess')
      : rawStation !== undefined && station === null
        ? t('kitchen.stationNotFound')
        : null;
  if (!restaurant || problem) {
    return (
      <>
        <Title order={2} mb="md">
          {t('kitchen.title')}
        </Title>
        <ErrorBanner error={restaurants.error} />
        {!restaurants.error && <Alert color="yellow">{problem}</Alert>}
      </>
    );
  }
  return (
    <KitchenBoardScreen
      key={restaurant.id}
      eateryId={restaurant.id}
      station={station}
      timeZone={restaurant.timeZone ?? undefined}
    />
  );
}
