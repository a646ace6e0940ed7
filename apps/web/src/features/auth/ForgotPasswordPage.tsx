import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { forgotPasswordBody, PASSWORD_RESET_TTL_MS } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorBanner } from '../../components/ErrorBanner';
import { applyServerErrors, zodFormErrors } from '../../components/form-errors';
import { currentLanguage } from '../../i18n';
import { requestPasswordReset } from './password-reset-api';

const LINK_MINUTES = Math.round(PASSWORD_RESET_TTL_MS / 60_000);

/**
 * "Forgot password?": the e-mail of the account, then the same message whether or not it has one (the server does
 * not tell either). The mail is written in the language of this page.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validateInputOnBlur: true,
    validate: (values) => zodFormErrors(forgotPasswordBody, values),
  });
  const mutation = useMutation({ mutationFn: requestPasswordReset });
  const err = form.errors.email ? t(String(form.errors.email)) : undefined;

  const onSubmit = form.onSubmit((v) => {
    mutation.mutate(
      { email: v.email.trim(), language: currentLanguage() },
      {
        onError: (error) => {
          if (applyServerErrors(form, error)) mutation.reset();
        },
      },
    );
  });

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Title order={2}>{t('admin.forgotPassword.title')}</Title>
      {mutation.isSuccess ? (
        <Stack gap="md" mt="lg">
          <Alert color="green" variant="light" icon={<IconMailForward />} role="status">
            {t('admin.forgotPassword.sent', { minutes: LINK_MINUTES })}
          </Alert>
          <Text size="sm" c="dimmed">
            {t('admin.forgotPassword.checkSpam')}
          </Text>
          <Anchor component={Link} to="/admin/login" ta="center">
            {t('admin.forgotPassword.toLogin')}
          </Anchor>
        </Stack>
      ) : (
        <>
          <Text c="dimmed" size="sm" mb="lg">
            {t('admin.forgotPassword.subtitle')}
          </Text>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="sm">
              <ErrorBanner error={mutation.error} onClose={() => mutation.reset()} />
              <TextInput
                label={t('admin.forgotPassword.email')}
                type="email"
                autoComplete="username"
                required
                {...form.getInputProps('email')}
                error={err}
              />
              <Button type="submit" size="md" loading={mutation.isPending}>
                {t('admin.forgotPassword.submit')}
              </Button>
              <Text size="sm" ta="center">
                <Anchor component={Link} to="/admin/login">
                  {t('admin.forgotPassword.toLogin')}
                </Anchor>
              </Text>
            </Stack>
          </form>
        </>
      )}
    </Paper>
  );
}
