import { useState } from 'react';
import { Badge, Group, Modal, ScrollArea, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { localName, type Dish } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { useDishAvailability, useKitchenDishes } from './dishes-api';

const matches = (dish: Dish, query: string) => {
  const q = query.trim().toLocaleLowerCase();
  return !q || [dish.nameAz, dish.nameEn, dish.nameRu].some((n) => n?.toLocaleLowerCase().includes(q));
};

/**
 * "Sold out": search the restaurant's dishes and switch one off the guest menu (or back on) with one tap. Sold-out
 * dishes are listed first, so the kitchen sees what to bring back.
 */
export function SoldOutModal({ eateryId, onClose }: { eateryId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const dishes = useKitchenDishes(eateryId, true);
  const availability = useDishAvailability(eateryId);
  const shown = (dishes.data ?? [])
    .filter((d) => matches(d, query))
    .sort((a, b) => Number(a.available) - Number(b.available));

  return (
    <Modal opened onClose={onClose} title={t('kitchen.soldOut.title')} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('kitchen.soldOut.hint')}
        </Text>
        <TextInput
          size="md"
          label={t('kitchen.soldOut.search')}
          leftSection={<IconSearch size={18} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          data-autofocus
        />
        <ErrorBanner error={dishes.error ?? availability.error} onClose={() => availability.reset()} />
        {dishes.isPending ? (
          <PageLoader rows={3} />
        ) : shown.length === 0 ? (
          <Text c="dimmed">{t('kitchen.soldOut.noDishes')}</Text>
        ) : (
          <ScrollArea.Autosize mah="60vh">
            <Stack gap={4}>
              {shown.map((dish) => {
                const id = dish.id;
                const name = localName(dish, i18n.language);
                return (
                  <Group key={id} justify="space-between" wrap="nowrap" mih={48}>
                    <Group gap="xs">
                      <Text size="lg">{name}</Text>
                      {!dish.available && (
                        <Badge color="red" variant="filled">
                          {t('kitchen.soldOut.badge')}
                        </Badge>
                      )}
                    </Group>
                    <Switch
                      size="lg"
                      checked={dish.available}
                      disabled={availability.isPending && availability.variables?.dishId === id}
                      aria-label={t('kitchen.soldOut.availableNamed', { name })}
                      onChange={(e) => availability.mutate({ dishId: id, available: e.currentTarget.checked })}
                    />
                  </Group>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}
