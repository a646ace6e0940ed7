import { useState, useSyncExternalStore } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceTablet } from '@tabler/icons-react';
import { DEVICE_NAME_MAX, deviceCreateBody } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { device } from '../../../api/device';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { confirmDanger } from '../shared/confirm';
import { deviceLock } from '../shared/devices/device-lock';
import { useRegisterThisBrowser } from './devices-api';

const useDeviceInfo = () => useSyncExternalStore(device.subscribe, device.getInfo);

/**
 * This browser as a device: registered (of which restaurant, under which name) with "forget on this browser", or a
 * name and "register this browser as a device".
 */
export function ThisBrowserCard({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  const info = useDeviceInfo();
  const register = useRegisterThisBrowser(restaurantId);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const onRegister = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = deviceCreateBody.safeParse({ name });
    if (!parsed.success) return setNameError(parsed.error.issues[0].message);
    setNameError(null);
    register.mutate(parsed.data.name, {
      onSuccess: () => {
        setName('');
        notifications.show({ color: 'green', message: t('devices.registered') });
      },
    });
  };
  const onForget = async () => {
    if (!(await confirmDanger(t('devices.confirmForget'), t('devices.forget')))) return;
    device.forget();
    deviceLock.unlock();
  };

  return (
    <Card withBorder radius="md" padding="md" mb="lg" data-testid="this-browser">
      <Stack gap="sm">
        <Group gap="xs">
          <IconDeviceTablet size={22} aria-hidden />
          <Title order={3} size="h4">
            {t('devices.thisBrowser')}
          </Title>
        </Group>
        {info ? (
          <>
            <Text size="sm">{t('devices.isDevice', { name: info.name, restaurant: info.eateryName })}</Text>
            <Text size="sm" c="dimmed">
              {t('devices.isDeviceHint')}
            </Text>
            <Group>
              <Button variant="light" color="red" onClick={() => void onForget()}>
                {t('devices.forget')}
              </Button>
            </Group>
          </>
        ) : (
          <form onSubmit={onRegister} noValidate>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('devices.registerHint')}
              </Text>
              <ErrorBanner error={register.error} onClose={() => register.reset()} />
              <Group align="flex-start" gap="sm">
                <TextInput
                  style={{ flex: 1, minWidth: 200 }}
                  label={t('devices.name')}
                  placeholder={t('devices.namePlaceholder')}
                  maxLength={DEVICE_NAME_MAX}
                  required
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                  error={nameError ? t(nameError) : undefined}
                />
              </Group>
              <Group>
                {/* The label is long in az and ru: it wraps on a phone instead of being cut. */}
                <Button
                  type="submit"
                  loading={register.isPending}
                  h="auto"
                  mih={44}
                  py={8}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                >
                  {t('devices.register')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
