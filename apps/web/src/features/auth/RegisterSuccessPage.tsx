import { useCallback, useEffect, useState } from 'react';
import { Button, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { LIMITS } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { registeredEmail, registeredState } from '../../components/registered-email';

/**
 * Success title and message, a progress bar and a 5-second countdown to the login page, which opens with the
 * registered e-mail filled in (carried in the history state; the owner types the password again).
 */
export function RegisterSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = registeredEmail(useLocation().state);
  const total = LIMITS.registerRedirectMs;
  const [elapsed, setElapsed] = useState(0);
  const toLogin = useCallback(
    () => navigate('/admin/login', { replace: true, state: email ? registeredState(email) : undefined }),
    [navigate, email],
  );

  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      const ms = Date.now() - started;
      setElapsed(Math.min(ms, total));
      if (ms >= total) {
        clearInterval(timer);
        toLogin();
      }
    }, 100);
    return () => clearInterval(timer);
  }, [toLogin, total]);

  const seconds = Math.ceil((total - elapsed) / 1000);
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Stack align="center" gap="md">
        <ThemeIcon size={64} radius="xl" color="green" variant="light">
          <IconCircleCheck size={40} />
        </ThemeIcon>
        <Title order={2} ta="center">
          {t('admin.registerSuccess.title')}
        </Title>
        <Text ta="center">{t('admin.registerSuccess.message')}</Text>
        <Progress
          value={(elapsed / total) * 100}
          w="100%"
          aria-label={t('admin.registerSuccess.countdown', { seconds })}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('admin.registerSuccess.countdown', { seconds })}
        </Text>
        <Button onClick={toLogin} data-testid="register-success-login">
          {t('admin.registerSuccess.toLogin')}
        </Button>
      </Stack>
    </Paper>
  );
}
