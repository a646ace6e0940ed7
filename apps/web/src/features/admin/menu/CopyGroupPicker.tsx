import { useState } from 'react';
import { Button, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconSearch } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { localName, type Dish } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { useCategories } from '../shared/menu/categories-api';
import { matchesSearch } from '../shared/menu/menu-helpers';
import { dishKeys } from './dishes-api';

type OptionGroup = Dish['optionGroups'][number];

/** Every dish of the restaurant, category by category (the same cache entries as the menu screen's lists). */
function useAllDishes(eateryId: number) {
  const categories = useCategories(eateryId);
  const lists = useQueries({
    queries: (categories.data ?? []).map((c) => ({
      queryKey: dishKeys.list(eateryId, c.id),
      queryFn: () => api<Dish[]>(`/api/eatery/${eateryId}/category/${c.id}/dish`),
    })),
  });
  return {
    categories: categories.data ?? [],
    dishes: lists.flatMap((l) => l.data ?? []),
    pending: categories.isPending || lists.some((l) => l.isPending),
    error: categories.error ?? lists.find((l) => l.error)?.error ?? null,
  };
}

/**
 * "Copy a group from another dish": the restaurant's other dishes that have option groups, searchable by name in any
 * language; choosing a group hands it over (the caller adds it without ids).
 */
export function CopyGroupPicker({
  eateryId,
  dishId,
  onCopy,
  onClose,
}: {
  eateryId: number;
  dishId: number | null;
  onCopy: (group: OptionGroup) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const all = useAllDishes(eateryId);
  const withGroups = all.dishes.filter((d) => d.id !== dishId && (d.optionGroups ?? []).length > 0);
  const shown = withGroups.filter((d) => matchesSearch(d, search));
  const categoryName = (id: number) => {
    const c = all.categories.find((x) => x.id === id);
    return c ? localName(c, i18n.language) : '';
  };

  return (
    <Modal opened onClose={onClose} title={t('dishes.options.copyTitle')} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('dishes.options.copyHint')}
        </Text>
        <TextInput
          type="search"
          aria-label={t('dishes.options.copySearch')}
          placeholder={t('dishes.options.copySearch')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-autofocus
        />
        <ErrorBanner error={all.error} />
        {all.pending ? (
          <PageLoader rows={2} />
        ) : withGroups.length === 0 ? (
          <Text size="sm">{t('dishes.options.copyNothing')}</Text>
        ) : shown.length === 0 ? (
          <Text size="sm">{t('dishes.options.copyNoMatch')}</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {shown.map((dish) => (
              <Paper key={dish.id} component="li" withBorder p="xs" data-testid="copy-dish">
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {localName(dish, i18n.language) || t('dishes.noName')}
                </Text>
                <Text size="xs" c="dimmed" mb={6}>
                  {categoryName(dish.categoryId)}
                </Text>
                <Stack gap={6}>
                  {dish.optionGroups.map((group) => {
                    const name = localName(group, i18n.language) || t('dishes.options.unnamed');
                    const options = group.options.map((o) => localName(o, i18n.language)).filter(Boolean);
                    return (
                      <Button
                        key={group.id}
                        variant="light"
                        justify="flex-start"
                        h="auto"
                        py={6}
                        leftSection={<IconCopy size={16} />}
                        onClick={() => onCopy(group)}
                        styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
                      >
                        <span>
                          {t('dishes.options.copyThis', { name })}
                          <Text component="span" size="xs" display="block" fw={400}>
                            {t('dishes.options.copyOptionsCount', { count: group.options.length })}
                            {options.length > 0 && ` · ${options.join(', ')}`}
                          </Text>
                        </span>
                      </Button>
                    );
                  })}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
