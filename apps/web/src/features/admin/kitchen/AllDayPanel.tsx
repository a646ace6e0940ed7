import { useMemo } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AllDayCount, KitchenTicket } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { itemName } from '../shared/live/item-name';
import { allDayKey, allDayOptions } from './all-day-options';
import classes from './kitchen.module.css';

/**
 * "All day": how many portions of each dish are still to cook across the open tickets, most first; a dish ordered
 * with options lists how many of each choice.
 */
export function AllDayPanel({
  counts,
  tickets = [],
}: {
  counts: readonly AllDayCount[];
  tickets?: readonly KitchenTicket[];
}) {
  const { t, i18n } = useTranslation();
  const split = useMemo(() => allDayOptions(tickets, i18n.language), [tickets, i18n.language]);
  return (
    <Paper withBorder radius="md" p="sm">
      <Title order={3} mb="xs">
        {t('kitchen.allDay.title')}
      </Title>
      {counts.length === 0 ? (
        <Text c="dimmed">{t('kitchen.allDay.empty')}</Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {counts.map((c) => {
            const name = itemName({ names: c.names, name: c.names.az }, i18n.language);
            const choices = split.get(allDayKey(c.dishId, c.names.az));
            return (
              <li key={c.dishId ?? `name:${c.names.az}`}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Text className={classes.allDayCount}>{c.quantity}</Text>
                  <div style={{ minWidth: 0 }}>
                    <Text className={classes.allDayName}>{name}</Text>
                    {choices && (
                      <Stack gap={0} component="ul" className={classes.allDayOptions} data-testid="all-day-options">
                        {choices.map((o) => (
                          <Text key={o.key} component="li" size="sm">
                            {o.quantity} × {o.text || t('kitchen.allDay.noOptions')}
                          </Text>
                        ))}
                      </Stack>
                    )}
                  </div>
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
