import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangleFilled, IconCheck } from '@tabler/icons-react';
import type { KitchenVoid } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { itemName } from '../shared/live/item-name';
import { itemOptionsText } from '../shared/live/item-options';
import { formatAge, type WithOrderNumber } from './ticket-format';
import classes from './kitchen.module.css';

/**
 * Dishes voided after the kitchen started them, newest first, above the tickets: strong red, an icon and the word
 * VOID (never colour alone), so the cook stops cooking it or does not send it out. Each one is dismissed on this
 * device; it leaves by itself RECALL_MINUTES after the void.
 */
export function VoidNotices({
  voids,
  now,
  onDismiss,
}: {
  voids: readonly WithOrderNumber<KitchenVoid>[];
  now: number;
  onDismiss: (itemId: number) => void;
}) {
  const { t } = useTranslation();
  if (voids.length === 0) return null;
  return (
    <Stack component="section" aria-label={t('kitchen.void.title')} gap="xs" mb="md" data-testid="void-notices">
      {voids.map((v) => (
        <VoidNotice key={v.itemId} notice={v} now={now} onDismiss={() => onDismiss(v.itemId)} />
      ))}
    </Stack>
  );
}

function VoidNotice({
  notice,
  now,
  onDismiss,
}: {
  notice: WithOrderNumber<KitchenVoid>;
  now: number;
  onDismiss: () => void;
}) {
  const { t, i18n } = useTranslation();
  const name = itemName(notice, i18n.language);
  const options = itemOptionsText(notice.options, i18n.language);
  return (
    // An alert: a screen reader says it as it appears, like the chime does.
    <Paper className={classes.void} role="alert" p="sm" radius="md" data-item-id={notice.itemId}>
      {/* On a phone the button goes below the text instead of squeezing it to a word per line. */}
      <Group justify="space-between" wrap="wrap" align="center" gap="sm">
        <Group wrap="nowrap" align="flex-start" gap="sm" style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <IconAlertTriangleFilled size={36} aria-hidden style={{ flexShrink: 0 }} />
          <div style={{ minWidth: 0 }}>
            <Text className={classes.voidLine} data-testid="void-line">
              {t('kitchen.void.line', {
                table: notice.tableNumber,
                number: notice.orderNumber,
                name,
                quantity: notice.quantity,
              })}
              {notice.reason && ` · ${notice.reason}`}
            </Text>
            {options && (
              <Text size="md" fw={600}>
                {options}
              </Text>
            )}
            <Text size="md" fw={600}>
              {t(`kitchen.void.from.${notice.voidedFrom}`)} ·{' '}
              {t('kitchen.void.ago', { age: formatAge(now - Date.parse(notice.voidedAt)) })}
            </Text>
          </div>
        </Group>
        <Button
          size="lg"
          variant="white"
          color="red"
          leftSection={<IconCheck aria-hidden />}
          onClick={onDismiss}
          aria-label={t('kitchen.void.dismissNamed', {
            quantity: notice.quantity,
            name,
            table: notice.tableNumber,
          })}
          style={{ flexShrink: 0 }}
        >
          {t('kitchen.void.dismiss')}
        </Button>
      </Group>
    </Paper>
  );
}
