import { Divider, Radio, Stack, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  DEVICE_LOCK_SECONDS,
  STOCK_LEFT_SHOWN_BELOW,
  type CourseFireMode,
  type CourseNames,
  type Eatery,
} from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { CoursesEditor } from './CoursesEditor';
import { NumberSelect } from './NumberSelect';

/** The restaurant's point-of-sale settings as the restaurant form holds them. */
export interface ServiceValues {
  /** A registered device's screen locks after this many seconds without a touch. */
  deviceLockSeconds: number;
  /** The courses in serving order; [] : none. */
  courses: CourseNames[];
  courseFireMode: CourseFireMode;
  pickupEnabled: boolean;
  showStockLeft: boolean;
}

/** The stored settings, or a new restaurant's: a 2-minute lock, no courses (fired by the waiter), no pickup. */
export const serviceValues = (e?: Eatery): ServiceValues => ({
  deviceLockSeconds: e?.deviceLockSeconds ?? DEVICE_LOCK_SECONDS.default,
  courses: e?.courses?.map((c) => ({ ...c })) ?? [],
  courseFireMode: e?.courseFireMode ?? 'MANUAL',
  pickupEnabled: e?.pickupEnabled ?? false,
  showStockLeft: e?.showStockLeft ?? false,
});

/** The lock times offered, in seconds (an owner thinks in minutes; half a minute for a busy counter). */
const LOCK_CHOICES = [30, 60, 120, 300, 600, 900, 1800, 3600];

/** The lock times as "30 s" / "2 min", with a stored time that is not among them (set through the API) kept. */
function useLockOptions(current: number) {
  const { t } = useTranslation();
  const seconds = LOCK_CHOICES.includes(current) ? LOCK_CHOICES : [...LOCK_CHOICES, current].sort((a, b) => a - b);
  return seconds.map((s) => ({
    value: String(s),
    label:
      s % 60 === 0 ? t('restaurantSettings.lockMinutes', { n: s / 60 }) : t('restaurantSettings.lockSeconds', { n: s }),
  }));
}

/**
 * Devices, courses and pickup: how long a shared device waits before it locks, the courses and how a held one is
 * fired, pickup orders from the restaurant's link, and "N left" for guests. `err` translates a field's error.
 */
export function ServiceFields<V extends ServiceValues>({
  form,
  err,
}: {
  form: UseFormReturnType<V>;
  err: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const values = form.getValues();
  const lock = form.getInputProps('deviceLockSeconds');
  const lockOptions = useLockOptions(values.deviceLockSeconds);
  return (
    <Stack gap="sm">
      <Divider label={t('restaurantSettings.service')} labelPosition="left" mt="xs" />
      <NumberSelect
        label={t('restaurantSettings.deviceLock')}
        description={t('restaurantSettings.deviceLockHint')}
        data={lockOptions}
        field={lock}
        error={err('deviceLockSeconds')}
      />
      <CoursesEditor form={form} err={err} />
      {values.courses.length > 0 && (
        <Radio.Group
          label={t('restaurantSettings.fireMode')}
          {...form.getInputProps('courseFireMode')}
          error={err('courseFireMode')}
        >
          <Stack gap={6} mt={4}>
            <Radio value="MANUAL" label={t('restaurantSettings.fireManual')} />
            <Radio
              value="AFTER_PREVIOUS"
              label={t('restaurantSettings.fireAfterPrevious')}
              description={t('restaurantSettings.fireAfterPreviousHint')}
            />
          </Stack>
        </Radio.Group>
      )}
      <Switch
        label={t('restaurantSettings.pickupEnabled')}
        description={t('restaurantSettings.pickupHint')}
        {...form.getInputProps('pickupEnabled', { type: 'checkbox' })}
      />
      <Switch
        label={t('restaurantSettings.showStockLeft')}
        description={t('restaurantSettings.showStockLeftHint', { n: STOCK_LEFT_SHOWN_BELOW })}
        {...form.getInputProps('showStockLeft', { type: 'checkbox' })}
      />
    </Stack>
  );
}
