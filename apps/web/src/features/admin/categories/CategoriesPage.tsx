import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCategory, IconPlus } from '@tabler/icons-react';
import { localName, type Category } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { useErrorText } from '../../../components/use-error-text';
import { confirmDanger } from '../shared/confirm';
import { useRestaurants } from '../shared/restaurants-api';
import { useSelectedRestaurantId } from '../shared/use-selected-restaurant';
import { useCategories, useDeleteCategory, useReorderCategories } from '../shared/menu/categories-api';
import { CategoryCard } from './CategoryCard';
import { CategoryForm } from '../shared/menu/CategoryForm';
import { ChooseRestaurant } from '../shared/ChooseRestaurant';
import { MenuEmptyState, MenuSearch, SortableMenuCards } from '../shared/menu/MenuCardList';
import { ScreenHeader } from '../shared/ScreenHeader';

type Editing = { category: Category | null; tab: 'manual' | 'predefined' } | null;

function Categories({ eateryId }: { eateryId: number }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const categories = useCategories(eateryId);
  const restaurant = useRestaurants().data?.find((r) => r.id === eateryId);
  const remove = useDeleteCategory(eateryId);
  const reorder = useReorderCategories(eateryId);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);

  const all = categories.data ?? [];

  const onDelete = async (c: Category) => {
    const name = localName(c, i18n.language) || t('categories.noName');
    const message =
      c.dishCount > 0
        ? t('categories.confirmDeleteWithDishes', { name, count: c.dishCount })
        : t('categories.confirmDelete', { name });
    if (!(await confirmDanger(message))) return;
    remove.mutate(c.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('categories.deleted') }),
      onError: (err) =>
        notifications.show({
          color: 'red',
          title: t('common.error'),
          message: errorText(err, 'categories.deleteError'),
        }),
    });
  };

  const onReorder = (ordered: Category[]) =>
    reorder.mutate(ordered, {
      onError: (err) =>
        notifications.show({
          color: 'red',
          title: t('categories.reorderFailed'),
          message: errorText(err),
        }),
    });

  return (
    <>
      <ScreenHeader
        title={t('categories.title')}
        restaurantName={restaurant?.name}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ category: null, tab: 'manual' })}>
            {t('categories.add')}
          </Button>
        }
      />
      <ErrorBanner error={categories.error} />
      {categories.isPending ? (
        <PageLoader />
      ) : all.length === 0 && !categories.error ? (
        <MenuEmptyState
          ns="categories"
          icon={<IconCategory size={36} />}
          title={t('categories.noCategories')}
          description={t('categories.noCategoriesHint')}
          onAdd={(tab) => setEditing({ category: null, tab })}
        />
      ) : (
        <SortableMenuCards
          ns="categories"
          items={all}
          search={search}
          toolbar={<MenuSearch ns="categories" value={search} onChange={setSearch} maw={480} />}
          onReorder={onReorder}
          renderItem={(c) => (
            <CategoryCard
              category={c}
              eateryId={eateryId}
              deleting={remove.isPending && remove.variables === c.id}
              onEdit={() => setEditing({ category: c, tab: 'manual' })}
              onDelete={() => void onDelete(c)}
            />
          )}
        />
      )}
      {editing && (
        <CategoryForm
          eateryId={eateryId}
          category={editing.category}
          existing={all}
          initialTab={editing.tab}
          timeZone={restaurant?.timeZone}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

/** Category Management: restaurant from the route or the selection. */
export function CategoriesPage() {
  const eateryId = useSelectedRestaurantId();
  if (!eateryId) return <ChooseRestaurant titleKey="categories.title" />;
  // A new restaurant gets a fresh screen (search, open forms).
  return <Categories key={eateryId} eateryId={eateryId} />;
}
