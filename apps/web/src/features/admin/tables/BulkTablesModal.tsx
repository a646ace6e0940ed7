import { Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { TABLE_RANGE_LAST, TABLE_RANGE_MAX, tableRangeBody, type TableRangeResult } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, zodFormErrors } from '../../../components/form-errors';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { FormActions } from '../shared/FormActions';
import { useUnsavedChangesGuard } from '../shared/forms/unsaved-changes';
import { useCreateTableRange } from './tables-api';

interface RangeValues {
  from: number | string;
  to: number | string;
}

/** The first free whole number after the tables named with whole numbers (1 when there are none). */
export function nextTableNumber(numbers: readonly string[]): number {
  const taken = numbers.filter((n) => /^\d{1,4}$/.test(n)).map(Number);
  return Math.min(taken.length ? Math.max(...taken) + 1 : 1, TABLE_RANGE_LAST);
}

/** The form's rules: the contract's (whole numbers 1…9999, from ≤ to, at most 100), as i18n keys per field. */
export const validateRange = (values: RangeValues) =>
  zodFormErrors(tableRangeBody, {
    from: values.from === '' ? undefined : values.from,
    to: values.to === '' ? undefined : values.to,
  });

/**
 * "Add several tables": tables named from … to in one go (numbers already used are skipped, and said so), with the
 * defaults of a new table. Opens on the numbers after the highest table number.
 */
export function BulkTablesModal({
  restaurantId,
  numbers,
  onClose,
}: {
  restaurantId: number;
  /** The numbers of the restaurant's tables now. */
  numbers: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateTableRange(restaurantId);
  const first = nextTableNumber(numbers);
  const form = useForm<RangeValues>({
    initialValues: { from: first, to: Math.min(first + 9, TABLE_RANGE_LAST) },
    validateInputOnChange: true,
    validate: validateRange,
  });
  const err = (field: keyof RangeValues) =>
    form.errors[field] ? t(String(form.errors[field]), { max: TABLE_RANGE_MAX, last: TABLE_RANGE_LAST }) : undefined;
  const { from, to } = form.getValues();
  const valid = Object.keys(validateRange({ from, to })).length === 0;
  const count = valid ? Number(to) - Number(from) + 1 : 0;
  // Only numbers the admin typed count as unsaved; the suggested range is not worth a question.
  const guard = useUnsavedChangesGuard(form.isDirty());
  const close = () => guard.confirmClose(onClose);

  const done = (result: TableRangeResult) => {
    notifications.show({
      color: result.created.length > 0 ? 'green' : 'yellow',
      message: [
        t('tables.bulk.created', { count: result.created.length }),
        result.skipped.length > 0 ? t('tables.bulk.skipped', { numbers: result.skipped.join(', ') }) : '',
      ]
        .filter(Boolean)
        .join(' '),
    });
    onClose();
  };

  const onSubmit = form.onSubmit((values) =>
    create.mutate(tableRangeBody.parse(values), {
      onSuccess: done,
      onError: (error) => {
        if (applyServerErrors(form, error)) create.reset();
      },
    }),
  );

  return (
    <Modal opened onClose={close} title={t('tables.bulk.title')} data-testid="bulk-tables-dialog">
      {guard.leaveGuard}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <ErrorBanner error={create.error} onClose={() => create.reset()} />
          <Text size="sm" c="dimmed">
            {t('tables.bulk.intro', { max: TABLE_RANGE_MAX })}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberInput
              label={t('tables.bulk.from')}
              required
              min={1}
              max={TABLE_RANGE_LAST}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              data-autofocus
              {...form.getInputProps('from')}
              error={err('from')}
            />
            <NumberInput
              label={t('tables.bulk.to')}
              required
              min={1}
              max={TABLE_RANGE_LAST}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps('to')}
              error={err('to')}
            />
          </SimpleGrid>
          <Text size="sm" aria-live="polite" data-testid="bulk-tables-summary">
            {!valid
              ? '\u00a0'
              : count === 1
                ? t('tables.bulk.summaryOne', { from })
                : t('tables.bulk.summary', { count, from, to })}
          </Text>
          <FormActions
            onCancel={close}
            saving={create.isPending}
            disabled={!valid}
            submitLabel={t('tables.bulk.submit', { count })}
          />
        </Stack>
      </form>
    </Modal>
  );
}
