import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import type { Order } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { itemName } from '../live/item-name';
import { itemOptionsText } from '../live/item-options';
import { movableLines, setPick, type PickProblem, type Picks } from './move-plan';
import classes from './table-moves.module.css';

/**
 * The lines of an order to pick from, each with how many of it go: − and + one at a time (a part of a line: 1 of 3
 * Dolma), or "All". A problem the dialog or the server found with a line shows under that line.
 */
export function LinePicker({
  order,
  picks,
  onChange,
  problem,
}: {
  order: Order;
  picks: Picks;
  onChange: (picks: Picks) => void;
  problem: PickProblem | null;
}) {
  const { t, i18n } = useTranslation();
  const lines = movableLines(order);
  const voided = order.items.length > lines.length;
  return (
    <Stack gap={4} data-testid="line-picker">
      {lines.map((item) => {
        const name = itemName(item, i18n.language);
        const options = itemOptionsText(item.options, i18n.language);
        const picked = picks[item.id] ?? 0;
        const error = problem?.itemId === item.id ? t(problem.messageKey) : null;
        return (
          <div key={item.id} className={classes.line} data-item-id={item.id} data-picked={picked || undefined}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {item.quantity} × {name}
                </Text>
                {options && (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {options}
                  </Text>
                )}
              </div>
              <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                <ActionIcon
                  size="lg"
                  variant="default"
                  aria-label={t('tableMoves.line.less', { name })}
                  disabled={picked === 0}
                  onClick={() => onChange(setPick(picks, item, picked - 1))}
                >
                  <IconMinus size={18} />
                </ActionIcon>
                <Text
                  fw={700}
                  w={64}
                  ta="center"
                  aria-live="polite"
                  aria-label={t('tableMoves.line.count', { name })}
                  data-testid="picked"
                >
                  {picked} {t('tableMoves.line.of', { count: item.quantity })}
                </Text>
                <ActionIcon
                  size="lg"
                  variant="default"
                  aria-label={t('tableMoves.line.more', { name })}
                  disabled={picked >= item.quantity}
                  onClick={() => onChange(setPick(picks, item, picked + 1))}
                >
                  <IconPlus size={18} />
                </ActionIcon>
                <Button
                  size="compact-md"
                  variant={picked === item.quantity ? 'filled' : 'light'}
                  aria-label={t('tableMoves.line.allNamed', { count: item.quantity, name })}
                  onClick={() => onChange(setPick(picks, item, picked === item.quantity ? 0 : item.quantity))}
                >
                  {t('tableMoves.line.all')}
                </Button>
              </Group>
            </Group>
            {error && (
              <Text size="sm" c="red" role="alert" mt={4}>
                {error}
              </Text>
            )}
          </div>
        );
      })}
      {voided && (
        <Text size="sm" c="dimmed">
          {t('tableMoves.voidedStay')}
        </Text>
      )}
      {problem && problem.itemId === null && (
        <Text size="sm" c="red" role="alert">
          {t(problem.messageKey)}
        </Text>
      )}
    </Stack>
  );
}
