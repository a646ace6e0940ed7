import { useEffect, useSyncExternalStore } from 'react';
import { ActionIcon, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DEVICE_LOCK_SECONDS } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/api-error';
import { device } from '../../../../api/device';
import { deviceLock, useDeviceLocked } from './device-lock';
import { fetchDeviceMe } from './device-api';
import { PinPad } from './PinPad';
import { useIdleLock } from './use-idle-lock';
import { usePinSignIn } from './use-pin-sign-in';
import classes from './devices.module.css';
import './translations';

const useIsDevice = () => useSyncExternalStore(device.subscribe, device.isDevice);

/**
 * This device's state from the server (name, restaurant, idle lock), read when the app opens and kept here; a
 * device revoked meanwhile is forgotten on this browser.
 */
function useDeviceInfo() {
  const token = useSyncExternalStore(device.subscribe, device.getToken);
  const me = useQuery({
    queryKey: ['device-me', token],
    queryFn: () => fetchDeviceMe(token!),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
  useEffect(() => {
    if (me.data) device.setInfo(me.data);
    if (me.error instanceof ApiError && me.error.messageKey === 'deviceInvalid') device.forget();
  }, [me.data, me.error]);
  return me.data ?? device.getInfo();
}

/**
 * On a registered device: the screen locks after the restaurant's idle time without a touch or key (and from the
 * header's lock button); the full-screen PIN pad then shows the restaurant and the device, and a PIN signs that
 * person in where the screen was. Nothing on other browsers.
 */
export function DeviceLockScreen() {
  const { t } = useTranslation();
  const isDevice = useIsDevice();
  const info = useDeviceInfo();
  const locked = useDeviceLocked() && isDevice;
  useIdleLock(info?.lockSeconds ?? DEVICE_LOCK_SECONDS.default, isDevice && !locked, deviceLock.lock);
  const signIn = usePinSignIn(() => undefined);
  // Keys typed on the lock screen go to the PIN pad, not to a field left focused behind it.
  useEffect(() => {
    if (locked && document.activeElement instanceof HTMLElement) document.activeElement.blur();
  }, [locked]);

  if (!locked) return null;
  return (
    <div
      className={classes.lock}
      role="dialog"
      aria-modal
      aria-labelledby="device-lock-title"
      data-testid="lock-screen"
    >
      <Stack gap="md" align="center" w="100%" maw={360}>
        <Stack gap={2} align="center">
          <Title order={1} size="h3" id="device-lock-title">
            {info?.eateryName ?? t('devices.lock.title')}
          </Title>
          {info && (
            <Text c="dimmed" size="sm">
              {info.name}
            </Text>
          )}
        </Stack>
        <Text>{t('devices.lock.prompt')}</Text>
        <PinPad onSubmit={signIn.submit} busy={signIn.busy} error={signIn.error} />
      </Stack>
    </div>
  );
}

/** The header's "Lock / switch user" button, on a registered device only. */
export function DeviceLockButton() {
  const { t } = useTranslation();
  if (!useIsDevice()) return null;
  return (
    <Tooltip label={t('devices.lock.button')}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('devices.lock.button')}
        onClick={deviceLock.lock}
      >
        <IconLock size={20} />
      </ActionIcon>
    </Tooltip>
  );
}
