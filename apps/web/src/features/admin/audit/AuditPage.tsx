import { Alert, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { mayDo } from '@qr-menu/contract/constants';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { ChooseRestaurant } from '../shared/ChooseRestaurant';
import { useRestaurants } from '../shared/restaurants-api';
import { useSelectedRestaurantId } from '../shared/use-selected-restaurant';
import { AuditScreen } from './AuditScreen';

/** `/admin/audit`: the owner's record of voids, discounts, refunds and other sensitive changes (EATERY_ADMIN only). */
export function AuditPage() {
  const { t } = useTranslation();
  const restaurantId = useSelectedRestaurantId();
  const restaurants = useRestaurants();
  const restaurant = restaurants.data?.find((r) => r.id === restaurantId);

  if (!restaurantId) return <ChooseRestaurant titleKey="audit.title" />;
  if (restaurants.isPending) return <PageLoader rows={2} />;
  // Other roles opening the URL are told so, instead of getting a 403 from every call.
  if (!restaurant || !mayDo(restaurant.roles, 'audit')) {
    return (
      <>
        <Title order={2} mb="md">
          {t('audit.title')}
        </Title>
        <ErrorBanner error={restaurants.error} />
        {!restaurants.error &&
          (restaurant ? (
            <Alert color="yellow" icon={<IconLock />} title={t('audit.adminOnly')} data-testid="audit-admin-only">
              {t('audit.adminOnlyHint')}
            </Alert>
          ) : (
            <Alert color="yellow">{t('restaurants.notFound')}</Alert>
          ))}
      </>
    );
  }
  return <AuditScreen key={restaurant.id} restaurant={restaurant} />;
}
