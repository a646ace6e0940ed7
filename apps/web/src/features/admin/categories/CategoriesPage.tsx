import { useState } from 'react';
import { Button, EmptyState, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCategory, IconListCheck, IconPlus, IconSearch } from '@tabler/icons-react';
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
import { matchesSearch } from '../shared/menu/menu-helpers';
import { SortableGrid } from '../shared/menu/SortableGrid';

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
  const shown = all.filter((c) => matchesSearch(c, search));

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
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <div>
          <Title order={2}>{t('categories.title')}</Title>
          {restaurant && (
            <Text c="dimmed" size="sm">
              {restaurant.name}
            </Text>
          )}
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ category: null, tab: 'manual' })}>
          {t('categories.add')}
        </Button>
      </Group>
      <ErrorBanner error={categories.error} />
      {categories.isPending ? (
        <PageLoader />
      ) : all.length === 0 && !categories.error ? (
        <EmptyState
          icon={<IconCategory size={36} />}
          variant="light"
          title={t('categories.noCategories')}
          description={t('categories.noCategoriesHint')}
          py="xl"
        >
          <Group justify="center" gap="sm" mt="xs">
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ category: null, tab: 'manual' })}>
              {t('categories.add')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconListCheck size={18} />}
              onClick={() => setEditing({ category: null, tab: 'predefined' })}
            >
              {t('categories.pickReadyMade')}
            </Button>
          </Group>
        </EmptyState>
      ) : (
        <Stack gap="sm">
          <TextInput
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            placeholder={t('categories.searchPlaceholder')}
            aria-label={t('categories.search')}
            type="search"
            maw={480}
          />
          {all.length > 1 && !search.trim() && (
            <Text size="sm" c="dimmed">
              {t('categories.reorderHint')}
            </Text>
          )}
          {shown.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('categories.noSearchResults')}
            </Text>
          ) : (
            <SortableGrid
              items={shown}
              // The saved order is the order of every category, so reordering waits until the search is cleared.
              disabled={!!search.trim()}
              onReorder={onReorder}
              nameOf={(c) => localName(c, i18n.language) || t('categories.noName')}
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
        </Stack>
      )}
      {editing && (
        <CategoryForm
          eateryId={eateryId}
          category={editing.category}
          existing={all}
          initialTab={editing.tab}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

/** Category Management (SPEC.md §2): restaurant from the route or the selection. */
export function CategoriesPage() {
  const eateryId = useSelectedRestaurantId();
  if (!eateryId) return <ChooseRestaurant titleKey="categories.title" />;
  // A new restaurant gets a fresh screen (search, open forms).
  return <Categories key={eateryId} eateryId={eateryId} />;
}
