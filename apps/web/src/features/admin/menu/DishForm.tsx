import { Anchor, Divider, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  availableHoursField,
  DEFAULT_TIME_ZONE,
  DIETARY_TAG_V,
  dishData,
  localDescription,
  localName,
  MENU_V,
  optionGroupsField,
  pickTexts,
  type Category,
  type Department,
  type Dish,
} from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../shared/FormActions';
import { ManualOrReadyMadeModal } from '../shared/ManualOrReadyMadeModal';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { zodFormErrors } from '../../../components/form-errors';
import { useCommonCategories } from '../shared/menu/categories-api';
import { EMPTY_TEXTS, formatPrice, NAME_LANGS, sameName, trimmed } from '../shared/menu/menu-helpers';
import { LanguageLabel } from '../shared/forms/LanguageBadge';
import { NameFields, NAMES_ERROR } from '../shared/menu/NameFields';
import { ReadyMadePicker } from '../shared/menu/ReadyMadePicker';
import { emptyImage, ImagePicker } from '../shared/ImagePicker';
import { useImageField } from '../shared/use-image-field';
import { useSaveAndClose } from '../shared/use-save-and-close';
import { useUnsavedChangesGuard } from '../shared/forms/unsaved-changes';
import { AvailabilityHoursInput } from '../shared/menu/AvailabilityHoursInput';
import { DietaryTagsInput } from './DietaryTags';
import { useAddTemplateDishes, useCommonDishes, useSaveDish } from './dishes-api';
import { toGroupInputs, toGroupValues } from './option-groups';
import type { DishValues } from './dish-values';
import { OptionGroupsEditor } from './OptionGroupsEditor';
import { StockCountInput } from '../shared/stock/StockCountInput';
import { backWhen } from './back-at';
import '../shared/menu/menu-texts';

export type { DishValues };

const DESCRIPTION_FIELDS = { az: 'descriptionAz', en: 'descriptionEn', ru: 'descriptionRu' } as const;

/** The "at least one name" rule is shown once for the three name inputs. */
const byMessage = { [MENU_V.dishNameRequired]: NAMES_ERROR, [DIETARY_TAG_V.unknown]: 'dietaryTags' };

const GROUP_FIELD = /^optionGroups\.\d+\.(nameAz|nameEn|nameRu|minChoices|maxChoices|options)$/;
const OPTION_FIELD = /^optionGroups\.\d+\.options\.\d+\.(nameAz|nameEn|nameRu|priceDelta)$/;

/**
 * Where the form shows a message of a path of dishData (the contract's, or the server's `details[].field`): option
 * group and option fields under their inputs, anything else of a group at the top of that group, of the hours under
 * the days or the time, other fields by their first segment.
 */
export function dishFieldOf(path: string): string {
  if (path.startsWith('optionGroups.')) {
    if (GROUP_FIELD.test(path) || OPTION_FIELD.test(path)) return path;
    return /^optionGroups\.\d+/.exec(path)?.[0] ?? 'optionGroups';
  }
  if (path.startsWith('availableHours')) return /^availableHours\.(from|to)$/.test(path) ? path : 'availableHours.days';
  return path.split('.')[0];
}

/** The contract's input of the form's option groups and hours (one zod schema checks them here and on the server). */
const optionsData = (values: Pick<DishValues, 'optionGroups' | 'availableHours'>) => ({
  optionGroups: toGroupInputs(values.optionGroups),
  availableHours: values.availableHours,
});

/**
 * Validation of the dish form as i18n keys by field: at least one language name (under
 * `names`), a price > 0 with at most 2 decimals, the option groups and hours, and the category and restaurant ids.
 */
export function dishFormErrors(values: DishValues, eateryId: number | null): Record<string, string> {
  const raw = zodFormErrors(
    dishData,
    { ...pickTexts(values), price: values.price, dietaryTags: values.dietaryTags, ...optionsData(values) },
    byMessage,
  );
  const errors: Record<string, string> = {};
  for (const [path, key] of Object.entries(raw)) {
    const field = dishFieldOf(path);
    if (!(field in errors)) errors[field] = key;
  }
  if (!values.categoryId || !eateryId) errors.ids = 'dishes.idsMissing';
  return errors;
}

/** The parsed option groups and hours of valid form values. */
function optionsOutput(values: DishValues) {
  const data = optionsData(values);
  return {
    optionGroups: optionGroupsField.parse(data.optionGroups),
    availableHours: availableHoursField.parse(data.availableHours),
  };
}

const toValues = (dish: Dish | null, categoryId: number): DishValues => ({
  ...pickTexts(dish ?? EMPTY_TEXTS),
  price: dish ? dish.price.toFixed(2) : '',
  available: dish?.available ?? true,
  kitchenDepartmentId: dish?.kitchenDepartmentId ? String(dish.kitchenDepartmentId) : null,
  categoryId: String(dish?.categoryId ?? categoryId),
  image: emptyImage(dish?.image ?? null),
  dietaryTags: dish?.dietaryTags ?? [],
  optionGroups: (dish?.optionGroups ?? []).map(toGroupValues),
  availableHours: dish?.availableHours ?? null,
});

export function ManualDishForm({
  eateryId,
  categoryId,
  dish,
  categories,
  departments,
  currency,
  timeZone,
  onClose,
}: {
  eateryId: number;
  categoryId: number;
  dish: Dish | null;
  categories: Category[];
  departments: Department[];
  /** The restaurant's currency code shown beside the price. */
  currency?: string;
  /** The restaurant's time zone, named beside the availability hours. */
  timeZone?: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveDish(eateryId, categoryId);
  const image = useImageField(dish?.image ?? null);
  const form = useForm<DishValues>({
    initialValues: toValues(dish, categoryId),
    validateInputOnBlur: ['price'],
    validate: (values) => dishFormErrors(values, eateryId),
    onValuesChange: (values) => {
      if (Object.keys(form.errors).length) form.setErrors(dishFormErrors(values, eateryId));
    },
  });
  const err = (path: string) => (form.errors[path] ? t(String(form.errors[path])) : undefined);
  const values = form.getValues();
  const guard = useUnsavedChangesGuard(form.isDirty());
  const saveAndClose = useSaveAndClose(save, {
    form,
    onClose,
    fields: { byMessage, fieldOf: dishFieldOf },
    dropPlacedBanner: false,
    onFailed: image.showSaveError,
  });

  const onSubmit = form.onSubmit((v) => {
    const { file, remove } = image.toSave(v.image);
    saveAndClose(
      {
        id: dish?.id,
        data: {
          ...trimmed(pickTexts(v)),
          price: typeof v.price === 'number' ? v.price.toFixed(2) : v.price,
          available: v.available,
          categoryId: Number(v.categoryId),
          kitchenDepartmentId: v.kitchenDepartmentId ? Number(v.kitchenDepartmentId) : null,
          dietaryTags: v.dietaryTags,
          // What the contract's schema made of them (numbers, defaults), as the form just checked.
          ...optionsOutput(v),
        },
        image: file,
        removeImage: remove,
      },
      dish ? 'dishes.updated' : 'dishes.created',
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      {guard.leaveGuard}
      <Stack gap="sm">
        <ErrorBanner error={image.bannerError(save.error)} onClose={() => save.reset()} />
        {err('ids') && (
          <Text c="red" size="sm" role="alert">
            {err('ids')}
          </Text>
        )}
        <NameFields ns="dishes" inputProps={form.getInputProps} errorOf={err} />
        {NAME_LANGS.map((lng) => (
          <Textarea
            key={lng}
            label={<LanguageLabel lng={lng}>{t(`dishes.${DESCRIPTION_FIELDS[lng]}`)}</LanguageLabel>}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={2000}
            {...form.getInputProps(DESCRIPTION_FIELDS[lng])}
            error={err(DESCRIPTION_FIELDS[lng])}
          />
        ))}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label={t('dishes.price')}
            required
            min={0}
            step={0.01}
            decimalScale={2}
            // The field keeps what was typed (no ".00" added on each key): rewriting the text while the next key is
            // already on its way dropped a typed "." on a slow tablet (4.25 became 425.00).
            allowNegative={false}
            rightSection={
              <Text size="sm" c="dimmed" pr="xs">
                {currency ?? t('dishes.priceUnit')}
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
            <Anchor component={Link} to={`/admin/restaurant/${eateryId}/departments`} size="xs" underline="always">
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
        <DietaryTagsInput
          value={values.dietaryTags}
          onChange={(tags) => form.setFieldValue('dietaryTags', tags)}
          error={err('dietaryTags')}
        />
        <Switch
          label={t('dishes.availableLabel')}
          description={t('dishes.availableHint')}
          {...form.getInputProps('available', { type: 'checkbox' })}
        />
        {/* Sold out until the next business day (set on the kitchen screen): when it comes back by itself. */}
        {dish?.availableAgainAt && !dish.available && !values.available && (
          <Text size="sm" data-testid="dish-form-back-at">
            {t('dishes.card.backAt', { when: backWhen(dish.availableAgainAt, timeZone ?? DEFAULT_TIME_ZONE, t) })}
          </Text>
        )}
        {/* Portions left: saved on their own as soon as the field is left (the kitchen sets them too). */}
        {dish && (
          <StockCountInput
            eateryId={eateryId}
            dishId={dish.id}
            name={localName(dish, i18n.language)}
            stockCount={dish.stockCount}
            withLabel
            // The count may sell the dish out or bring it back: the form's switch follows, so saving keeps it.
            onSaved={(answer) => form.setFieldValue('available', answer.available)}
          />
        )}
        <ImagePicker {...image.pickerProps(values.image, (v) => form.setFieldValue('image', v))} />
        <Divider my={4} />
        <OptionGroupsEditor
          form={form}
          err={err}
          eateryId={eateryId}
          dishId={dish?.id ?? null}
          currency={currency ?? t('dishes.priceUnit')}
        />
        <Divider my={4} />
        <AvailabilityHoursInput
          idPrefix="dish"
          value={values.availableHours}
          onChange={(hours) => form.setFieldValue('availableHours', hours)}
          errorOf={(part) => err(`availableHours.${part}`)}
          timeZone={timeZone}
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

  if (common.isPending || (match && templates.isPending)) return <PageLoader rows={2} />;
  const loadError = common.error ?? templates.error;
  return (
    <ReadyMadePicker
      ns="dishes"
      items={match ? (templates.data ?? []) : []}
      idOf={(d) => d.dishId}
      isAdded={(d) => existing.some((x) => sameName(x, d))}
      renderItem={(d) => {
        const description = localDescription(d, i18n.language);
        return (
          <>
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
          </>
        );
      }}
      banner={<ErrorBanner error={add.error ?? loadError} onClose={add.error ? () => add.reset() : undefined} />}
      saving={add.isPending}
      onCancel={onClose}
      onAdd={(chosen) =>
        add.mutate(chosen, {
          onSuccess: (created) => {
            notifications.show({ color: 'green', message: t('dishes.templatesAdded', { count: created.length }) });
            onClose();
          },
        })
      }
    />
  );
}

/** Add or edit a dish: adding offers the tabs manual and ready-made; editing only the form. */
export function DishForm({
  eateryId,
  category,
  dish,
  dishes,
  categories,
  departments,
  initialTab = 'manual',
  currency,
  timeZone,
  onClose,
}: {
  eateryId: number;
  category: Category;
  dish: Dish | null;
  dishes: Dish[];
  categories: Category[];
  departments: Department[];
  initialTab?: 'manual' | 'predefined';
  currency?: string;
  timeZone?: string;
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
          currency={currency}
          timeZone={timeZone}
          onClose={onClose}
        />
      }
      readyMade={<PredefinedDishForm eateryId={eateryId} category={category} existing={dishes} onClose={onClose} />}
    />
  );
}
