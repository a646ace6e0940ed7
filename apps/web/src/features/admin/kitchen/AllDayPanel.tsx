import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AllDayCount } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { itemName } from '../shared/live/item-name';
import classes from './kitchen.module.css';

/** "All day": how many portions of each dish are still to cook across the open tickets, most first. */
export function AllDayPanel({ counts }: { counts: readonly AllDayCount[] }) {
  const { t, i18n } = useTranslation();
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
            return (
              <Group key={c.dishId ?? `name:${c.names.az}`} component="li" gap="sm" wrap="nowrap">
                <Text className={classes.allDayCount}>{c.quantity}</Text>
                <Text className={classes.allDayName}>{name}</Text>
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
