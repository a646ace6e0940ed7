import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { registerFormSchema, type RegisterForm as Values } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRegisterOwner } from '../api/register';
import { registeredState } from './registered-email';
import { ErrorBanner } from './ErrorBanner';
import { zodFormErrors } from './form-errors';

/**
 * The owner registration form, shared by /admin/register (with a name field) and the landing
 * pages (no name field; name is sent as null). Validates on blur and on submit with the contract schema.
 */
export function RegisterForm({ withName }: { withName: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegisterOwner();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: withName ? '' : null, email: '', password: '', confirmPassword: '', restaurantName: '' },
    validateInputOnBlur: true,
    validate: (values) => {
      const errors = zodFormErrors(registerFormSchema, values);
      if (withName && !values.name?.trim()) errors.name = 'validation.required';
      return errors;
    },
  });
  const values = form.getValues();
  // Submit stays disabled while any field is empty or invalid.
  const valid = isValid(values, withName);
  const err = (field: keyof Values) => {
    const key = form.errors[field];
    return key ? t(String(key)) : undefined;
  };

  const onSubmit = form.onSubmit((v) => {
    register.mutate(
      {
        user: { email: v.email.trim(), password: v.password },
        restaurant: { name: v.restaurantName.trim() },
        userProfileRequest: { name: withName ? (v.name?.trim() ?? null) : null, phone: null },
      },
      // The e-mail (never the password) goes on to the login form, which opens filled in with it.
      { onSuccess: () => navigate('/admin/register/success', { state: registeredState(v.email.trim()) }) },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <ErrorBanner error={register.error} fallbackKey="register.failed" onClose={() => register.reset()} />
        {withName && (
          <TextInput
            label={t('register.name')}
            autoComplete="name"
            required
            {...form.getInputProps('name')}
            value={values.name ?? ''}
            error={err('name')}
          />
        )}
        <TextInput
          label={t('register.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
          error={err('email')}
        />
        <PasswordInput
          label={t('register.password')}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
          error={err('password')}
        />
        <PasswordInput
          label={t('register.confirmPassword')}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
          error={err('confirmPassword')}
        />
        <TextInput
          label={t('register.restaurantName')}
          autoComplete="organization"
          required
          {...form.getInputProps('restaurantName')}
          error={err('restaurantName')}
        />
        <Button type="submit" size="md" disabled={!valid || register.isPending} loading={register.isPending}>
          {register.isPending ? t('register.submitting') : t('register.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function isValid(values: Values, withName: boolean) {
  if (withName && !values.name?.trim()) return false;
  return registerFormSchema.safeParse(values).success;
}
