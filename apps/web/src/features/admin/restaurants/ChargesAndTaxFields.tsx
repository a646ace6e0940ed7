import { Divider, NumberInput, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  DEFAULT_SERVICE_CHARGE_NAMES,
  DEFAULT_VAT_RATE_BP,
  LANGUAGES,
  MAX_DAY_START_HOUR,
  MAX_SERVICE_CHARGE_PERCENT,
  type Eatery,
} from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { NumberSelect } from './NumberSelect';

/** The restaurant's service charge, VAT, receipt and business day settings as the restaurant form holds them. */
export interface ChargeValues {
  /** Percent 0..25 with at most 2 decimals ('' while the field is empty). */
  serviceChargePercent: number | string;
  /** Its name per language; blank takes the default name of that language. */
  serviceChargeNames: { az: string; en: string; ru: string };
  serviceChargeTakeaway: boolean;
  vatPayer: boolean;
  /** Percent 0..100 with at most 2 decimals ('' while the field is empty). */
  vatRatePercent: number | string;
  /** VÖEN: 10 digits, or '' for none. */
  taxId: string;
  receiptFooter: string;
  /** The local hour (0..11) the business day starts at. */
  dayStartHour: number;
}

/** The stored settings, or a new restaurant's: no service charge, not a VAT payer (18 % once it is), days at 00:00. */
export const chargeValues = (e?: Eatery): ChargeValues => ({
  serviceChargePercent: e?.serviceChargePercent ?? 0,
  serviceChargeNames: e?.serviceChargeNames ?? { ...DEFAULT_SERVICE_CHARGE_NAMES },
  serviceChargeTakeaway: e?.serviceChargeTakeaway ?? false,
  vatPayer: e?.vatPayer ?? false,
  vatRatePercent: e?.vatRatePercent ?? DEFAULT_VAT_RATE_BP / 100,
  taxId: e?.taxId ?? '',
  receiptFooter: e?.receiptFooter ?? '',
  dayStartHour: e?.dayStartHour ?? 0,
});

/** The hours a business day may start at, written as the 24-hour clock: 00:00 … 11:00. */
const DAY_START_OPTIONS = Array.from({ length: MAX_DAY_START_HOUR + 1 }, (_, h) => ({
  value: String(h),
  label: `${String(h).padStart(2, '0')}:00`,
}));

const NAME_LABEL = { az: 'serviceChargeNameAz', en: 'serviceChargeNameEn', ru: 'serviceChargeNameRu' } as const;

/**
 * The service charge (percent, its names, takeaway too), VAT (payer, rate; menu prices include it), the VÖEN, the
 * receipt's footer and the hour the business day starts at. `err` translates a field's error.
 */
export function ChargesAndTaxFields<V extends ChargeValues>({
  form,
  err,
}: {
  form: UseFormReturnType<V>;
  err: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const values = form.getValues();
  const dayStart = form.getInputProps('dayStartHour');
  const defaultNames = LANGUAGES.map((l) => `“${DEFAULT_SERVICE_CHARGE_NAMES[l]}”`).join(', ');
  return (
    <Stack gap="sm">
      <Divider label={t('restaurantSettings.charges')} labelPosition="left" mt="xs" />
      <NumberInput
        label={t('restaurantSettings.serviceChargePercent')}
        description={t('restaurantSettings.serviceChargeHint')}
        min={0}
        max={MAX_SERVICE_CHARGE_PERCENT}
        decimalScale={2}
        allowNegative={false}
        // Out of range is said under the field, not silently changed.
        clampBehavior="none"
        suffix="%"
        maw={260}
        {...form.getInputProps('serviceChargePercent')}
        error={err('serviceChargePercent')}
      />
      <Stack gap={4} role="group" aria-label={t('restaurantSettings.serviceChargeNames')}>
        <Text size="sm" fw={500}>
          {t('restaurantSettings.serviceChargeNames')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          {LANGUAGES.map((l) => (
            <TextInput
              key={l}
              label={t(`restaurantSettings.${NAME_LABEL[l]}`)}
              placeholder={DEFAULT_SERVICE_CHARGE_NAMES[l]}
              maxLength={40}
              {...form.getInputProps(`serviceChargeNames.${l}`)}
              error={err(`serviceChargeNames.${l}`)}
            />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('restaurantSettings.serviceChargeNamesHint', { names: defaultNames })}
        </Text>
      </Stack>
      <Switch
        label={t('restaurantSettings.serviceChargeTakeaway')}
        {...form.getInputProps('serviceChargeTakeaway', { type: 'checkbox' })}
      />

      <Divider label={t('restaurantSettings.vat')} labelPosition="left" mt="xs" />
      <Switch
        label={t('restaurantSettings.vatPayer')}
        description={t('restaurantSettings.vatHint')}
        {...form.getInputProps('vatPayer', { type: 'checkbox' })}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {/* Kept while VAT is off (greyed out), so that turning it on again restores the rate. */}
        <NumberInput
          label={t('restaurantSettings.vatRatePercent')}
          min={0}
          max={100}
          decimalScale={2}
          allowNegative={false}
          clampBehavior="none"
          suffix="%"
          disabled={!values.vatPayer}
          {...form.getInputProps('vatRatePercent')}
          error={err('vatRatePercent')}
        />
        <TextInput
          label={t('restaurantSettings.taxId')}
          description={t('restaurantSettings.taxIdHint')}
          inputMode="numeric"
          maxLength={10}
          {...form.getInputProps('taxId')}
          error={err('taxId')}
        />
      </SimpleGrid>
      <Textarea
        label={t('restaurantSettings.receiptFooter')}
        description={t('restaurantSettings.receiptFooterHint')}
        autosize
        minRows={2}
        maxRows={5}
        maxLength={300}
        {...form.getInputProps('receiptFooter')}
        error={err('receiptFooter')}
      />

      <Divider label={t('restaurantSettings.businessDay')} labelPosition="left" mt="xs" />
      <NumberSelect
        label={t('restaurantSettings.dayStartHour')}
        description={t('restaurantSettings.dayStartHourHint')}
        data={DAY_START_OPTIONS}
        field={dayStart}
        error={err('dayStartHour')}
      />
    </Stack>
  );
}
