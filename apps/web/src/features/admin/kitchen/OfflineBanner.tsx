import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './kds-screen.module.css';

/**
 * Across the top while the screen has no connection (the socket or the browser offline): red, large, an alert,
 * with the number of bumps and recalls waiting to be sent. Back online, while those are being sent, a calmer line
 * says so; then it goes.
 */
export function OfflineBanner({ offline, waiting }: { offline: boolean; waiting: number }) {
  const { t } = useTranslation();
  if (offline) {
    return (
      <div role="alert" className={classes.offline} data-testid="offline-banner">
        <IconWifiOff className={classes.offlineIcon} aria-hidden />
        <span className={classes.offlineTitle}>{t('kitchen.offline.title')}</span>
        <span className={classes.offlineText}>
          {waiting > 0 ? t(`kitchen.offline.waiting`, { count: waiting }) : t('kitchen.offline.noneWaiting')}
        </span>
      </div>
    );
  }
  if (waiting === 0) return null;
  return (
    <div role="status" className={classes.offline} data-sending data-testid="offline-banner">
      <IconCloudUpload className={classes.offlineIcon} aria-hidden />
      <span className={classes.offlineText}>{t(`kitchen.offline.sending`, { count: waiting })}</span>
    </div>
  );
}
