import { Checkbox, Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AUDIT_KINDS, type AuditKind } from '@qr-menu/contract/constants';
import { DateField } from '../shared/forms/DateField';
import { staffLabel, useUsers } from '../shared/users-api';

export interface AuditFilterValues {
  /** The day field's value: a day 'yyyy-mm-dd', or a half-typed text (see DateField). */
  dayText: string;
  allDays: boolean;
  userId: number | null;
  kind: AuditKind | null;
}

interface Props {
  restaurantId: number;
  values: AuditFilterValues;
  /** The day input holds no real date (and "all days" is off): the log is not asked. */
  dayInvalid: boolean;
  onChange: (values: AuditFilterValues) => void;
}

/** Day (or all days; dd.mm.yyyy), staff member and kind: native selects, so phones show their own pickers. */
export function AuditFilterBar({ restaurantId, values, dayInvalid, onChange }: Props) {
  const { t } = useTranslation();
  const users = useUsers(restaurantId);
  const set = (patch: Partial<AuditFilterValues>) => onChange({ ...values, ...patch });

  const staff = [...(users.data ?? [])]
    .map((u) => ({ value: String(u.id), label: staffLabel(u) }))
    .sort((a, b) => a.label.localeCompare(b.label));

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
      <DateField
        label={t('audit.filters.day')}
        value={values.dayText}
        disabled={values.allDays}
        onChange={(dayText) => set({ dayText })}
        error={dayInvalid ? t('audit.filters.invalidDay') : undefined}
        w={180}
        data-testid="audit-day"
      />
      <Checkbox
        label={t('audit.filters.allDays')}
        checked={values.allDays}
        onChange={(e) => set({ allDays: e.currentTarget.checked })}
        mb={8}
      />
      <NativeSelect
        label={t('audit.filters.staff')}
        value={values.userId === null ? '' : String(values.userId)}
        data={[{ value: '', label: t('audit.filters.allStaff') }, ...staff]}
        onChange={(e) => set({ userId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
        w={{ base: '100%', xs: 220 }}
      />
      <NativeSelect
        label={t('audit.filters.kind')}
        value={values.kind ?? ''}
        data={[
          { value: '', label: t('audit.filters.allKinds') },
          ...AUDIT_KINDS.map((k) => ({ value: k, label: t(`audit.kind.${k}`) })),
        ]}
        onChange={(e) => set({ kind: (e.currentTarget.value || null) as AuditKind | null })}
        w={{ base: '100%', xs: 220 }}
      />
    </Group>
  );
}
