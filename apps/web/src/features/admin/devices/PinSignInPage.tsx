import { useEffect, useSyncExternalStore } from 'react';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { device } from '../../../api/device';
import { session } from '../../../api/session';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { PinPad } from '../shared/devices/PinPad';
import { usePinSignIn } from '../shared/devices/use-pin-sign-in';
import classes from '../shared/devices/devices.module.css';

/**
 * /admin/pin: a registered device with nobody signed in opens here instead of the e-mail sign-in: the PIN pad, with
 * the restaurant and the device named, and a small link to the e-mail sign-in. Other browsers go to the e-mail
 * sign-in; a signed-in browser to its start screen.
 */
export function PinSignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isDevice = useSyncExternalStore(device.subscribe, device.isDevice);
  const loggedIn = useSyncExternalStore(session.subscribe, session.isLoggedIn);
  const info = device.getInfo();
  const signIn = usePinSignIn(() => navigate('/admin', { replace: true }));

  useEffect(() => {
    if (loggedIn) navigate('/admin', { replace: true });
  }, [loggedIn, navigate]);

  if (!isDevice) return <Navigate to="/admin/login" replace />;
  return (
    <div className={classes.lock} data-testid="pin-sign-in">
      <Stack gap="md" align="center" w="100%" maw={360}>
        <Stack gap={2} align="center">
          <Title order={1} size="h3">
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
        <Anchor component={Link} to="/admin/login" size="sm">
          {t('devices.lock.withEmail')}
        </Anchor>
        <LanguageSelect compact />
      </Stack>
    </div>
  );
}
