import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STATE_STYLE } from './state-style';
import type { FloorTable } from './table-state';
import classes from './floor.module.css';

/** One table of the floor: its number large, its state in colour, icon and words, what waits there. */
export function TableTile({ entry, onOpen }: { entry: FloorTable; onOpen: () => void }) {
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
          <Badge color="green" variant="filled" size="md">
            {t('floor.toServe', { count: entry.readyCount })}
          </Badge>
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
