import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { departmentBody, type Department } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../shared/FormActions';
import { useUnsavedChangesGuard } from '../shared/forms/unsaved-changes';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { zodFormErrors } from '../../../components/form-errors';
import { useSaveAndClose } from '../shared/use-save-and-close';
import { useSaveDepartment } from './departments-api';

/** Validation of the department form: name required after trimming ('Name is required'). */
export function departmentFormErrors(values: { name: string }): Record<string, string> {
  const errors = zodFormErrors(departmentBody, values);
  if (errors.name === 'validation.required') errors.name = 'departments.nameRequired';
  return errors;
}

/** Add or edit a kitchen department: its name. A duplicate name is shown under the field. */
export function DepartmentForm({
  eateryId,
  department,
  onClose,
}: {
  eateryId: number;
  department: Department | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveDepartment(eateryId);
  const form = useForm({
    initialValues: { name: department?.name ?? '' },
    validateInputOnBlur: true,
    validate: departmentFormErrors,
  });
  const nameError = form.errors.name ? t(String(form.errors.name)) : undefined;
  const guard = useUnsavedChangesGuard(form.isDirty());
  const close = () => guard.confirmClose(onClose);

  // The only input takes every field message of the server; a duplicate name too.
  const saveAndClose = useSaveAndClose(save, {
    form,
    onClose,
    fields: { fieldOf: () => 'name', conflicts: { departmentExists: 'name' } },
  });

  const onSubmit = form.onSubmit((values) =>
    saveAndClose(
      { id: department?.id, name: values.name.trim() },
      department ? 'departments.updated' : 'departments.created',
    ),
  );

  return (
    <Modal opened onClose={close} title={t(department ? 'departments.editTitle' : 'departments.addTitle')}>
      {guard.leaveGuard}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <ErrorBanner error={save.error} onClose={() => save.reset()} />
          <TextInput
            label={t('departments.name')}
            placeholder={t('departments.namePlaceholder')}
            required
            maxLength={100}
            data-autofocus
            {...form.getInputProps('name')}
            error={nameError}
          />
          <FormActions onCancel={close} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
