import { useState } from 'react';
import { Badge, Group, Modal, Radio, ScrollArea, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { addDays, clockTime, dayIn, localName, type Dish } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { StockCountInput } from '../shared/stock/StockCountInput';
import { StockLeftBadge } from '../shared/stock/StockLeftBadge';
import { useDishAvailability, useDishesFollowOrders, useKitchenDishes } from './dishes-api';

type Until = 'nextDay' | 'manual';

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * When a dish sold out until the next business day comes back, on the restaurant's clock and in words that need
 * no weekday names: "today at 18:00", "tomorrow at 08:00", else "25.11 at 08:00".
 */
export function formatBackAt(t: Translate, iso: string, now: Date, timeZone?: string): string {
  const at = new Date(iso);
  const back = dayIn(at, timeZone);
  const time = clockTime(at, timeZone);
  const today = dayIn(now, timeZone);
  if (back === today) return t('kitchen.soldOut.when.today', { time });
  if (back === addDays(today, 1)) return t('kitchen.soldOut.when.tomorrow', { time });
  const [, month, day] = back.split('-');
  return t('kitchen.soldOut.when.date', { date: `${day}.${month}`, time });
}

const matches = (dish: Dish, query: string) => {
  const q = query.trim().toLocaleLowerCase();
  return !q || [dish.nameAz, dish.nameEn, dish.nameRu].some((n) => n?.toLocaleLowerCase().includes(q));
};

/**
 * "Sold out": search the restaurant's dishes and switch one off the guest menu (or back on) with one tap. Sold-out
 * dishes are listed first, so the kitchen sees what to bring back. A dish switched off stays off until the next
 * opening (it comes back by itself; its badge says when) or until someone switches it on: one choice above the
 * list, for every switch (the stop-list). Each dish also takes its portions left (counted stock: empty is not
 * counted, 0 is sold out); the list follows the orders that take them.
 */
export function SoldOutModal({
  eateryId,
  timeZone,
  onClose,
}: {
  eateryId: number;
  timeZone?: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const [until, setUntil] = useState<Until>('nextDay');
  const dishes = useKitchenDishes(eateryId, true);
  const availability = useDishAvailability(eateryId);
  useDishesFollowOrders(eateryId);
  const shown = (dishes.data ?? [])
    .filter((d) => matches(d, query))
    .sort((a, b) => Number(a.available) - Number(b.available));

  return (
    <Modal opened onClose={onClose} title={t('kitchen.soldOut.title')} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('kitchen.soldOut.hint')}
        </Text>
        <Radio.Group
          label={t('kitchen.soldOut.until.label')}
          value={until}
          onChange={(v) => setUntil(v as Until)}
          data-testid="sold-out-until"
        >
          <Stack gap={8} mt={6}>
            <Radio size="md" value="nextDay" label={t('kitchen.soldOut.until.nextDay')} />
            <Radio size="md" value="manual" label={t('kitchen.soldOut.until.manual')} />
          </Stack>
        </Radio.Group>
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
                  <Group key={id} justify="space-between" wrap="wrap" mih={48} gap="xs">
                    <Group gap="xs">
                      <Text size="lg">{name}</Text>
                      {dish.available && <StockLeftBadge stockCount={dish.stockCount} />}
                      {!dish.available && (
                        <Badge color="red" variant="filled">
                          {t('kitchen.soldOut.badge')}
                        </Badge>
                      )}
                      {!dish.available && dish.availableAgainAt && (
                        <Badge color="gray" variant="light" tt="none" data-testid="back-at">
                          {t('kitchen.soldOut.backAt', {
                            when: formatBackAt(t, dish.availableAgainAt, new Date(), timeZone),
                          })}
                        </Badge>
                      )}
                    </Group>
                    <Group gap="sm" wrap="nowrap">
                      <StockCountInput eateryId={eateryId} dishId={id} name={name} stockCount={dish.stockCount} />
                      <Switch
                        size="lg"
                        checked={dish.available}
                        disabled={availability.isPending && availability.variables?.dishId === id}
                        aria-label={t('kitchen.soldOut.availableNamed', { name })}
                        onChange={(e) =>
                          availability.mutate({
                            dishId: id,
                            available: e.currentTarget.checked,
                            untilNextBusinessDay: until === 'nextDay',
                          })
                        }
                      />
                    </Group>
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
