import { Badge, Button, Group, Text, Title, Tooltip } from '@mantine/core';
import { IconPaperBag, IconPlus, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SoundToggle } from '../shared/live/SoundBanner';
import type { SocketState } from '../shared/live/use-orders-socket';
import classes from './orders.module.css';

/**
 * The top of the orders board: the title with the live (or offline) mark, the sound switch, the refresh button
 * and, for roles that may create orders (`onCreate`, `onTakeaway` given), the buttons that open the order grid at a
 * table or for a takeaway order.
 */
export function OrdersHeader({
  socket,
  refreshing,
  onRefresh,
  onCreate,
  onTakeaway,
}: {
  socket: SocketState;
  refreshing: boolean;
  onRefresh: () => void;
  onCreate?: () => void;
  onTakeaway?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="nowrap">
        <Title order={2}>{t('orders.title')}</Title>
        {socket === 'live' ? (
          <Badge color="green" variant="light" size="lg" leftSection={<span className={classes.liveDot} />}>
            {t('orders.live')}
          </Badge>
        ) : socket === 'offline' ? (
          <Tooltip label={t('orders.offlineHint')} multiline w={260}>
            <Badge color="gray" variant="light" size="lg" leftSection={<IconWifiOff size={14} />}>
              {t('orders.offline')}
            </Badge>
          </Tooltip>
        ) : null}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <SoundToggle />
        <Tooltip label={t('orders.refresh')}>
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} />}
            onClick={onRefresh}
            loading={refreshing}
            aria-label={t('orders.refresh')}
            px="sm"
          >
            <Text span visibleFrom="xs" inherit>
              {t('orders.refresh')}
            </Text>
          </Button>
        </Tooltip>
        {onTakeaway && (
          <Button variant="light" leftSection={<IconPaperBag size={18} />} onClick={onTakeaway}>
            {t('orderEntry.takeaway')}
          </Button>
        )}
        {onCreate && (
          <Button leftSection={<IconPlus size={18} />} onClick={onCreate}>
            {t('orders.create.open')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
