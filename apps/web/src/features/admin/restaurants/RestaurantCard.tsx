import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconMapPin, IconPhone } from '@tabler/icons-react';
import type { Eatery } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { EditDeleteButtons } from '../shared/EditDeleteButtons';
import { Link } from 'react-router';

export function RestaurantCard({
  restaurant,
  onEdit,
  onDelete,
  deleting,
  canDelete,
}: {
  restaurant: Eatery;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const { t } = useTranslation();
  const phones = restaurant.phones.length ? restaurant.phones : restaurant.phone ? [restaurant.phone] : [];
  const isAdmin = restaurant.roles.includes('EATERY_ADMIN');
  return (
    <Card padding="lg">
      <Stack gap="xs" style={{ flex: 1 }}>
        <Anchor component={Link} to={`/admin/restaurant/${restaurant.id}`} fw={700} size="lg">
          {restaurant.name}
        </Anchor>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
          <Text size="sm" c={restaurant.address ? undefined : 'dimmed'}>
            {restaurant.address || t('restaurants.noAddress')}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconPhone size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
          <Text size="sm" c={phones.length ? undefined : 'dimmed'}>
            {phones.length ? phones.join(', ') : t('restaurants.noPhones')}
          </Text>
        </Group>
        {restaurant.geoLat !== null && restaurant.geoLng !== null && (
          <Text size="xs" c="dimmed">
            {t('restaurants.coordinates')}: {restaurant.geoLat}, {restaurant.geoLng}
          </Text>
        )}
        <Group gap={4}>
          {restaurant.roles.map((r) => (
            <Badge key={r} variant="light" size="sm">
              {t(`roles.${r}`)}
            </Badge>
          ))}
        </Group>
      </Stack>
      {isAdmin && (
        <EditDeleteButtons
          onEdit={onEdit}
          onDelete={canDelete ? onDelete : undefined}
          deleting={deleting}
          editLabel={t('restaurants.modify')}
        />
      )}
    </Card>
  );
}
