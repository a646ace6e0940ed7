import { useMemo, useState } from 'react';
import { Badge, Button, CloseButton, Group, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconAdjustments, IconSearch } from '@tabler/icons-react';
import { localName, type Category, type Dish } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../money-format';
import type { MenuCategory } from './menu-api';
import { isSoldOut } from './ticket';
import classes from './order-entry.module.css';

/** Whether the dish's name in any language holds the search text (staff type in the language they think in). */
export function matchesSearch(dish: Dish, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  return [dish.nameAz, dish.nameEn, dish.nameRu].some((n) => n.toLocaleLowerCase().includes(q));
}

/**
 * The menu as a grid of dish tiles: category buttons on top (the first chosen), a search over every category, one
 * tap on a tile picks the dish (`onPick`). Sold-out dishes stay in their place, greyed and not tappable.
 */
export function MenuGrid({
  menu,
  onPick,
}: {
  menu: readonly MenuCategory[];
  onPick: (dish: Dish, category: Category) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const withDishes = useMemo(() => menu.filter((c) => c.dishes.length > 0), [menu]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const current = withDishes.find((c) => c.category.id === chosen) ?? withDishes[0];
  const searching = query.trim() !== '';
  const shown = searching
    ? withDishes.flatMap((c) => c.dishes.filter((d) => matchesSearch(d, query)).map((d) => ({ dish: d, c })))
    : (current?.dishes ?? []).map((d) => ({ dish: d, c: current! }));

  if (withDishes.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('orderEntry.emptyMenu')}
      </Text>
    );
  }
  return (
    <>
      <TextInput
        size="md"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        placeholder={t('orderEntry.search')}
        aria-label={t('orderEntry.search')}
        leftSection={<IconSearch size={18} />}
        rightSection={
          searching ? <CloseButton aria-label={t('orderEntry.clearSearch')} onClick={() => setQuery('')} /> : null
        }
      />
      {!searching && (
        <div className={classes.categories} role="group" aria-label={t('orderEntry.categories')}>
          {withDishes.map((c) => {
            const active = c.category.id === current?.category.id;
            return (
              <Button
                key={c.category.id}
                size="md"
                className={classes.touch}
                variant={active ? 'filled' : 'default'}
                aria-pressed={active}
                onClick={() => setChosen(c.category.id)}
              >
                {localName(c.category, lang)}
              </Button>
            );
          })}
        </div>
      )}
      <div className={classes.dishes} data-testid="dish-grid">
        {shown.length === 0 && (
          <Text c="dimmed" py="md">
            {t('orderEntry.noDishes')}
          </Text>
        )}
        {shown.map(({ dish, c }) => {
          const name = localName(dish, lang);
          const left = dish.stockCount ?? null;
          const soldOut = isSoldOut(dish);
          return (
            <UnstyledButton
              key={dish.id}
              className={classes.tile}
              disabled={soldOut}
              onClick={() => onPick(dish, c.category)}
              aria-label={soldOut ? `${name}: ${t('orderEntry.soldOut')}` : t('orderEntry.addDish', { name })}
              data-dish-id={dish.id}
            >
              <Text className={classes.tileName}>{name}</Text>
              <Group justify="space-between" gap={4} wrap="nowrap" mt={6}>
                <Text size="sm" c="dimmed">
                  {formatMoney(dish.price, lang, t('orderEntry.currency'))}
                </Text>
                {soldOut ? (
                  <Badge size="sm" color="gray" variant="filled">
                    {t('orderEntry.soldOut')}
                  </Badge>
                ) : (
                  left !== null && (
                    <Badge size="sm" color="orange" variant="light" data-testid="stock-left">
                      {t('orderEntry.left', { count: left })}
                    </Badge>
                  )
                )}
                {!soldOut && dish.optionGroups.length > 0 && (
                  <IconAdjustments size={18} aria-label={t('orderEntry.hasOptions')} role="img" />
                )}
              </Group>
            </UnstyledButton>
          );
        })}
      </div>
    </>
  );
}
