import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { pinField, type StaffUser } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { staffLabel } from '../shared/users-api';
import { useSavePin } from './users-api';
import '../shared/devices/translations';

/**
 * A member's PIN for the restaurant's devices: 4 to 6 digits, typed masked; "remove" clears it. A PIN another
 * member has is refused (pinTaken, under the field).
 */
export function PinModal({
  restaurantId,
  user,
  onClose,
}: {
  restaurantId: number;
  user: StaffUser;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSavePin(restaurantId);
  const [pin, setPin] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const done = (message: string) => {
    notifications.show({ color: 'green', message });
    onClose();
  };
  const onError = (err: unknown) => {
    if (err instanceof ApiError && err.messageKey === 'pinTaken') setFieldError('errors.pinTaken');
    else if (err instanceof ApiError && err.details.length > 0) setFieldError(err.details[0].messageKey);
  };
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = pinField.safeParse(pin);
    if (!parsed.success) return setFieldError(parsed.error.issues[0].message);
    setFieldError(null);
    save.mutate({ userId: user.id, pin }, { onSuccess: () => done(t('devices.pin.saved')), onError });
  };
  const bannerError =
    save.error instanceof ApiError && (save.error.messageKey === 'pinTaken' || save.error.details.length > 0)
      ? null
      : save.error;

  return (
    <Modal opened onClose={onClose} title={t('devices.pin.title', { name: staffLabel(user) })}>
      <form onSubmit={onSubmit} noValidate data-testid="pin-form">
        <Stack gap="sm">
          <ErrorBanner error={bannerError} onClose={() => save.reset()} />
          <Text size="sm" c="dimmed">
            {t('devices.pin.hint')}
          </Text>
          <PasswordInput
            label={t('devices.pin.label')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            required
            data-autofocus
            value={pin}
            onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, ''))}
            error={fieldError ? t(fieldError) : undefined}
          />
          <Group justify="space-between" mt="xs">
            {user.hasPin ? (
              <Button
                variant="subtle"
                color="red"
                disabled={save.isPending}
                onClick={() =>
                  save.mutate({ userId: user.id, pin: null }, { onSuccess: () => done(t('devices.pin.removed')) })
                }
              >
                {t('devices.pin.remove')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('devices.pin.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
