import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { visibleNav } from '../shared/nav';
import { useRestaurant } from '../shared/restaurants-api';

/** /admin/restaurant/{id}: the restaurant's details and links to its screens. */
export function RestaurantDetailsPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const restaurantId = id && /^\d+$/.test(id) ? Number(id) : null;
  const { data, error, isPending } = useRestaurant(restaurantId);

  if (!restaurantId || (error instanceof ApiError && error.status === 404)) {
    return <Alert color="yellow">{t('restaurants.notFound')}</Alert>;
  }
  if (error) return <ErrorBanner error={error} />;
  if (isPending || !data) return <PageLoader rows={2} />;

  const screens = visibleNav(data.roles).filter((e) => e.to !== '/admin/restaurants');
  const phones = data.phones.length ? data.phones.join(', ') : t('restaurants.noPhones');
  return (
    <Stack gap="md">
      <Title order={2}>{data.name}</Title>
      <Card padding="lg" shadow="none">
        <Stack gap={6}>
          <Text>
            <b>{t('restaurants.address')}:</b> {data.address || t('restaurants.noAddress')}
          </Text>
          <Text>
            <b>{t('restaurants.phones')}:</b> {phones}
          </Text>
          {data.geoLat !== null && data.geoLng !== null && (
            <Text>
              <b>{t('restaurants.coordinates')}:</b> {data.geoLat}, {data.geoLng}
            </Text>
          )}
          <Group gap={4}>
            <Text fw={700}>{t('restaurants.yourRoles')}:</Text>
            {data.roles.map((r) => (
              <Badge key={r} variant="light">
                {t(`roles.${r}`)}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Card>
      <Title order={3}>{t('restaurants.manage')}</Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {screens.map((e) => (
          <Button
            key={e.to}
            component={Link}
            to={`/admin/restaurant/${data.id}/${e.to.slice('/admin/'.length)}`}
            variant="light"
            size="md"
            leftSection={<e.icon size={20} />}
            justify="flex-start"
          >
            {t(e.labelKey)}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
