import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconClock, IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STATE_STYLE } from './state-style';
import { minutesSince, type FloorTable } from './table-state';
import classes from './floor.module.css';

/**
 * One table of the floor: its number large, its state in colour, icon and words, what waits there, the minutes since
 * it ordered and since its food has been ready (`now`: the floor's clock, so every tile counts on together).
 */
export function TableTile({ entry, now, onOpen }: { entry: FloorTable; now: Date; onOpen: () => void }) {
  const { t } = useTranslation();
  const { color, icon: StateIcon } = STATE_STYLE[entry.state];
  const stateText = t(`floor.state.${entry.state}`);
  return (
    <UnstyledButton
      className={classes.tile}
      style={{ '--tile-color': `var(--mantine-color-${color}-6)`, '--tile-bg': `var(--mantine-color-${color}-light)` }}
      data-state={entry.state}
      onClick={onOpen}
      aria-label={t('floor.tileLabel', { number: entry.table.number, state: stateText })}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap={4}>
        <Text className={classes.number}>{entry.table.number}</Text>
        {entry.mine && <IconStar size={20} aria-label={t('floor.mine')} />}
      </Group>
      <Group gap={6} wrap="nowrap" mt={4}>
        <StateIcon size={24} aria-hidden className={classes.stateIcon} />
        <Text fw={700} size="md" lh={1.2}>
          {stateText}
        </Text>
      </Group>
      <Stack gap={2} mt={6}>
        {entry.readyCount > 0 && (
          <Badge color="green" variant="filled" size="md" data-testid="ready-badge">
            {entry.readySince
              ? t('floor.toServeFor', { count: entry.readyCount, minutes: minutesSince(entry.readySince, now) })
              : t('floor.toServe', { count: entry.readyCount })}
          </Badge>
        )}
        {entry.orderedAt && (
          <Group gap={4} wrap="nowrap" data-testid="ordered-for">
            <IconClock size={16} aria-hidden />
            <Text size="sm" fw={600}>
              {t('floor.orderedFor', { minutes: minutesSince(entry.orderedAt, now) })}
            </Text>
          </Group>
        )}
        {entry.waiters.length > 0 && (
          <Text size="xs" c="dimmed" truncate>
            {entry.waiters.join(', ')}
          </Text>
        )}
      </Stack>
    </UnstyledButton>
  );
}
