import { NumberInput, Paper, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LIMITS, TABLE_LIMITS, TABLE_STATUSES, tableBody, type Table, type TableStatus } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../shared/FormActions';
import { FormAlerts } from '../shared/FormAlerts';
import { useUnsavedChangesGuard } from '../shared/forms/unsaved-changes';
import { zodFormErrors } from '../../../components/form-errors';
import { useSaveAndClose } from '../shared/use-save-and-close';
import { useSaveTable } from './tables-api';

export interface TableFormValues {
  number: string;
  seats: number | string;
  note: string;
  status: TableStatus;
}

const toValues = (table?: Table | null): TableFormValues => ({
  number: table?.number ?? '',
  seats: table?.seats ?? LIMITS.defaultSeats,
  note: table?.note ?? '',
  status: table?.status ?? 'ACTIVE',
});

/**
 * The rules of the table form as i18n keys: number required, seats required and at least 1,
 * and a restaurant must be chosen ('Please select a restaurant first', under the `restaurant` key).
 */
export function validateTable(values: TableFormValues, restaurantId: number | null): Record<string, string> {
  const seatsBlank = values.seats === '' || values.seats === null || values.seats === undefined;
  const errors = zodFormErrors(tableBody, { ...values, seats: seatsBlank ? null : values.seats });
  if (!values.number.trim()) errors.number = 'tables.errors.numberRequired';
  if (seatsBlank) errors.seats = 'tables.errors.seatsRequired';
  if (!restaurantId) errors.restaurant = 'tables.selectRestaurantFirst';
  return errors;
}

/** Server paths of the table body are the form's own field names. */
const fieldOf = (path: string) => (['number', 'seats', 'note', 'status'].includes(path) ? path : undefined);

/** Add/edit form of a table; it takes the place of the list while open. */
export function TableForm({
  restaurantId,
  table,
  onClose,
}: {
  restaurantId: number | null;
  table?: Table | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTable(restaurantId ?? 0);
  const form = useForm<TableFormValues>({
    initialValues: toValues(table),
    validateInputOnBlur: true,
    validate: (values) => validateTable(values, restaurantId),
  });
  const err = (path: string) => (form.errors[path] ? t(String(form.errors[path])) : undefined);
  const saveAndClose = useSaveAndClose(save, {
    form,
    onClose,
    fields: { fieldOf, conflicts: { tableExists: 'number' } },
  });
  const guard = useUnsavedChangesGuard(form.isDirty());
  const close = () => guard.confirmClose(onClose);

  const onSubmit = form.onSubmit((values) =>
    saveAndClose({ id: table?.id, body: tableBody.parse(values) }, table ? 'tables.updated' : 'tables.created'),
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={720}>
      {guard.leaveGuard}
      <Title order={3} mb="md">
        {table ? t('tables.editTitle', { number: table.number }) : t('tables.addTitle')}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <FormAlerts restaurantError={err('restaurant')} save={save} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t('tables.number')}
              required
              maxLength={TABLE_LIMITS.numberMax}
              data-autofocus
              {...form.getInputProps('number')}
              error={err('number')}
            />
            <NumberInput
              label={t('tables.seats')}
              required
              min={1}
              max={TABLE_LIMITS.seatsMax}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps('seats')}
              error={err('seats')}
            />
          </SimpleGrid>
          <Select
            label={t('tables.status')}
            data={TABLE_STATUSES.map((s) => ({ value: s, label: t(`tables.statuses.${s}`) }))}
            allowDeselect={false}
            {...form.getInputProps('status')}
            error={err('status')}
          />
          <Textarea
            label={t('tables.note')}
            placeholder={t('tables.notePlaceholder')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={TABLE_LIMITS.noteMax}
            {...form.getInputProps('note')}
            error={err('note')}
          />
          <FormActions onCancel={close} saving={save.isPending} />
        </Stack>
      </form>
    </Paper>
  );
}
