import { Button, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { RECALL_MINUTES, type KitchenTicket } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { itemName } from '../shared/live/item-name';
import { formatAge, type WithOrderNumber } from './ticket-format';

interface RecallDrawerProps {
  opened: boolean;
  tickets: readonly WithOrderNumber<KitchenTicket>[];
  now: number;
  /** The key of the ticket being brought back. */
  busyKey: string | null;
  onRecall: (ticket: KitchenTicket) => void;
  onClose: () => void;
}

/** Tickets bumped in the last RECALL_MINUTES, last bumped first, each with "Bring back". */
export function RecallDrawer({ opened, tickets, now, busyKey, onRecall, onClose }: RecallDrawerProps) {
  const { t, i18n } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('kitchen.recall.title')} size="md">
      <Text c="dimmed" size="sm" mb="sm">
        {t('kitchen.recall.hint', { minutes: RECALL_MINUTES })}
      </Text>
      {tickets.length === 0 ? (
        <Text>{t('kitchen.recall.empty')}</Text>
      ) : (
        <Stack gap="sm">
          {tickets.map((ticket) => (
            <Paper key={ticket.key} withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text fw={800} size="xl">
                    {t('kitchen.table', { number: ticket.tableNumber })} · #{ticket.orderNumber}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('kitchen.recall.bumpedAgo', { age: formatAge(now - Date.parse(ticket.bumpedAt ?? '')) })}
                  </Text>
                </div>
                <Button
                  size="md"
                  variant="light"
                  leftSection={<IconArrowBackUp />}
                  loading={busyKey === ticket.key}
                  onClick={() => onRecall(ticket)}
                >
                  {t('kitchen.recall.bringBack')}
                </Button>
              </Group>
              <Text mt={4} size="lg">
                {ticket.items.map((i) => `${i.quantity}× ${itemName(i, i18n.language)}`).join(', ')}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
