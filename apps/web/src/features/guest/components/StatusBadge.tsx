import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusColor, useGuestTheme } from '../lib/guest-theme';
import { guestStatusKey } from '../lib/status';

export function StatusBadge({ status, size = 'lg' }: { status: string; size?: 'md' | 'lg' | 'xl' }) {
  const { t } = useTranslation();
  const theme = useGuestTheme();
  return (
    <Badge
      color={statusColor(theme, status)}
      variant="light"
      size={size}
      data-status={status}
      style={{ flexShrink: 0 }}
    >
      {t(`client.status.${guestStatusKey(status)}`)}
    </Badge>
  );
}
