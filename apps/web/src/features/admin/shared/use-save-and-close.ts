import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, type FormLike, type ServerErrorFields } from '../../../components/form-errors';

/**
 * The save step of an admin form: on success a green note (`doneKey`) and the form closes; on failure the
 * server's field messages go under the inputs, and the error banner goes away when every one found its input.
 */
export function useSaveAndClose<TData, TInput>(
  save: UseMutationResult<TData, Error, TInput>,
  { form, onClose, fields }: { form: FormLike; onClose: () => void; fields: ServerErrorFields },
) {
  const { t } = useTranslation();
  return (input: TInput, doneKey: string) =>
    save.mutate(input, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t(doneKey) });
        onClose();
      },
      onError: (error) => {
        if (applyServerErrors(form, error, fields)) save.reset();
      },
    });
}
