import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, type FormLike, type ServerErrorFields } from '../../../components/form-errors';

interface SaveOptions<TData> {
  form: FormLike;
  onClose: () => void;
  /** How the server's field messages map onto the form's inputs. */
  fields?: ServerErrorFields;
  /**
   * True (the default): the error banner goes away when every server message found its input. The menu
   * forms keep their banner over the field messages.
   */
  dropPlacedBanner?: boolean;
  /** Called with the saved entity before the form closes. */
  onSaved?: (saved: TData) => void;
  /** Called after a failed save, once the field messages are placed. */
  onFailed?: (error: Error) => void;
}

/**
 * The save step of an admin form: on success a green note (`doneKey`) and the form closes; on failure the
 * server's field messages go under the inputs.
 */
export function useSaveAndClose<TData, TInput>(
  save: UseMutationResult<TData, Error, TInput>,
  { form, onClose, fields, dropPlacedBanner = true, onSaved, onFailed }: SaveOptions<TData>,
) {
  const { t } = useTranslation();
  return (input: TInput, doneKey: string) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: t(doneKey) });
        onSaved?.(saved);
        onClose();
      },
      onError: (error) => {
        const placed = applyServerErrors(form, error, fields);
        if (placed && dropPlacedBanner) save.reset();
        onFailed?.(error);
      },
    });
}
