import { useState } from 'react';
import { Badge, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { categoryData, type Category, type CommonCategory } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../shared/FormActions';
import { ManualOrReadyMadeModal } from '../shared/ManualOrReadyMadeModal';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { zodFormErrors } from '../../../components/form-errors';
import { emptyImage, imageChange, imageErrorKey, ImagePicker, type ImageValue } from '../shared/ImagePicker';
import { useAddPredefinedCategories, useCommonCategories, useSaveCategory } from './categories-api';
import { FLAGS, localName, NAME_LANGS, sameName, serverFieldErrors } from './menu-helpers';

export interface CategoryValues {
  nameAz: string;
  nameEn: string;
  nameRu: string;
  image: ImageValue;
}

const NAME_FIELDS = { az: 'nameAz', en: 'nameEn', ru: 'nameRu' } as const;

/**
 * Validation of the manual category form (SPEC.md §5), as i18n keys by field. The rule "at least one
 * language name" is reported once for the three name fields, under `names`.
 */
export function categoryFormErrors(values: Pick<CategoryValues, 'nameAz' | 'nameEn' | 'nameRu'>) {
  const errors = zodFormErrors(categoryData, {
    nameAz: values.nameAz,
    nameEn: values.nameEn,
    nameRu: values.nameRu,
  });
  const out: Record<string, string> = {};
  for (const [field, key] of Object.entries(errors))
    out[key === 'validation.categoryNameRequired' ? 'names' : field] = key;
  return out;
}

/** Validation of the predefined tab: at least one category ticked. */
export const predefinedErrors = (selected: string[]) =>
  selected.length === 0 ? { selected: 'categories.selectAtLeastOne' } : {};

function ManualCategoryForm({
  eateryId,
  category,
  onClose,
  onSaved,
}: {
  eateryId: number;
  category: Category | null;
  onClose: () => void;
  onSaved?: (created: Category[]) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCategory(eateryId);
  const [imageBusy, setImageBusy] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const form = useForm<CategoryValues>({
    initialValues: {
      nameAz: category?.nameAz ?? '',
      nameEn: category?.nameEn ?? '',
      nameRu: category?.nameRu ?? '',
      image: emptyImage(category?.image ?? null),
    },
    validate: (values) => categoryFormErrors(values),
    // Once a message is shown, it goes away as soon as the user fixes the field.
    onValuesChange: (values) => {
      if (Object.keys(form.errors).length) form.setErrors(categoryFormErrors(values));
    },
  });
  const err = (path: string) => (form.errors[path] ? t(String(form.errors[path])) : undefined);
  const namesError = err('names');

  const onSubmit = form.onSubmit((values) => {
    setImageError(null);
    const { file, remove } = imageChange(category?.image ?? null, values.image);
    save.mutate(
      {
        id: category?.id,
        data: { nameAz: values.nameAz.trim(), nameEn: values.nameEn.trim(), nameRu: values.nameRu.trim() },
        image: file,
        removeImage: remove,
      },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t(category ? 'categories.updated' : 'categories.created') });
          onSaved?.([saved]);
          onClose();
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          if (Object.keys(fields).length) {
            form.setErrors(categoryFormErrors(values));
            for (const [field, key] of Object.entries(fields)) {
              form.setFieldError(key === 'validation.categoryNameRequired' ? 'names' : field, key);
            }
          }
          const imageKey = imageErrorKey(error);
          if (imageKey) setImageError(t(`errors.${imageKey}`));
        },
      },
    );
  });

  const showBanner = save.error && !imageErrorKey(save.error);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {showBanner && (
          <ErrorBanner error={save.error} onClose={() => save.reset()} fallbackKey="categories.saveError" />
        )}
        <Text size="sm" c="dimmed">
          {t('categories.namesHint')}
        </Text>
        {NAME_LANGS.map((lng) => (
          <TextInput
            key={lng}
            label={`${FLAGS[lng]} ${t(`categories.${NAME_FIELDS[lng]}`)}`}
            maxLength={255}
            {...form.getInputProps(NAME_FIELDS[lng])}
            error={err(NAME_FIELDS[lng]) ?? !!namesError}
            aria-describedby={namesError ? 'category-names-error' : undefined}
          />
        ))}
        {namesError && (
          <Text id="category-names-error" size="sm" c="red" role="alert">
            {namesError}
          </Text>
        )}
        <ImagePicker
          value={form.getValues().image}
          onChange={(v) => {
            setImageError(null);
            form.setFieldValue('image', v);
          }}
          error={imageError ?? undefined}
          onBusyChange={setImageBusy}
        />
        <FormActions sticky onCancel={onClose} saving={save.isPending} disabled={imageBusy} />
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
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const errors = predefinedErrors(selected);
    setError(errors.selected ?? null);
    if (errors.selected) return;
    const chosen = (common.data ?? []).filter((c) => selected.includes(String(c.categoryId)));
    add.mutate(chosen, {
      onSuccess: (created) => {
        notifications.show({ color: 'green', message: t('categories.createdMany', { count: created.length }) });
        onSaved?.(created);
        onClose();
      },
    });
  };

  if (common.isPending) return <PageLoader rows={2} />;
  if (common.error) return <ErrorBanner error={common.error} />;
  const list: CommonCategory[] = common.data ?? [];
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <ErrorBanner error={add.error} onClose={() => add.reset()} fallbackKey="categories.saveError" />
        {list.length === 0 ? (
          <Text c="dimmed">{t('categories.noPredefined')}</Text>
        ) : (
          <Checkbox.Group
            value={selected}
            onChange={(v) => {
              setSelected(v);
              if (v.length) setError(null);
            }}
            label={t('categories.predefinedHint')}
            error={error ? t(error) : undefined}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
              {list.map((c) => {
                const added = existing.some((e) => sameName(e, c));
                return (
                  <Checkbox.Card key={c.categoryId} value={String(c.categoryId)} radius="md" p="sm" withBorder>
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Checkbox.Indicator mt={2} />
                      <div style={{ minWidth: 0 }}>
                        <Text fw={600} size="sm">
                          {localName(c, i18n.language)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('categories.templateDishes', { count: c.dishCount })}
                        </Text>
                        {added && (
                          <Badge size="xs" variant="light" color="gray" mt={4} tt="none">
                            {t('categories.alreadyAdded')}
                          </Badge>
                        )}
                      </div>
                    </Group>
                  </Checkbox.Card>
                );
              })}
            </SimpleGrid>
          </Checkbox.Group>
        )}
        <FormActions
          sticky
          onCancel={onClose}
          saving={add.isPending}
          disabled={list.length === 0}
          submitLabel={t('categories.addSelected', { count: selected.length })}
        />
      </Stack>
    </form>
  );
}

/**
 * Add or edit a category (SPEC.md §2): adding offers two tabs, manual entry and the ready-made list
 * (multi-select); editing shows only the manual form.
 */
export function CategoryForm({
  eateryId,
  category,
  existing,
  initialTab = 'manual',
  onClose,
  onSaved,
}: {
  eateryId: number;
  category: Category | null;
  existing: Category[];
  initialTab?: 'manual' | 'predefined';
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
      manual={<ManualCategoryForm eateryId={eateryId} category={category} onClose={onClose} onSaved={onSaved} />}
      readyMade={<PredefinedCategoryForm eateryId={eateryId} existing={existing} onClose={onClose} onSaved={onSaved} />}
    />
  );
}
