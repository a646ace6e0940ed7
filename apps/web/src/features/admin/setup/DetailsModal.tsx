import { Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { Eatery } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../components/form-errors';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { FormActions } from '../shared/FormActions';
import { useRestaurant, useSaveRestaurant } from '../shared/restaurants-api';
import { setupKeys } from '../shared/setup-progress';

interface DetailsValues {
  address: string;
  phone: string;
}

/** The same limits as the restaurant form (contract eateryBody). */
const ADDRESS_MAX = 255;
const PHONE_MAX = 40;

export function validateDetails(values: DetailsValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.address.trim()) errors.address = 'validation.required';
  else if (values.address.trim().length > ADDRESS_MAX) errors.address = 'validation.tooLong';
  if (!values.phone.trim()) errors.phone = 'validation.phone';
  else if (values.phone.trim().length > PHONE_MAX) errors.phone = 'validation.tooLong';
  return errors;
}

/** The server's `phones.0` is this form's phone. */
const fieldOf = (path: string) => (path === 'address' ? 'address' : path.startsWith('phones') ? 'phone' : undefined);

/**
 * Step 1 in place: the restaurant's address and first phone, saved with its name and coordinates as they are (PUT
 * /api/eatery/{id} keeps every setting it is not sent). The other settings stay on the restaurants screen.
 */
export function DetailsModal({ restaurantId, onClose }: { restaurantId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const restaurant = useRestaurant(restaurantId);
  return (
    <Modal opened onClose={onClose} title={t('setup.details.formTitle')} data-testid="setup-details-dialog">
      <ErrorBanner error={restaurant.error} />
      {restaurant.data ? (
        <DetailsForm restaurant={restaurant.data} onClose={onClose} />
      ) : (
        !restaurant.error && <Skeleton height={160} />
      )}
    </Modal>
  );
}

function DetailsForm({ restaurant, onClose }: { restaurant: Eatery; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const save = useSaveRestaurant();
  const form = useForm<DetailsValues>({
    initialValues: { address: restaurant.address, phone: restaurant.phones[0] ?? '' },
    validateInputOnBlur: true,
    validate: validateDetails,
  });
  const err = (field: keyof DetailsValues) => (form.errors[field] ? t(String(form.errors[field])) : undefined);

  const onSubmit = form.onSubmit((values) =>
    save.mutate(
      {
        id: restaurant.id,
        body: {
          name: restaurant.name,
          address: values.address.trim(),
          phones: [values.phone.trim(), ...restaurant.phones.slice(1)],
          geoLat: restaurant.geoLat,
          geoLng: restaurant.geoLng,
        },
      },
      {
        onSuccess: () => {
          void qc.invalidateQueries({ queryKey: setupKeys.progress(restaurant.id) });
          notifications.show({ color: 'green', message: t('setup.details.saved') });
          onClose();
        },
        onError: (error) => {
          if (applyServerErrors(form, error, { fieldOf })) save.reset();
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <ErrorBanner error={save.error} onClose={() => save.reset()} />
        <Text size="sm" c="dimmed">
          {t('setup.details.formIntro')}
        </Text>
        <TextInput
          label={t('setup.details.address')}
          autoComplete="street-address"
          required
          maxLength={ADDRESS_MAX}
          data-autofocus
          {...form.getInputProps('address')}
          error={err('address')}
        />
        <TextInput
          label={t('setup.details.phone')}
          type="tel"
          autoComplete="tel"
          required
          maxLength={PHONE_MAX}
          {...form.getInputProps('phone')}
          error={err('phone')}
        />
        <FormActions onCancel={onClose} saving={save.isPending} />
      </Stack>
    </form>
  );
}
