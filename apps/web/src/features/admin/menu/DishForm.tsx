import { useState } from 'react';
import {
  Anchor,
  Badge,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { dishData, type Category, type CommonDish, type Department, type Dish } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../shared/FormActions';
import { ManualOrReadyMadeModal } from '../shared/ManualOrReadyMadeModal';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { zodFormErrors } from '../../../components/form-errors';
import { useCommonCategories } from '../categories/categories-api';
import { FLAGS, formatPrice, localName, NAME_LANGS, sameName, serverFieldErrors } from '../categories/menu-helpers';
import { emptyImage, imageChange, imageErrorKey, ImagePicker, type ImageValue } from '../shared/ImagePicker';
import { useAddTemplateDishes, useCommonDishes, useSaveDish } from './dishes-api';

export interface DishValues {
  nameAz: string;
  nameEn: string;
  nameRu: string;
  descriptionAz: string;
  descriptionEn: string;
  descriptionRu: string;
  price: number | string;
  available: boolean;
  /** Select value: the department id as a string, or null for none. */
  kitchenDepartmentId: string | null;
  /** Select value: the category the dish is (or will be) in. */
  categoryId: string | null;
  image: ImageValue;
}

const FIELD = {
  az: { name: 'nameAz', description: 'descriptionAz' },
  en: { name: 'nameEn', description: 'descriptionEn' },
  ru: { name: 'nameRu', description: 'descriptionRu' },
} as const;

/**
 * Validation of the dish form (SPEC.md §5) as i18n keys by field: at least one language name (under
 * `names`), a price > 0 with at most 2 decimals, and the category and restaurant ids present.
 */
export function dishFormErrors(values: DishValues, eateryId: number | null): Record<string, string> {
  const errors = zodFormErrors(dishData, {
    nameAz: values.nameAz,
    nameEn: values.nameEn,
    nameRu: values.nameRu,
    descriptionAz: values.descriptionAz,
    descriptionEn: values.descriptionEn,
    descriptionRu: values.descriptionRu,
    price: values.price,
  });
  const out: Record<string, string> = {};
  for (const [field, key] of Object.entries(errors)) out[key === 'validation.dishNameRequired' ? 'names' : field] = key;
  if (!values.categoryId || !eateryId) out.ids = 'dishes.idsMissing';
  return out;
}

const toValues = (dish: Dish | null, categoryId: number): DishValues => ({
  nameAz: dish?.nameAz ?? '',
  nameEn: dish?.nameEn ?? '',
  nameRu: dish?.nameRu ?? '',
  descriptionAz: dish?.descriptionAz ?? '',
  descriptionEn: dish?.descriptionEn ?? '',
  descriptionRu: dish?.descriptionRu ?? '',
  price: dish?.price ?? '',
  available: dish?.available ?? true,
  kitchenDepartmentId: dish?.kitchenDepartmentId ? String(dish.kitchenDepartmentId) : null,
  categoryId: String(dish?.categoryId ?? categoryId),
  image: emptyImage(dish?.image ?? null),
});

export function ManualDishForm({
  eateryId,
  categoryId,
  dish,
  categories,
  departments,
  onClose,
}: {
  eateryId: number;
  categoryId: number;
  dish: Dish | null;
  categories: Category[];
  departments: Department[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveDish(eateryId, categoryId);
  const [imageBusy, setImageBusy] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const form = useForm<DishValues>({
    initialValues: toValues(dish, categoryId),
    validateInputOnBlur: ['price'],
    validate: (values) => dishFormErrors(values, eateryId),
    onValuesChange: (values) => {
      if (Object.keys(form.errors).length) form.setErrors(dishFormErrors(values, eateryId));
    },
  });
  const err = (path: string) => (form.errors[path] ? t(String(form.errors[path])) : undefined);
  const namesError = err('names');
  const values = form.getValues();

  const onSubmit = form.onSubmit((v) => {
    setImageError(null);
    const { file, remove } = imageChange(dish?.image ?? null, v.image);
    save.mutate(
      {
        id: dish?.id,
        data: {
          nameAz: v.nameAz.trim(),
          nameEn: v.nameEn.trim(),
          nameRu: v.nameRu.trim(),
          descriptionAz: v.descriptionAz.trim(),
          descriptionEn: v.descriptionEn.trim(),
          descriptionRu: v.descriptionRu.trim(),
          price: typeof v.price === 'number' ? v.price.toFixed(2) : v.price,
          available: v.available,
          categoryId: Number(v.categoryId),
          kitchenDepartmentId: v.kitchenDepartmentId ? Number(v.kitchenDepartmentId) : null,
        },
        image: file,
        removeImage: remove,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t(dish ? 'dishes.updated' : 'dishes.created') });
          onClose();
        },
        onError: (error) => {
          for (const [field, key] of Object.entries(serverFieldErrors(error))) {
            form.setFieldError(key === 'validation.dishNameRequired' ? 'names' : field, key);
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
        {showBanner && <ErrorBanner error={save.error} onClose={() => save.reset()} />}
        {err('ids') && (
          <Text c="red" size="sm" role="alert">
            {err('ids')}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {t('dishes.namesHint')}
        </Text>
        {NAME_LANGS.map((lng) => (
          <TextInput
            key={lng}
            label={`${FLAGS[lng]} ${t(`dishes.${FIELD[lng].name}`)}`}
            maxLength={255}
            {...form.getInputProps(FIELD[lng].name)}
            error={err(FIELD[lng].name) ?? !!namesError}
            aria-describedby={namesError ? 'dish-names-error' : undefined}
          />
        ))}
        {namesError && (
          <Text id="dish-names-error" size="sm" c="red" role="alert">
            {namesError}
          </Text>
        )}
        {NAME_LANGS.map((lng) => (
          <Textarea
            key={lng}
            label={`${FLAGS[lng]} ${t(`dishes.${FIELD[lng].description}`)}`}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={2000}
            {...form.getInputProps(FIELD[lng].description)}
            error={err(FIELD[lng].description)}
          />
        ))}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label={t('dishes.price')}
            required
            min={0}
            step={0.01}
            decimalScale={2}
            fixedDecimalScale
            allowNegative={false}
            rightSection={
              <Text size="sm" c="dimmed" pr="xs">
                {t('dishes.priceUnit')}
              </Text>
            }
            rightSectionWidth={52}
            inputMode="decimal"
            {...form.getInputProps('price')}
            error={err('price')}
          />
          <Select
            label={t('dishes.department')}
            description={t('dishes.departmentHint')}
            placeholder={t('dishes.departmentPlaceholder')}
            data={departments.map((d) => ({ value: String(d.id), label: d.name }))}
            clearable
            nothingFoundMessage={t('dishes.noDepartmentsYet')}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('kitchenDepartmentId')}
            error={err('kitchenDepartmentId')}
          />
        </SimpleGrid>
        {departments.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('dishes.noDepartmentsYet')}.{' '}
            <Anchor component={Link} to={`/admin/restaurant/${eateryId}/departments`} size="xs">
              {t('dishes.manageDepartments')}
            </Anchor>
          </Text>
        )}
        {dish && (
          <Select
            label={t('dishes.category')}
            data={categories.map((c) => ({ value: String(c.id), label: localName(c, i18n.language) }))}
            allowDeselect={false}
            {...form.getInputProps('categoryId')}
            error={err('categoryId')}
          />
        )}
        <Switch
          label={t('dishes.availableLabel')}
          description={t('dishes.availableHint')}
          {...form.getInputProps('available', { type: 'checkbox' })}
        />
        <ImagePicker
          value={values.image}
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

/** Template dishes of the catalogue category that matches this category's name (in any language). */
function PredefinedDishForm({
  eateryId,
  category,
  existing,
  onClose,
}: {
  eateryId: number;
  category: Category;
  existing: Dish[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const common = useCommonCategories();
  const match = common.data?.find((c) => sameName(category, c)) ?? null;
  const templates = useCommonDishes(match?.key ?? null);
  const add = useAddTemplateDishes(eateryId, category.id);
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  if (common.isPending || (match && templates.isPending)) return <PageLoader rows={2} />;
  const list: CommonDish[] = match ? (templates.data ?? []) : [];
  const loadError = common.error ?? templates.error;

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (selected.length === 0) {
      setError('dishes.selectAtLeastOne');
      return;
    }
    add.mutate(
      list.filter((d) => selected.includes(String(d.dishId))),
      {
        onSuccess: (created) => {
          notifications.show({ color: 'green', message: t('dishes.templatesAdded', { count: created.length }) });
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <ErrorBanner error={add.error ?? loadError} onClose={add.error ? () => add.reset() : undefined} />
        {list.length === 0 ? (
          <Text c="dimmed" py="md">
            {t('dishes.noPredefined')}
          </Text>
        ) : (
          <Checkbox.Group
            value={selected}
            onChange={(v) => {
              setSelected(v);
              if (v.length) setError(null);
            }}
            label={t('dishes.predefinedHint')}
            error={error ? t(error) : undefined}
          >
            <Stack gap="xs" mt="xs">
              {list.map((d) => {
                const added = existing.some((x) => sameName(x, d));
                const description =
                  (i18n.language === 'az'
                    ? d.descriptionAz
                    : i18n.language === 'ru'
                      ? d.descriptionRu
                      : d.descriptionEn) || d.descriptionEn;
                return (
                  <Checkbox.Card key={d.dishId} value={String(d.dishId)} radius="md" p="sm" withBorder>
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Checkbox.Indicator mt={2} />
                      <div style={{ minWidth: 0, flex: 1 }}>
                        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                          <Text fw={600} size="sm">
                            {localName(d, i18n.language)}
                          </Text>
                          <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                            {formatPrice(d.price, i18n.language)} {t('dishes.priceUnit')}
                          </Text>
                        </Group>
                        {description && (
                          <Text size="xs" c="dimmed" lineClamp={2}>
                            {description}
                          </Text>
                        )}
                        {added && (
                          <Badge size="xs" variant="light" color="gray" mt={4} tt="none">
                            {t('dishes.alreadyAdded')}
                          </Badge>
                        )}
                      </div>
                    </Group>
                  </Checkbox.Card>
                );
              })}
            </Stack>
          </Checkbox.Group>
        )}
        <FormActions
          sticky
          onCancel={onClose}
          saving={add.isPending}
          disabled={list.length === 0}
          submitLabel={t('dishes.addSelected', { count: selected.length })}
        />
      </Stack>
    </form>
  );
}

/** Add or edit a dish (SPEC.md §2): adding offers the tabs manual and ready-made; editing only the form. */
export function DishForm({
  eateryId,
  category,
  dish,
  dishes,
  categories,
  departments,
  initialTab = 'manual',
  onClose,
}: {
  eateryId: number;
  category: Category;
  dish: Dish | null;
  dishes: Dish[];
  categories: Category[];
  departments: Department[];
  initialTab?: 'manual' | 'predefined';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ManualOrReadyMadeModal
      title={t(dish ? 'dishes.editTitle' : 'dishes.addTitle')}
      editing={!!dish}
      labels={{ manual: 'dishes.tabManual', readyMade: 'dishes.tabPredefined' }}
      initialTab={initialTab}
      onClose={onClose}
      manual={
        <ManualDishForm
          eateryId={eateryId}
          categoryId={category.id}
          dish={dish}
          categories={categories}
          departments={departments}
          onClose={onClose}
        />
      }
      readyMade={<PredefinedDishForm eateryId={eateryId} category={category} existing={dishes} onClose={onClose} />}
    />
  );
}
