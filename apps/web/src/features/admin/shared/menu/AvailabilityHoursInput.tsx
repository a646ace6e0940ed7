import { useState } from 'react';
import { Button, Chip, Group, Input, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconMoon } from '@tabler/icons-react';
import { DEFAULT_TIME_ZONE, WEEKDAYS, type AvailabilityHours } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { TimeField } from '../forms/TimeField';
import { passesMidnight } from './hours-format';
import './menu-texts';

/** What "Certain days and hours" starts with: every day, a usual lunch. */
export const DEFAULT_HOURS: AvailabilityHours = { days: [0, 1, 2, 3, 4, 5, 6], from: '12:00', to: '16:00' };

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
const WEEK_DAYS = [0, 1, 2, 3, 4];
const WEEKEND = [5, 6];

/**
 * Availability hours of a dish or a category: "Always" (null, the default) or weekday chips with a
 * from/until time in the restaurant's time zone. Says plainly when the range passes midnight.
 */
export function AvailabilityHoursInput({
  value,
  onChange,
  errorOf,
  timeZone,
  idPrefix,
}: {
  value: AvailabilityHours | null;
  onChange: (hours: AvailabilityHours | null) => void;
  /** The translated error of a part of the hours ('days', 'from', 'to'), if any. */
  errorOf: (part: 'days' | 'from' | 'to') => string | undefined;
  /** The restaurant's time zone, named in the hint. */
  timeZone?: string;
  /** Keeps ids apart when two forms are open. */
  idPrefix: string;
}) {
  const { t } = useTranslation();
  // Switching to "Always" and back brings the last hours back.
  const [last, setLast] = useState<AvailabilityHours>(value ?? DEFAULT_HOURS);
  const set = (hours: AvailabilityHours) => {
    setLast(hours);
    onChange(hours);
  };
  const labelId = `${idPrefix}-hours-label`;
  const sameDays = (days: number[]) => value?.days.length === days.length && days.every((d) => value.days.includes(d));

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Input.Label id={labelId} component="div">
        {t('menuHours.label')}
      </Input.Label>
      <Text size="xs" c="dimmed" mt={-4}>
        {t('menuHours.hint', { timeZone: timeZone ?? DEFAULT_TIME_ZONE })}
      </Text>
      <SegmentedControl
        value={value ? 'limited' : 'always'}
        onChange={(v) => onChange(v === 'limited' ? last : null)}
        data={[
          { value: 'always', label: t('menuHours.always') },
          { value: 'limited', label: t('menuHours.limited') },
        ]}
        fullWidth
        // Long labels in az and ru wrap instead of being cut.
        styles={{ label: { whiteSpace: 'normal', lineHeight: 1.25 } }}
      />
      {value && (
        <Stack gap="xs" mt={4}>
          <Input.Wrapper label={t('menuHours.days')} error={errorOf('days')} id={`${idPrefix}-days`}>
            <Chip.Group
              multiple
              value={value.days.map(String)}
              onChange={(days) => set({ ...value, days: days.map(Number).sort((a, b) => a - b) })}
            >
              <Group gap={6} mt={4} role="group" aria-label={t('menuHours.days')}>
                {WEEKDAYS.map((day, i) => (
                  <Chip
                    key={day}
                    value={String(i)}
                    size="sm"
                    variant="outline"
                    aria-label={t(`menuHours.dayLong.${day}`)}
                  >
                    {t(`menuHours.dayShort.${day}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
          <Group gap={6}>
            {(
              [
                ['everyDay', ALL_DAYS],
                ['weekdays', WEEK_DAYS],
                ['weekend', WEEKEND],
              ] as const
            ).map(([key, days]) => (
              <Button
                key={key}
                size="compact-xs"
                variant={sameDays([...days]) ? 'light' : 'subtle'}
                onClick={() => set({ ...value, days: [...days] })}
              >
                {t(`menuHours.${key}`)}
              </Button>
            ))}
          </Group>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <TimeField
              label={t('menuHours.from')}
              w={130}
              value={value.from}
              onChange={(from) => set({ ...value, from })}
              error={errorOf('from')}
              data-testid={`${idPrefix}-hours-from`}
            />
            <TimeField
              label={t('menuHours.to')}
              w={130}
              value={value.to}
              onChange={(to) => set({ ...value, to })}
              error={errorOf('to')}
              data-testid={`${idPrefix}-hours-to`}
            />
          </Group>
          {passesMidnight(value) && (
            <Group gap={6} wrap="nowrap" align="flex-start" data-testid="hours-midnight">
              <IconMoon size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="sm">{t('menuHours.pastMidnight', { to: value.to })}</Text>
            </Group>
          )}
          {value.from && value.from === value.to && <Text size="sm">{t('menuHours.wholeDay')}</Text>}
        </Stack>
      )}
    </Stack>
  );
}
