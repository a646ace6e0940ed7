import { Box, Button, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { localName, type Category, type Dish } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { matchesSearch } from '../shared/menu/menu-helpers';
import { dishesQuery } from './dishes-api';
import { DishRow } from './DishRow';

/**
 * The whole menu at a glance: every category (or the chosen one) as a section with its dishes in dense rows, the
 * price and availability changed in place. The search narrows the rows of every section; sections without a match
 * are left out while searching.
 */
export function MenuList({
  eateryId,
  categories,
  search,
  currency,
  highlightId,
  onEdit,
  onAdd,
}: {
  eateryId: number;
  /** The sections, in the menu's order. */
  categories: Category[];
  search: string;
  /** The currency shown beside prices. */
  currency: string;
  highlightId: number | null;
  onEdit: (dish: Dish, category: Category) => void;
  onAdd: (category: Category) => void;
}) {
  const { t, i18n } = useTranslation();
  // One request per category, the cache the cards use too: a change here shows there.
  const lists = useQueries({ queries: categories.map((c) => dishesQuery(eateryId, c.id)) });
  const searching = !!search.trim();
  const sections = categories.map((category, i) => {
    const list = lists[i];
    return { category, list, dishes: (list.data ?? []).filter((d) => matchesSearch(d, search)) };
  });
  const shown = searching ? sections.filter((s) => s.dishes.length > 0 || s.list.isPending) : sections;

  return (
    <Stack gap="lg" data-testid="menu-list">
      {shown.map(({ category, list, dishes }) => {
        const name = localName(category, i18n.language) || t('categories.noName');
        const headingId = `menu-list-category-${category.id}`;
        return (
          <Box component="section" key={category.id} aria-labelledby={headingId} data-testid="menu-list-section">
            <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
              <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
                {name}{' '}
                <Text span size="sm" c="dimmed" fw={400}>
                  ({list.data?.length ?? category.dishCount})
                </Text>
              </Title>
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconPlus size={16} />}
                onClick={() => onAdd(category)}
                aria-label={t('dishes.list.addTo', { name })}
                style={{ flexShrink: 0 }}
              >
                {t('dishes.add')}
              </Button>
            </Group>
            <Paper withBorder radius="md">
              {list.isPending ? (
                <Stack gap={6} p="xs">
                  <Skeleton h={36} />
                  <Skeleton h={36} />
                </Stack>
              ) : list.error ? (
                <Box p="xs">
                  <ErrorBanner error={list.error} />
                </Box>
              ) : dishes.length === 0 ? (
                <Text size="sm" c="dimmed" p="sm">
                  {t('dishes.list.empty')}
                </Text>
              ) : (
                dishes.map((dish, index) => (
                  <Box key={dish.id}>
                    {index > 0 && <Divider />}
                    <DishRow
                      eateryId={eateryId}
                      dish={dish}
                      currency={currency}
                      highlighted={dish.id === highlightId}
                      onEdit={() => onEdit(dish, category)}
                    />
                  </Box>
                ))
              )}
            </Paper>
          </Box>
        );
      })}
      {searching && shown.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {t('dishes.noSearchResults')}
        </Text>
      )}
    </Stack>
  );
}
