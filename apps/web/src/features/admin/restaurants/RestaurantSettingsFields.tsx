import { Alert, Checkbox, Divider, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  CURRENCIES,
  LANGUAGES,
  timeZoneList,
  utcOffsetLabel,
  WEEKDAYS,
  type Currency,
  type DayHours,
  type Language,
} from '@qr-menu/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeField } from '../shared/forms/TimeField';

/** The restaurant's guest settings as the restaurant form holds them. */
export interface SettingsValues {
  timeZone: string;
  currency: Currency;
  guestLanguage: Language;
  /** Off: the restaurant gives no hours (sent as null). */
  hoursEnabled: boolean;
  /** Seven days, Monday first; kept while hours are off so that turning them on again restores them. */
  openingHours: DayHours[];
  /** Guests order only within the opening hours (no effect while hours are off). */
  ordersWithinHours: boolean;
  /** Guest orders must carry their table's QR key. */
  tableKeysRequired: boolean;
  /** New guest orders wait for staff to accept or reject them. */
  confirmGuestOrders: boolean;
  /** The largest tip, in whole percent of the part paid (0: no tips); '' while the field is empty. */
  tipMaxPercent: number | string;
}

export const DEFAULT_HOURS: DayHours[] = WEEKDAYS.map(() => ({ closed: false, open: '09:00', close: '23:00' }));

/** The zones to choose from (the runtime's IANA list), with the stored one even if this browser does not list it. */
function useTimeZoneOptions(current: string) {
  return useMemo(() => {
    const zones = timeZoneList();
    if (current && !zones.includes(current)) zones.push(current);
    return zones.sort().map((tz) => {
      const offset = utcOffsetLabel(tz);
      return { value: tz, label: offset ? `${tz} (${offset})` : tz };
    });
  }, [current]);
}

function currencyLabel(code: Currency, language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'currency' }).of(code);
    return name && name !== code ? `${code} — ${name}` : code;
  } catch {
    return code;
  }
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Time zone (searchable), currency shown, default guest language, the opening hours per weekday with the switch
 * "guests order only within opening hours" (shown with the hours: without hours it changes nothing), the two switches
 * of safe table ordering and the tip limit of the restaurant form. `err` translates a field's error.
 */
export function RestaurantSettingsFields<V extends SettingsValues>({
  form,
  err,
}: {
  form: UseFormReturnType<V>;
  err: (path: string) => string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const values = form.getValues();
  const zones = useTimeZoneOptions(values.timeZone);
  // Turning keys on gives tables without one a new code: say so before the owner saves.
  const keysTurnedOn = values.tableKeysRequired && !form.getInitialValues().tableKeysRequired;
  return (
    <Stack gap="sm">
      <Select
        label={t('restaurantSettings.timeZone')}
        description={t('restaurantSettings.timeZoneHint')}
        data={zones}
        searchable
        limit={60}
        allowDeselect={false}
        nothingFoundMessage={t('restaurantSettings.timeZoneNothingFound')}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('timeZone')}
        error={err('timeZone')}
      />
      {/* One column on a phone: the currency names ("AZN — Azerbaijani Manat") do not fit half of 390 px. */}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label={t('restaurantSettings.currency')}
          description={t('restaurantSettings.currencyHint')}
          data={CURRENCIES.map((c) => ({ value: c, label: currencyLabel(c, i18n.language) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('currency')}
          error={err('currency')}
        />
        <Select
          label={t('restaurantSettings.guestLanguage')}
          description={t('restaurantSettings.guestLanguageHint')}
          data={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('guestLanguage')}
          error={err('guestLanguage')}
        />
      </SimpleGrid>
      <Switch
        label={t('restaurantSettings.hoursEnabled')}
        {...form.getInputProps('hoursEnabled', { type: 'checkbox' })}
      />
      {values.hoursEnabled && (
        <Stack gap={6} role="group" aria-label={t('restaurantSettings.openingHours')}>
          <Text size="xs" c="dimmed">
            {t('restaurantSettings.hoursHint')}
          </Text>
          {WEEKDAYS.map((day, i) => {
            const dayName = t(`restaurantSettings.days.${day}`);
            const hours = values.openingHours[i];
            const pastMidnight =
              !hours.closed && hours.open && hours.close && minutes(hours.close) <= minutes(hours.open);
            return (
              <Group key={day} gap="xs" align="flex-start" wrap="wrap">
                <Text size="sm" w={130} mt={6} fw={500}>
                  {dayName}
                </Text>
                <Checkbox
                  mt={8}
                  label={t('restaurantSettings.closed')}
                  aria-label={t('restaurantSettings.dayClosed', { day: dayName })}
                  {...form.getInputProps(`openingHours.${i}.closed`, { type: 'checkbox' })}
                />
                <TimeField
                  w={90}
                  disabled={hours.closed}
                  aria-label={t('restaurantSettings.dayOpens', { day: dayName })}
                  {...form.getInputProps(`openingHours.${i}.open`)}
                  value={hours.open}
                  error={err(`openingHours.${i}.open`)}
                  data-testid={`opening-hours-${day}-open`}
                />
                <Text mt={6} aria-hidden>
                  –
                </Text>
                <TimeField
                  w={90}
                  disabled={hours.closed}
                  aria-label={t('restaurantSettings.dayCloses', { day: dayName })}
                  {...form.getInputProps(`openingHours.${i}.close`)}
                  value={hours.close}
                  error={err(`openingHours.${i}.close`)}
                  data-testid={`opening-hours-${day}-close`}
                />
                {pastMidnight && (
                  <Text size="xs" c="dimmed" mt={8}>
                    {t('restaurantSettings.pastMidnight')}
                  </Text>
                )}
              </Group>
            );
          })}
          <Switch
            mt="xs"
            label={t('restaurantSettings.ordersWithinHours')}
            description={t('restaurantSettings.ordersWithinHoursHint')}
            {...form.getInputProps('ordersWithinHours', { type: 'checkbox' })}
          />
        </Stack>
      )}
      <Divider label={t('restaurantSettings.ordering')} labelPosition="left" mt="xs" />
      <Switch
        label={t('restaurantSettings.tableKeysRequired')}
        description={t('restaurantSettings.tableKeysHint')}
        {...form.getInputProps('tableKeysRequired', { type: 'checkbox' })}
      />
      {keysTurnedOn && (
        <Alert color="yellow" data-testid="table-keys-note">
          {t('restaurantSettings.tableKeysOnNote')}
        </Alert>
      )}
      <Switch
        label={t('restaurantSettings.confirmGuestOrders')}
        description={t('restaurantSettings.confirmGuestOrdersHint')}
        {...form.getInputProps('confirmGuestOrders', { type: 'checkbox' })}
      />
      <Divider label={t('restaurantSettings.bills')} labelPosition="left" mt="xs" />
      <NumberInput
        label={t('restaurantSettings.tipMaxPercent')}
        description={t('restaurantSettings.tipMaxPercentHint')}
        min={0}
        max={100}
        allowDecimal={false}
        allowNegative={false}
        suffix="%"
        maw={260}
        {...form.getInputProps('tipMaxPercent')}
        error={err('tipMaxPercent')}
      />
    </Stack>
  );
}
