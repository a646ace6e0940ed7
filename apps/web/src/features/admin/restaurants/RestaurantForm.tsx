import { ActionIcon, Button, Divider, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  DEFAULT_CURRENCY,
  DEFAULT_TIME_ZONE,
  DEFAULT_TIP_MAX_PERCENT,
  eateryBody,
  LANGUAGES,
  type Eatery,
  type EateryBody,
  type Language,
} from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../shared/FormActions';
import { useUnsavedChangesGuard } from '../shared/forms/unsaved-changes';
import { emptyImage, ImagePicker, type ImageValue } from '../shared/ImagePicker';
import { useImageField } from '../shared/use-image-field';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { zodFormErrors } from '../../../components/form-errors';
import { registerTranslations } from '../../../i18n';
import { useSaveRestaurant } from '../shared/restaurants-api';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';
import { useSaveLogo } from './logo-api';
import { DEFAULT_HOURS, RestaurantSettingsFields, type SettingsValues } from './RestaurantSettingsFields';
import { ChargesAndTaxFields, chargeValues, type ChargeValues } from './ChargesAndTaxFields';
import { ServiceFields, serviceValues, type ServiceValues } from './ServiceFields';

// The restaurant settings' texts, with the form that shows them.
registerTranslations({ az, en, ru });

interface Values extends SettingsValues, ChargeValues, ServiceValues {
  name: string;
  address: string;
  phones: string[];
  geoLat: number | string;
  geoLng: number | string;
  /** Language of printed receipts. */
  language: Language;
  /** Kitchen display: a ticket turns amber, then red, after this many minutes ('' while the field is empty). */
  kitchenAmberMinutes: number | string;
  kitchenRedMinutes: number | string;
  logo: ImageValue;
}

/** The kitchen thresholds of a new restaurant (the server's defaults too). */
const DEFAULT_AMBER_MINUTES = 10;
const DEFAULT_RED_MINUTES = 20;

const toValues = (e?: Eatery): Values => ({
  name: e?.name ?? '',
  address: e?.address ?? '',
  phones: e?.phones.length ? e.phones : [e?.phone ?? ''],
  geoLat: e?.geoLat ?? '',
  geoLng: e?.geoLng ?? '',
  language: e?.language ?? 'az',
  kitchenAmberMinutes: e?.kitchenAmberMinutes ?? DEFAULT_AMBER_MINUTES,
  kitchenRedMinutes: e?.kitchenRedMinutes ?? DEFAULT_RED_MINUTES,
  timeZone: e?.timeZone ?? DEFAULT_TIME_ZONE,
  currency: e?.currency ?? DEFAULT_CURRENCY,
  guestLanguage: e?.guestLanguage ?? 'az',
  hoursEnabled: !!e?.openingHours,
  openingHours: e?.openingHours ?? DEFAULT_HOURS,
  // On for a new restaurant, as the server's default.
  ordersWithinHours: e?.ordersWithinHours ?? true,
  tableKeysRequired: e?.tableKeysRequired ?? false,
  confirmGuestOrders: e?.confirmGuestOrders ?? false,
  tipMaxPercent: e?.tipMaxPercent ?? DEFAULT_TIP_MAX_PERCENT,
  ...chargeValues(e),
  ...serviceValues(e),
  logo: emptyImage(e?.logo ?? null),
});

/** What the form sends: hours switched off are null; the logo goes apart (its own request). */
const toBody = ({ logo: _logo, hoursEnabled, ...v }: Values) => ({
  ...v,
  openingHours: hoursEnabled ? v.openingHours : null,
});

/**
 * The request body: the contract's cleaned values (trimmed phones, coordinates as numbers…), except the percentages:
 * the contract reads them as percent and hands the server hundredths of a percent, while the API takes percent, so
 * they go as typed (already checked by the same schema).
 */
function toRequest(v: Values): EateryBody {
  return {
    ...eateryBody.parse(toBody(v)),
    serviceChargePercent: Number(v.serviceChargePercent),
    vatRatePercent: Number(v.vatRatePercent),
  };
}

/**
 * Add/edit form: name, address, one or more phones, optional coordinates, the receipt language
 * and the kitchen display's amber and red minutes, the time zone, currency shown, default guest
 * language, opening hours, the tip limit, the service charge, VAT, VÖEN, receipt footer, the hour the business day
 * starts at, the device lock, courses, pickup, "N left" for guests, and logo. The logo is sent after the restaurant is saved (its own request).
 */
export function RestaurantForm({ restaurant, onClose }: { restaurant?: Eatery | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveRestaurant();
  const saveLogo = useSaveLogo();
  const logo = useImageField(restaurant?.logo ?? null);
  const form = useForm<Values>({
    initialValues: toValues(restaurant ?? undefined),
    validateInputOnBlur: true,
    validate: (values) => {
      const errors = zodFormErrors(eateryBody, toBody(values));
      // Every visible phone input is required (blank ones would be dropped by the server).
      values.phones.forEach((p, i) => {
        if (!p.trim()) errors[`phones.${i}`] = 'validation.required';
      });
      return errors;
    },
  });
  const err = (path: string) => (form.errors[path] ? t(String(form.errors[path])) : undefined);
  const values = form.getValues();
  const phones = values.phones;
  const guard = useUnsavedChangesGuard(form.isDirty());
  const close = () => guard.confirmClose(onClose);

  const onSubmit = form.onSubmit((v) => {
    const body = toRequest(v);
    const logoChange = logo.toSave(v.logo);
    save.mutate(
      { id: restaurant?.id, body },
      {
        onSuccess: async (saved) => {
          notifications.show({
            color: 'green',
            message: t(restaurant ? 'restaurants.updated' : 'restaurants.created'),
          });
          if (logoChange.file || logoChange.remove) {
            try {
              await saveLogo.mutateAsync({ id: saved.id, file: logoChange.file });
            } catch (err) {
              // The restaurant is saved; the form stays open on the logo's refusal.
              logo.showSaveError(err);
              notifications.show({ color: 'red', message: t('restaurantSettings.logoFailed') });
              return;
            }
          }
          onClose();
        },
      },
    );
  });

  return (
    <Modal opened onClose={close} title={t(restaurant ? 'restaurants.editTitle' : 'restaurants.addTitle')} size="lg">
      {guard.leaveGuard}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <ErrorBanner error={save.error ?? logo.bannerError(saveLogo.error)} onClose={() => save.reset()} />
          <TextInput label={t('restaurants.name')} required {...form.getInputProps('name')} error={err('name')} />
          <TextInput
            label={t('restaurants.address')}
            required
            {...form.getInputProps('address')}
            error={err('address')}
          />
          {phones.map((_, i) => (
            <Group key={i} align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={`${t('restaurants.phone')} ${phones.length > 1 ? i + 1 : ''}`.trim()}
                type="tel"
                required
                {...form.getInputProps(`phones.${i}`)}
                error={err(`phones.${i}`) ?? (i === 0 ? err('phones') : undefined)}
              />
              {phones.length > 1 && (
                <ActionIcon
                  mt={26}
                  size="lg"
                  variant="subtle"
                  color="red"
                  aria-label={t('restaurants.removePhone')}
                  onClick={() => form.removeListItem('phones', i)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              )}
            </Group>
          ))}
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('phones', '')}
            w="fit-content"
            disabled={phones.length >= 10}
          >
            {t('restaurants.addPhone')}
          </Button>
          <Group grow>
            <NumberInput
              label={t('restaurants.latitude')}
              decimalScale={6}
              min={-90}
              max={90}
              {...form.getInputProps('geoLat')}
              error={err('geoLat')}
            />
            <NumberInput
              label={t('restaurants.longitude')}
              decimalScale={6}
              min={-180}
              max={180}
              {...form.getInputProps('geoLng')}
              error={err('geoLng')}
            />
          </Group>
          <Divider label={t('restaurants.serviceSettings')} labelPosition="left" mt="xs" />
          <Select
            label={t('restaurants.receiptLanguage')}
            description={t('restaurants.receiptLanguageHint')}
            data={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
            allowDeselect={false}
            {...form.getInputProps('language')}
            error={err('language')}
          />
          <Group grow align="flex-start">
            <NumberInput
              label={t('restaurants.kitchenAmber')}
              min={1}
              max={240}
              allowDecimal={false}
              allowNegative={false}
              suffix={` ${t('restaurants.minutesSuffix')}`}
              {...form.getInputProps('kitchenAmberMinutes')}
              error={err('kitchenAmberMinutes')}
            />
            <NumberInput
              label={t('restaurants.kitchenRed')}
              min={1}
              max={240}
              allowDecimal={false}
              allowNegative={false}
              suffix={` ${t('restaurants.minutesSuffix')}`}
              {...form.getInputProps('kitchenRedMinutes')}
              error={err('kitchenRedMinutes')}
            />
          </Group>
          <Text size="xs" c="dimmed" mt={-4}>
            {t('restaurants.kitchenHint')}
          </Text>
          <ServiceFields form={form} err={err} />
          <Divider label={t('restaurantSettings.section')} labelPosition="left" mt="xs" />
          <RestaurantSettingsFields form={form} err={err} />
          <ChargesAndTaxFields form={form} err={err} />
          <ImagePicker
            {...logo.pickerProps(values.logo, (v) => form.setFieldValue('logo', v))}
            label={t('restaurantSettings.logo')}
          />
          <Text size="xs" c="dimmed" mt={-4}>
            {t('restaurantSettings.logoHint')}
          </Text>
          <FormActions onCancel={close} saving={save.isPending || saveLogo.isPending} disabled={logo.busy} />
        </Stack>
      </form>
    </Modal>
  );
}
