import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { resetPasswordFormSchema, type ResetPasswordForm } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { session } from '../../api/session';
import { ErrorBanner } from '../../components/ErrorBanner';
import { applyServerErrors, zodFormErrors } from '../../components/form-errors';
import { resetPassword } from './password-reset-api';

const isInvalidLink = (error: unknown) => error instanceof ApiError && error.messageKey === 'resetLinkInvalid';

/** What a link that cannot work shows: why, and where to ask for a new one. */
function InvalidLink() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" mt="lg">
      <Alert color="red" variant="light" icon={<IconLinkOff />} role="alert">
        {t('errors.resetLinkInvalid')}
      </Alert>
      <Button component={Link} to="/admin/forgot-password" size="md">
        {t('admin.resetPassword.askAgain')}
      </Button>
    </Stack>
  );
}

/**
 * The page of the mailed link (`/reset-password?token=…`): the new password twice, under the registration rules.
 * Once it is set every session of the account has ended, this browser's too: the user logs in again.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm<ResetPasswordForm>({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validateInputOnBlur: true,
    validate: (values) => zodFormErrors(resetPasswordFormSchema, values),
  });
  const mutation = useMutation({ mutationFn: resetPassword });
  // Submit stays disabled while a field is empty or breaks a rule.
  const valid = resetPasswordFormSchema.safeParse(form.getValues()).success;
  const err = (field: keyof ResetPasswordForm) => (form.errors[field] ? t(String(form.errors[field])) : undefined);

  const onSubmit = form.onSubmit((v) => {
    mutation.mutate(
      { token, password: v.password },
      {
        onSuccess: () => session.clear(),
        // Field messages go under their inputs; the banner stays for anything else.
        onError: (error) => {
          if (applyServerErrors(form, error)) mutation.reset();
        },
      },
    );
  });

  let content;
  if (mutation.isSuccess) {
    content = (
      <Stack gap="md" mt="lg" align="center">
        <ThemeIcon size={64} radius="xl" color="green" variant="light">
          <IconCircleCheck size={40} aria-hidden />
        </ThemeIcon>
        <Text ta="center" role="status">
          {t('admin.resetPassword.done')}
        </Text>
        <Button component={Link} to="/admin/login" size="md">
          {t('admin.resetPassword.toLogin')}
        </Button>
      </Stack>
    );
  } else if (!token || isInvalidLink(mutation.error)) {
    content = <InvalidLink />;
  } else {
    content = (
      <>
        <Text c="dimmed" size="sm" mb="lg">
          {t('admin.resetPassword.subtitle')}
        </Text>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <ErrorBanner error={mutation.error} onClose={() => mutation.reset()} />
            <PasswordInput
              label={t('admin.resetPassword.password')}
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
              error={err('password')}
            />
            <PasswordInput
              label={t('admin.resetPassword.confirmPassword')}
              autoComplete="new-password"
              required
              {...form.getInputProps('confirmPassword')}
              error={err('confirmPassword')}
            />
            <Button type="submit" size="md" disabled={!valid || mutation.isPending} loading={mutation.isPending}>
              {t('admin.resetPassword.submit')}
            </Button>
            <Text size="sm" ta="center">
              <Anchor component={Link} to="/admin/login">
                {t('admin.resetPassword.toLogin')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </>
    );
  }

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Title order={2}>{t('admin.resetPassword.title')}</Title>
      {content}
    </Paper>
  );
}
