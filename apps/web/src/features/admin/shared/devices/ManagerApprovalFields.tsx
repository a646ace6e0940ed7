import { Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ApprovalValues } from './manager-approval';
import './translations';

/**
 * A manager approving on this screen: their PIN on a registered device's PIN session (`byPin`), else their e-mail and
 * password. Nothing is remembered by the browser. `errors` are i18n keys by field.
 */
export function ManagerApprovalFields({
  values,
  onChange,
  errors,
  byPin,
  hint,
}: {
  values: ApprovalValues;
  onChange: (change: Partial<ApprovalValues>) => void;
  errors: Partial<ApprovalValues>;
  byPin: boolean;
  hint: string;
}) {
  const { t } = useTranslation();
  const err = (k: keyof ApprovalValues) => (errors[k] ? t(errors[k]) : undefined);
  return (
    <Stack gap={6} role="group" aria-labelledby="manager-approval-title" data-testid="manager-approval">
      <Group gap={6} wrap="nowrap">
        <IconShieldCheck size={18} aria-hidden />
        <Title order={3} size="h5" id="manager-approval-title">
          {t('devices.approval.title')}
        </Title>
      </Group>
      <Text size="sm">{hint}</Text>
      {byPin ? (
        <PasswordInput
          label={t('devices.approval.pin')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          required
          value={values.pin}
          onChange={(e) => onChange({ pin: e.currentTarget.value })}
          error={err('pin')}
        />
      ) : (
        <>
          <TextInput
            type="email"
            label={t('devices.approval.email')}
            autoComplete="off"
            required
            value={values.email}
            onChange={(e) => onChange({ email: e.currentTarget.value })}
            error={err('email')}
          />
          <PasswordInput
            label={t('devices.approval.password')}
            autoComplete="new-password"
            required
            value={values.password}
            onChange={(e) => onChange({ password: e.currentTarget.value })}
            error={err('password')}
          />
        </>
      )}
    </Stack>
  );
}
