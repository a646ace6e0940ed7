import { useState, type ReactNode } from 'react';
import { Badge, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../FormActions';

/**
 * The ready-made tab of the category and dish forms: a checkbox card per catalogue entry (marked when the
 * restaurant already has one of that name), at least one to tick, and "Add selected (n)".
 */
export function ReadyMadePicker<T>({
  ns,
  items,
  idOf,
  isAdded,
  renderItem,
  banner,
  grid = false,
  saving,
  onAdd,
  onCancel,
}: {
  /** Translation namespace: `<ns>.predefinedHint`, `.noPredefined`, `.selectAtLeastOne`, `.alreadyAdded`, `.addSelected`. */
  ns: 'categories' | 'dishes';
  items: T[];
  idOf: (item: T) => number;
  isAdded: (item: T) => boolean;
  /** What a card shows above the "already added" mark. */
  renderItem: (item: T) => ReactNode;
  /** The error banner above the list. */
  banner: ReactNode;
  /** Two columns from small screens on, instead of one list. */
  grid?: boolean;
  saving: boolean;
  onAdd: (chosen: T[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (selected.length === 0) {
      setError(`${ns}.selectAtLeastOne`);
      return;
    }
    setError(null);
    onAdd(items.filter((item) => selected.includes(String(idOf(item)))));
  };

  const cards = items.map((item) => (
    <Checkbox.Card key={idOf(item)} value={String(idOf(item))} radius="md" p="sm" withBorder>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Checkbox.Indicator mt={2} />
        <div style={{ minWidth: 0, flex: 1 }}>
          {renderItem(item)}
          {isAdded(item) && (
            <Badge size="xs" variant="light" color="gray" mt={4} tt="none">
              {t(`${ns}.alreadyAdded`)}
            </Badge>
          )}
        </div>
      </Group>
    </Checkbox.Card>
  ));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {banner}
        {items.length === 0 ? (
          <Text c="dimmed" py="md">
            {t(`${ns}.noPredefined`)}
          </Text>
        ) : (
          <Checkbox.Group
            value={selected}
            onChange={(v) => {
              setSelected(v);
              if (v.length) setError(null);
            }}
            label={t(`${ns}.predefinedHint`)}
            error={error ? t(error) : undefined}
          >
            {grid ? (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
                {cards}
              </SimpleGrid>
            ) : (
              <Stack gap="xs" mt="xs">
                {cards}
              </Stack>
            )}
          </Checkbox.Group>
        )}
        <FormActions
          sticky
          onCancel={onCancel}
          saving={saving}
          disabled={items.length === 0}
          submitLabel={t(`${ns}.addSelected`, { count: selected.length })}
        />
      </Stack>
    </form>
  );
}
