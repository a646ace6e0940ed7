import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconMap2, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { Eatery } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { EditDeleteButtons } from '../shared/EditDeleteButtons';
import { Link } from 'react-router';

/** OpenStreetMap with a marker at the restaurant. */
const mapLink = (lat: number, lng: number) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;

/** A restaurant: its name (to its page), address, phones, a map link when placed, the caller's roles there. */
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
          // The place itself, not its latitude and longitude: a link to it on a map.
          <Group gap={6} wrap="nowrap">
            <IconMap2 size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Anchor
              href={mapLink(restaurant.geoLat, restaurant.geoLng)}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              data-testid="restaurant-map-link"
            >
              {t('restaurants.onMap')}
            </Anchor>
          </Group>
        )}
        <Group gap={4}>
          {restaurant.roles.map((r) => (
            <Badge key={r} variant="light" size="sm" tt="none">
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
