import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import type { LoginBody, TokenResponse } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { ApiError } from '../../api/api-error';
import { reportError } from '../../api/report-error';
import { registeredEmail } from '../../components/registered-email';
import { session } from '../../api/session';
import { useLoggedIn } from './guards';

const login = (body: LoginBody) => api<TokenResponse>('/api/auth/login', { method: 'POST', body, auth: false });

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  const [error, setError] = useState<string | null>(null);
  // Straight from the registration: the e-mail is filled in and the password is next.
  const justRegistered = registeredEmail(useLocation().state);
  const form = useForm({
    initialValues: { email: justRegistered ?? '', password: '' },
    validateInputOnBlur: true,
    validate: {
      email: (v) => (v.trim() ? null : 'validation.required'),
      password: (v) => (v ? null : 'validation.required'),
    },
  });
  const mutation = useMutation({ mutationFn: login });

  // A login in another tab is seen here too.
  useEffect(() => {
    if (loggedIn) navigate('/admin', { replace: true });
  }, [loggedIn, navigate]);

  const onSubmit = form.onSubmit((v) => {
    setError(null);
    mutation.mutate(
      { email: v.email.trim(), password: v.password, eateryId: null },
      {
        onSuccess: (res) => {
          session.setToken(res.jwt, res.userId, res.eateryId, true);
          // /admin sends each role to its working screen (the kitchen display, the floor, the orders board).
          navigate('/admin');
        },
        onError: (err) => {
          if (err instanceof ApiError) {
            const key = err.messageKey && i18n.exists(`errors.${err.messageKey}`) ? `errors.${err.messageKey}` : null;
            setError(key ? t(key) : err.message || t('admin.login.loginError'));
            reportError(`login failed: ${err.status} ${err.messageKey ?? ''}`, undefined, 'login', 'warn');
          } else {
            setError(t('admin.login.serverError'));
            reportError('login failed: server unavailable', String(err), 'login', 'warn');
          }
        },
      },
    );
  });
  const err = (k: 'email' | 'password') => (form.errors[k] ? t(String(form.errors[k])) : undefined);

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Title order={2} mb="lg">
        {t('admin.login.title')}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {justRegistered && !error && (
            <Alert color="green" data-testid="login-registered">
              {t('admin.login.registered')}
            </Alert>
          )}
          {error && (
            <Alert color="red" title={t('common.error')} role="alert" withCloseButton onClose={() => setError(null)}>
              {error}
            </Alert>
          )}
          <TextInput
            label={t('admin.login.email')}
            type="email"
            autoComplete="username"
            required
            {...form.getInputProps('email')}
            error={err('email')}
          />
          <PasswordInput
            label={t('admin.login.password')}
            autoComplete="current-password"
            required
            autoFocus={!!justRegistered}
            {...form.getInputProps('password')}
            error={err('password')}
          />
          <Anchor component={Link} to="/admin/forgot-password" size="sm" ta="end">
            {t('admin.login.forgotPassword')}
          </Anchor>
          <Button type="submit" size="md" loading={mutation.isPending}>
            {t('admin.login.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('admin.login.noAccount')}{' '}
            <Anchor component={Link} to="/admin/register">
              {t('admin.login.toRegister')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
