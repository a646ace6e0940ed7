import type { ReactNode } from 'react';
import { Button, EmptyState, Group, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { IconListCheck, IconPlus, IconSearch } from '@tabler/icons-react';
import { localName, type LocalizedNames } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { matchesSearch } from './menu-helpers';
import { SortableGrid } from './SortableGrid';

// The list blocks of the categories screen and the menu (dishes) screen.

/**
 * The translation namespace of a list's texts: `<ns>.search`, `.searchPlaceholder`, `.reorderHint`,
 * `.noSearchResults`, `.noName`, `.add`, `.pickReadyMade`.
 */
type Ns = 'categories' | 'dishes';

/** The search box over a list (by any of the three names). */
export function MenuSearch({
  ns,
  value,
  onChange,
  ...layout
}: { ns: Ns; value: string; onChange: (value: string) => void } & Pick<TextInputProps, 'maw' | 'style'>) {
  const { t } = useTranslation();
  return (
    <TextInput
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      leftSection={<IconSearch size={16} />}
      placeholder={t(`${ns}.searchPlaceholder`)}
      aria-label={t(`${ns}.search`)}
      type="search"
      {...layout}
    />
  );
}

/** An empty list: add the first entry by hand or pick ready-made ones. */
export function MenuEmptyState({
  ns,
  icon,
  title,
  description,
  onAdd,
}: {
  ns: Ns;
  icon: ReactNode;
  title: string;
  description?: string;
  onAdd: (tab: 'manual' | 'predefined') => void;
}) {
  const { t } = useTranslation();
  return (
    <EmptyState icon={icon} variant="light" title={title} description={description} py="xl">
      <Group justify="center" gap="sm" mt="xs">
        <Button leftSection={<IconPlus size={18} />} onClick={() => onAdd('manual')}>
          {t(`${ns}.add`)}
        </Button>
        <Button variant="light" leftSection={<IconListCheck size={18} />} onClick={() => onAdd('predefined')}>
          {t(`${ns}.pickReadyMade`)}
        </Button>
      </Group>
    </EmptyState>
  );
}

/**
 * The cards of a list that match the search, draggable into a new order: a hint on how to reorder, or a
 * "nothing found" line when the search matches nothing.
 */
export function SortableMenuCards<T extends LocalizedNames & { id: number }>({
  ns,
  items,
  search,
  toolbar,
  onReorder,
  renderItem,
}: {
  ns: Ns;
  /** Every entry, in the saved order. */
  items: T[];
  search: string;
  /** Shown above the cards (e.g. the search box). */
  toolbar?: ReactNode;
  onReorder: (ordered: T[]) => void;
  renderItem: (item: T) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const searching = !!search.trim();
  const shown = items.filter((item) => matchesSearch(item, search));
  return (
    <Stack gap="sm">
      {toolbar}
      {items.length > 1 && !searching && (
        <Text size="sm" c="dimmed">
          {t(`${ns}.reorderHint`)}
        </Text>
      )}
      {shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t(`${ns}.noSearchResults`)}
        </Text>
      ) : (
        <SortableGrid
          items={shown}
          // The saved order is the order of every entry, so reordering waits until the search is cleared.
          disabled={searching}
          onReorder={onReorder}
          nameOf={(item) => localName(item, i18n.language) || t(`${ns}.noName`)}
          renderItem={renderItem}
        />
      )}
    </Stack>
  );
}
