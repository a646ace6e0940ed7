import { Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  availableHoursField,
  categoryData,
  localName,
  MENU_V,
  pickNames,
  type AvailabilityHours,
  type Category,
  type LocalizedNames,
} from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../FormActions';
import { ManualOrReadyMadeModal } from '../ManualOrReadyMadeModal';
import { ErrorBanner } from '../../../../components/ErrorBanner';
import { PageLoader } from '../../../../components/PageLoader';
import { zodFormErrors } from '../../../../components/form-errors';
import { emptyImage, ImagePicker, type ImageValue } from '../ImagePicker';
import { useImageField } from '../use-image-field';
import { useSaveAndClose } from '../use-save-and-close';
import { useUnsavedChangesGuard } from '../forms/unsaved-changes';
import { DefaultCourseSelect } from '../courses/DefaultCourseSelect';
import { AvailabilityHoursInput } from './AvailabilityHoursInput';
import { useAddPredefinedCategories, useCommonCategories, useSaveCategory } from './categories-api';
import { EMPTY_TEXTS, sameName, trimmed } from './menu-helpers';
import { NameFields, NAMES_ERROR } from './NameFields';
import { ReadyMadePicker } from './ReadyMadePicker';

export interface CategoryValues extends LocalizedNames {
  image: ImageValue;
  /** When the category's dishes can be ordered; null: always. */
  availableHours: AvailabilityHours | null;
  /** Its dishes' default course (1 = the first); null: the first. */
  course: number | null;
}

/** The "at least one name" rule is shown once for the three inputs. */
const byMessage = { [MENU_V.categoryNameRequired]: NAMES_ERROR };

/** Where the form shows a message of the hours: under the from/until times, else under the days. */
export function categoryFieldOf(path: string): string {
  if (path.startsWith('availableHours')) return /^availableHours\.(from|to)$/.test(path) ? path : 'availableHours.days';
  return path.split('.')[0];
}

/**
 * Validation of the manual category form, as i18n keys by field. The rule "at least one
 * language name" is reported once for the three name fields, under `names`.
 */
export function categoryFormErrors(values: LocalizedNames & { availableHours?: AvailabilityHours | null }) {
  const raw = zodFormErrors(
    categoryData,
    { ...pickNames(values), ...(values.availableHours !== undefined ? { availableHours: values.availableHours } : {}) },
    byMessage,
  );
  const errors: Record<string, string> = {};
  for (const [path, key] of Object.entries(raw)) {
    const field = categoryFieldOf(path);
    if (!(field in errors)) errors[field] = key;
  }
  return errors;
}

function ManualCategoryForm({
  eateryId,
  category,
  timeZone,
  onClose,
  onSaved,
}: {
  eateryId: number;
  category: Category | null;
  timeZone?: string;
  onClose: () => void;
  onSaved?: (created: Category[]) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCategory(eateryId);
  const image = useImageField(category?.image ?? null);
  const form = useForm<CategoryValues>({
    initialValues: {
      ...pickNames(category ?? EMPTY_TEXTS),
      image: emptyImage(category?.image ?? null),
      availableHours: category?.availableHours ?? null,
      course: category?.course ?? null,
    },
    validate: (values) => categoryFormErrors(values),
    // Once a message is shown, it goes away as soon as the user fixes the field.
    onValuesChange: (values) => {
      if (Object.keys(form.errors).length) form.setErrors(categoryFormErrors(values));
    },
  });
  const err = (path: string) => (form.errors[path] ? t(String(form.errors[path])) : undefined);
  const guard = useUnsavedChangesGuard(form.isDirty());
  const saveAndClose = useSaveAndClose(save, {
    form,
    onClose,
    fields: { byMessage, fieldOf: categoryFieldOf },
    dropPlacedBanner: false,
    onSaved: (saved) => onSaved?.([saved]),
    onFailed: image.showSaveError,
  });

  const onSubmit = form.onSubmit((values) => {
    const { file, remove } = image.toSave(values.image);
    saveAndClose(
      {
        id: category?.id,
        data: {
          ...trimmed(pickNames(values)),
          availableHours: availableHoursField.parse(values.availableHours),
          // Sent only when picked here: left out, the server keeps it (a new category: the first course).
          ...(values.course !== (category?.course ?? null) ? { course: values.course } : {}),
        },
        image: file,
        removeImage: remove,
      },
      category ? 'categories.updated' : 'categories.created',
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      {guard.leaveGuard}
      <Stack gap="sm">
        <ErrorBanner
          error={image.bannerError(save.error)}
          onClose={() => save.reset()}
          fallbackKey="categories.saveError"
        />
        <NameFields ns="categories" inputProps={form.getInputProps} errorOf={err} />
        <ImagePicker {...image.pickerProps(form.getValues().image, (v) => form.setFieldValue('image', v))} />
        <AvailabilityHoursInput
          idPrefix="category"
          value={form.getValues().availableHours}
          onChange={(hours) => form.setFieldValue('availableHours', hours)}
          errorOf={(part) => err(`availableHours.${part}`)}
          timeZone={timeZone}
        />
        <DefaultCourseSelect
          eateryId={eateryId}
          value={form.getValues().course}
          onChange={(course) => form.setFieldValue('course', course)}
          error={err('course')}
        />
        <FormActions
          sticky
          onCancel={() => guard.confirmClose(onClose)}
          saving={save.isPending}
          disabled={image.busy}
        />
      </Stack>
    </form>
  );
}

function PredefinedCategoryForm({
  eateryId,
  existing,
  onClose,
  onSaved,
}: {
  eateryId: number;
  existing: Category[];
  onClose: () => void;
  onSaved?: (created: Category[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const common = useCommonCategories();
  const add = useAddPredefinedCategories(eateryId);

  if (common.isPending) return <PageLoader rows={2} />;
  if (common.error) return <ErrorBanner error={common.error} />;
  return (
    <ReadyMadePicker
      ns="categories"
      grid
      items={common.data ?? []}
      idOf={(c) => c.categoryId}
      isAdded={(c) => existing.some((e) => sameName(e, c))}
      renderItem={(c) => (
        <>
          <Text fw={600} size="sm">
            {localName(c, i18n.language)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('categories.templateDishes', { count: c.dishCount })}
          </Text>
        </>
      )}
      banner={<ErrorBanner error={add.error} onClose={() => add.reset()} fallbackKey="categories.saveError" />}
      saving={add.isPending}
      onCancel={onClose}
      onAdd={(chosen) =>
        add.mutate(chosen, {
          onSuccess: (created) => {
            notifications.show({ color: 'green', message: t('categories.createdMany', { count: created.length }) });
            onSaved?.(created);
            onClose();
          },
        })
      }
    />
  );
}

/**
 * Add or edit a category: adding offers two tabs, manual entry and the ready-made list
 * (multi-select); editing shows only the manual form.
 */
export function CategoryForm({
  eateryId,
  category,
  existing,
  initialTab = 'manual',
  timeZone,
  onClose,
  onSaved,
}: {
  eateryId: number;
  category: Category | null;
  existing: Category[];
  initialTab?: 'manual' | 'predefined';
  /** The restaurant's time zone, named beside the availability hours. */
  timeZone?: string;
  onClose: () => void;
  onSaved?: (created: Category[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <ManualOrReadyMadeModal
      title={t(category ? 'categories.editTitle' : 'categories.addTitle')}
      editing={!!category}
      labels={{ manual: 'categories.tabManual', readyMade: 'categories.tabPredefined' }}
      initialTab={initialTab}
      onClose={onClose}
      manual={
        <ManualCategoryForm
          eateryId={eateryId}
          category={category}
          timeZone={timeZone}
          onClose={onClose}
          onSaved={onSaved}
        />
      }
      readyMade={<PredefinedCategoryForm eateryId={eateryId} existing={existing} onClose={onClose} onSaved={onSaved} />}
    />
  );
}
