import { Badge, Tooltip } from '@mantine/core';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SocketState } from './use-orders-socket';

/** "Live" while the socket is subscribed, "Offline" (with what that means) while it is not. */
export function LiveBadge({ state }: { state: SocketState }) {
  const { t } = useTranslation();
  if (state === 'live') {
    return (
      <Badge color="green" variant="light" size="lg" style={{ flexShrink: 0 }} leftSection={<IconWifi size={14} />}>
        {t('live.live')}
      </Badge>
    );
  }
  if (state === 'offline') {
    return (
      <Tooltip label={t('live.offlineHint')} multiline w={260}>
        <Badge color="gray" variant="light" size="lg" leftSection={<IconWifiOff size={14} />}>
          {t('live.offline')}
        </Badge>
      </Tooltip>
    );
  }
  return null;
}
