import { Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRestaurants } from './restaurants-api';
import { useSwitchRestaurant } from './session-api';
import { useStoredRestaurantId } from './use-selected-restaurant';

/** Restaurant selector of the top bar; choosing one re-creates the token for it. */
export function RestaurantSelect() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data: restaurants = [] } = useRestaurants();
  const selected = useStoredRestaurantId();
  const switchRestaurant = useSwitchRestaurant();
  if (restaurants.length === 0) return null;
  return (
    <Select
      aria-label={t('layout.restaurant')}
      placeholder={t('layout.selectRestaurant')}
      data={restaurants.map((r) => ({ value: String(r.id), label: r.name }))}
      value={selected && restaurants.some((r) => r.id === selected) ? String(selected) : null}
      onChange={(v) => {
        if (v) switchRestaurant.mutate(Number(v), { onSuccess: () => qc.invalidateQueries() });
      }}
      allowDeselect={false}
      disabled={switchRestaurant.isPending}
      maw={260}
      miw={120}
      style={{ flexShrink: 1 }}
      size="sm"
    />
  );
}
