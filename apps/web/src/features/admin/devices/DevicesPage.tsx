import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PosDevice } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { device } from '../../../api/device';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { useErrorText } from '../../../components/use-error-text';
import { RestaurantScreen, type RestaurantScreenProps } from '../shared/ChooseRestaurant';
import { confirmDanger } from '../shared/confirm';
import { formatZonedDateTime } from '../shared/date-format';
import { ScreenHeader } from '../shared/ScreenHeader';
import { useRestaurantAccess } from '../shared/use-restaurant-access';
import { useDevices, useRevokeDevice } from './devices-api';
import { ThisBrowserCard } from './ThisBrowserCard';

/** Registered devices (shared tablets where staff sign in with a PIN): EATERY_ADMIN. */
export const DevicesPage = () => <RestaurantScreen titleKey="devices.title" screen={DevicesScreen} />;

function DevicesScreen({ restaurantId, restaurantName, canManage }: RestaurantScreenProps) {
  const { t } = useTranslation();
  if (!canManage) {
    return (
      <>
        <ScreenHeader title={t('devices.title')} restaurantName={restaurantName} />
        <Text c="dimmed">{t('devices.adminsOnly')}</Text>
      </>
    );
  }
  return (
    <>
      <ScreenHeader title={t('devices.title')} restaurantName={restaurantName} />
      <ThisBrowserCard restaurantId={restaurantId} />
      <DeviceList restaurantId={restaurantId} />
    </>
  );
}

function DeviceList({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const devices = useDevices(restaurantId);
  const revoke = useRevokeDevice(restaurantId);

  const onRevoke = async (d: PosDevice) => {
    if (!(await confirmDanger(t('devices.confirmRevoke', { name: d.name }), t('devices.revoke')))) return;
    revoke.mutate(d.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('devices.revoked') }),
      onError: (err) => notifications.show({ color: 'red', title: t('common.error'), message: errorText(err) }),
    });
  };

  if (devices.isPending) return <PageLoader rows={2} />;
  const list = devices.data ?? [];
  return (
    <>
      <ErrorBanner error={devices.error} />
      {list.length === 0 && !devices.error ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('devices.none')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {list.map((d) => (
            <DeviceCard
              key={d.id}
              device={d}
              revoking={revoke.isPending && revoke.variables === d.id}
              onRevoke={() => void onRevoke(d)}
            />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}

function DeviceCard({ device: d, revoking, onRevoke }: { device: PosDevice; revoking: boolean; onRevoke: () => void }) {
  const { t, i18n } = useTranslation();
  const timeZone = useRestaurantAccess().restaurant?.timeZone ?? 'Asia/Baku';
  const at = (iso: string) => formatZonedDateTime(iso, i18n.language, timeZone);
  const isThis = device.getInfo()?.id === d.id;
  return (
    <Card withBorder radius="md" padding="md" data-testid="device-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {d.name}
          </Text>
          <Group gap={4} wrap="nowrap">
            {isThis && (
              <Badge variant="outline" size="sm">
                {t('devices.thisOne')}
              </Badge>
            )}
            <Badge color={d.revokedAt ? 'gray' : 'green'} variant="light" size="sm">
              {t(d.revokedAt ? 'devices.statusRevoked' : 'devices.statusActive')}
            </Badge>
          </Group>
        </Group>
        <Text size="sm">{t('devices.registeredAt', { at: at(d.createdAt) })}</Text>
        <Text size="sm" c={d.lastSeenAt ? undefined : 'dimmed'}>
          {d.lastSeenAt ? t('devices.lastSeen', { at: at(d.lastSeenAt) }) : t('devices.neverSeen')}
        </Text>
        {d.revokedAt ? (
          <Text size="sm" c="dimmed">
            {t('devices.revokedAt', { at: at(d.revokedAt) })}
          </Text>
        ) : (
          <Group>
            <Button variant="light" color="red" size="xs" loading={revoking} onClick={onRevoke}>
              {t('devices.revoke')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
