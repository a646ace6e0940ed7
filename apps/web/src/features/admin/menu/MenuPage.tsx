import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  EmptyState,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus, IconToolsKitchen2 } from '@tabler/icons-react';
import { localName, type Category, type Dish } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { useErrorText } from '../../../components/use-error-text';
import { useCategories } from '../shared/menu/categories-api';
import { CategoryForm } from '../shared/menu/CategoryForm';
import { ChooseRestaurant } from '../shared/ChooseRestaurant';
import { MenuEmptyState, MenuSearch, SortableMenuCards } from '../shared/menu/MenuCardList';
import { useDepartments } from '../shared/departments-api';
import { confirmDanger } from '../shared/confirm';
import { useRestaurants } from '../shared/restaurants-api';
import { useSelectedRestaurantId } from '../shared/use-selected-restaurant';
import { ScreenHeader } from '../shared/ScreenHeader';
import { DishCard } from './DishCard';
import { DishForm } from './DishForm';
import { useDeleteDish, useDishes, useReorderDishes } from './dishes-api';
import { MenuList } from './MenuList';
import { useMenuView, type MenuView } from './menu-view';

const idParam = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);

/** The dish form: its dish (null: a new one) and category (the list's row or section; else the chosen category). */
type DishEditing = { dish: Dish | null; tab: 'manual' | 'predefined'; category?: Category } | null;
type CategoryEditing = { category: Category | null } | null;

function Dishes({
  eateryId,
  category,
  highlightId,
  search,
  currency,
  timeZone,
  onEdit,
  onAdd,
}: {
  eateryId: number;
  category: Category;
  highlightId: number | null;
  search: string;
  /** The restaurant's currency code shown beside prices. */
  currency?: string;
  /** The restaurant's time zone: a sold-out dish's "back" time is told in it. */
  timeZone?: string;
  onEdit: (editing: DishEditing) => void;
  onAdd: (tab: 'manual' | 'predefined') => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const dishes = useDishes(eateryId, category.id);
  const departments = useDepartments(eateryId);
  const remove = useDeleteDish(eateryId, category.id);
  const reorder = useReorderDishes(eateryId, category.id);
  const all = dishes.data ?? [];
  const departmentName = (id: number | null) => departments.data?.find((d) => d.id === id)?.name ?? null;

  const onDelete = async (dish: Dish) => {
    const name = localName(dish, i18n.language) || t('dishes.noName');
    if (!(await confirmDanger(t('dishes.confirmDelete', { name })))) return;
    remove.mutate(dish.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('dishes.deleted') }),
      onError: (err) => notifications.show({ color: 'red', title: t('common.error'), message: errorText(err) }),
    });
  };

  const onReorder = (ordered: Dish[]) =>
    reorder.mutate(ordered, {
      onError: (err) => notifications.show({ color: 'red', title: t('dishes.reorderFailed'), message: errorText(err) }),
    });

  if (dishes.isPending) return <PageLoader />;
  if (dishes.error) return <ErrorBanner error={dishes.error} />;
  if (all.length === 0) {
    return (
      <MenuEmptyState ns="dishes" icon={<IconToolsKitchen2 size={36} />} title={t('dishes.noDishes')} onAdd={onAdd} />
    );
  }
  return (
    <SortableMenuCards
      ns="dishes"
      items={all}
      search={search}
      onReorder={onReorder}
      renderItem={(dish) => (
        <DishCard
          dish={dish}
          departmentName={departmentName(dish.kitchenDepartmentId)}
          deleting={remove.isPending && remove.variables === dish.id}
          highlighted={dish.id === highlightId}
          currency={currency}
          timeZone={timeZone}
          onEdit={() => onEdit({ dish, tab: 'manual' })}
          onDelete={() => void onDelete(dish)}
        />
      )}
    />
  );
}

function Menu({ eateryId }: { eateryId: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const params = useParams();
  const [query] = useSearchParams();
  const categoryId = idParam(query.get('categoryId'));
  const dishId = idParam(query.get('dishId'));
  const categories = useCategories(eateryId);
  const departments = useDepartments(eateryId);
  const dishesOfCategory = useDishes(eateryId, categoryId);
  const restaurant = useRestaurants().data?.find((r) => r.id === eateryId);
  const [search, setSearch] = useState('');
  const [dishEditing, setDishEditing] = useState<DishEditing>(null);
  const [categoryEditing, setCategoryEditing] = useState<CategoryEditing>(null);

  const all = categories.data ?? [];
  const category = all.find((c) => c.id === categoryId) ?? null;
  const [view, setView] = useMenuView(categories.data ? all.reduce((n, c) => n + c.dishCount, 0) : null);
  const editedCategory = dishEditing?.category ?? category;
  const dishesOfEdited = useDishes(eateryId, editedCategory?.id ?? null);
  const categoriesPath = params.restaurantId ? `/admin/restaurant/${eateryId}/categories` : '/admin/categories';
  const selectCategory = (id: number) => {
    setSearch('');
    void navigate({ pathname, search: `?categoryId=${id}&restaurantId=${eateryId}` });
  };

  // Breadcrumb of category and dish names: the dish being edited, else the one named in the query.
  const crumbDish = dishEditing?.dish ?? dishesOfCategory.data?.find((d) => d.id === dishId) ?? null;
  const crumbs = [
    <Anchor key="categories" component={Link} to={categoriesPath} size="sm">
      {t('nav.categories')}
    </Anchor>,
    ...(category
      ? [
          <Text key="category" size="sm" fw={crumbDish ? undefined : 600}>
            {localName(category, i18n.language) || t('categories.noName')}
          </Text>,
        ]
      : []),
    ...(category && crumbDish
      ? [
          <Text key="dish" size="sm" fw={600}>
            {localName(crumbDish, i18n.language) || t('dishes.noName')}
          </Text>,
        ]
      : []),
  ];

  return (
    <>
      <Box component="nav" aria-label={t('dishes.breadcrumbs')} mb="xs">
        <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
          {crumbs}
        </Breadcrumbs>
      </Box>
      <ScreenHeader
        title={t('dishes.title')}
        restaurantName={restaurant?.name}
        action={
          <Group gap="xs">
            <Button
              variant="default"
              component={Link}
              to={params.restaurantId ? `/admin/restaurant/${eateryId}/menu/import` : '/admin/menu/import'}
            >
              {t('nav.menuImport')}
            </Button>
            {category && (
              <Button
                leftSection={<IconPlus size={18} />}
                onClick={() => setDishEditing({ dish: null, tab: 'manual' })}
              >
                {t('dishes.add')}
              </Button>
            )}
          </Group>
        }
      />
      <ErrorBanner error={categories.error} />
      {categories.isPending ? (
        <PageLoader />
      ) : all.length === 0 && !categories.error ? (
        <EmptyState icon={<IconToolsKitchen2 size={36} />} variant="light" title={t('dishes.noCategories')} py="xl">
          <Group justify="center" gap="sm" mt="xs">
            <Button leftSection={<IconPlus size={18} />} onClick={() => setCategoryEditing({ category: null })}>
              {t('dishes.addCategory')}
            </Button>
            <Button variant="light" component={Link} to={categoriesPath}>
              {t('dishes.toCategories')}
            </Button>
          </Group>
        </EmptyState>
      ) : (
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Group gap="xs" align="flex-end" wrap="nowrap" style={{ flex: '1 1 320px', maxWidth: 520 }}>
              <Select
                label={t('dishes.category')}
                data={all.map((c) => ({
                  value: String(c.id),
                  label: `${localName(c, i18n.language) || t('categories.noName')} (${c.dishCount})`,
                }))}
                value={category ? String(category.id) : null}
                onChange={(v) =>
                  v ? selectCategory(Number(v)) : void navigate({ pathname, search: `?restaurantId=${eateryId}` })
                }
                // The list shows every category until one is chosen; the cards need one.
                allowDeselect={view === 'list'}
                clearable={view === 'list'}
                placeholder={view === 'list' ? t('dishes.list.allCategories') : t('dishes.categoryPlaceholder')}
                searchable
                style={{ flex: 1, minWidth: 0 }}
              />
              <Tooltip label={t('dishes.addCategory')}>
                <ActionIcon
                  variant="light"
                  size={36}
                  aria-label={t('dishes.addCategory')}
                  onClick={() => setCategoryEditing({ category: null })}
                >
                  <IconPlus size={18} />
                </ActionIcon>
              </Tooltip>
              {category && (
                <Tooltip label={t('dishes.editCategory')}>
                  <ActionIcon
                    variant="light"
                    size={36}
                    aria-label={t('dishes.editCategory')}
                    onClick={() => setCategoryEditing({ category })}
                  >
                    <IconEdit size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
            {(category || view === 'list') && (
              <MenuSearch
                ns="dishes"
                value={search}
                onChange={setSearch}
                style={{ flex: '1 1 240px', maxWidth: 420 }}
              />
            )}
            <SegmentedControl
              aria-label={t('dishes.view.label')}
              value={view}
              onChange={(v) => setView(v as MenuView)}
              data={[
                { value: 'cards', label: t('dishes.view.cards') },
                { value: 'list', label: t('dishes.view.list') },
              ]}
              data-testid="menu-view-switch"
            />
          </Group>
          {view === 'list' ? (
            <MenuList
              eateryId={eateryId}
              categories={category ? [category] : all}
              search={search}
              currency={restaurant?.currency ?? t('dishes.priceUnit')}
              highlightId={dishId}
              onEdit={(dish, of) => setDishEditing({ dish, tab: 'manual', category: of })}
              onAdd={(of) => setDishEditing({ dish: null, tab: 'manual', category: of })}
            />
          ) : category ? (
            <Dishes
              eateryId={eateryId}
              category={category}
              highlightId={dishId}
              search={search}
              currency={restaurant?.currency}
              timeZone={restaurant?.timeZone}
              onEdit={(editing) => setDishEditing(editing)}
              onAdd={(tab) => setDishEditing({ dish: null, tab })}
            />
          ) : (
            <Alert color={categoryId ? 'yellow' : 'blue'} variant="light">
              <Text size="sm" mb="sm">
                {t(categoryId ? 'dishes.categoryNotFound' : 'dishes.selectCategoryFirst')}
              </Text>
              <Group gap="xs">
                {all.map((c) => (
                  <Button key={c.id} size="xs" variant="default" onClick={() => selectCategory(c.id)}>
                    {localName(c, i18n.language) || t('categories.noName')}
                  </Button>
                ))}
              </Group>
            </Alert>
          )}
        </Stack>
      )}
      {dishEditing && editedCategory && (
        <DishForm
          eateryId={eateryId}
          category={editedCategory}
          dish={dishEditing.dish}
          dishes={dishesOfEdited.data ?? []}
          categories={all}
          departments={departments.data ?? []}
          initialTab={dishEditing.tab}
          currency={restaurant?.currency}
          timeZone={restaurant?.timeZone}
          onClose={() => setDishEditing(null)}
        />
      )}
      {categoryEditing && (
        <CategoryForm
          eateryId={eateryId}
          category={categoryEditing.category}
          existing={all}
          timeZone={restaurant?.timeZone}
          onClose={() => setCategoryEditing(null)}
          onSaved={(created) => {
            if (!categoryEditing.category && created.length > 0) selectCategory(created[0].id);
          }}
        />
      )}
    </>
  );
}

/**
 * Menu Management: the dishes of a category as cards, or the whole menu as a dense list (the view is chosen per
 * device; a big menu opens in the list). Restaurant from the route, the `restaurantId` query or the selection;
 * category from the `categoryId` query (the dropdown navigates with it; the list shows all without one).
 */
export function MenuPage() {
  const eateryId = useSelectedRestaurantId();
  if (!eateryId) return <ChooseRestaurant titleKey="dishes.title" />;
  return <Menu key={eateryId} eateryId={eateryId} />;
}
