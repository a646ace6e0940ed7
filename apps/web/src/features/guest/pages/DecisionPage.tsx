import { IconReceipt2, IconToolsKitchen2 } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';
import { Navigate, useNavigate } from '../lib/router';
import { useDeviceOrders } from '../api';
import { LoadError } from '../components/LoadError';
import { HeroIcon } from '../GuestLayout';
import { focusOnMount } from '../lib/focus';
import { useOpenMenu } from '../lib/use-open-menu';
import { usePlaceSync } from '../lib/use-place';
import { Button } from '../ui/Button';
import { Skeleton, ui } from '../ui/parts';
import { ScanPrompt } from './ScanPrompt';
import classes from '../guest.module.css';

/**
 * Welcome after scanning, for a phone with an open order at the table: restaurant and table, "My orders" first, then
 * "New order". A phone without one goes straight to the menu at `menuPath` (replacing this address): on a first scan
 * the server already sends the menu (apps/server guest-pages), so this is for the pages the browser draws, where a
 * placeholder shows while the phone's orders are asked for, never the welcome.
 */
export function DecisionPage({
  eateryId,
  tableId,
  menuPath,
}: {
  eateryId: number | null;
  tableId: number | null;
  menuPath: string;
}) {
  if (!eateryId || !tableId) return <ScanPrompt />;
  return <Decision eateryId={eateryId} tableId={tableId} menuPath={menuPath} />;
}

function Decision({ eateryId, tableId, menuPath }: { eateryId: number; tableId: number; menuPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openMenu = useOpenMenu();
  const menu = usePlaceSync(eateryId, tableId);
  const device = useDeviceOrders(eateryId, tableId);

  const placeholder = (
    <div className={`${classes.narrow} ${classes.hero} ${classes.heroSkeleton}`} aria-busy="true">
      <Skeleton height={64} circle />
      <Skeleton height={28} width="70%" />
      <Skeleton height={16} width="85%" />
      <Skeleton height={56} radius={28} />
    </div>
  );
  if (device.isPending) return placeholder;
  if (device.isError) return <LoadError error={device.error} onRetry={() => void device.refetch()} />;
  if (menu.isError) return <LoadError error={menu.error} onRetry={() => void menu.refetch()} />;

  const { eateryName, tableName, hasOrders } = device.data;
  if (!hasOrders) {
    // The placeholder stays until the menu replaces it.
    return (
      <>
        {placeholder}
        <Navigate to={menuPath} replace />
      </>
    );
  }
  return (
    <div className={`${classes.narrow} ${classes.hero} ${classes.message}`}>
      <HeroIcon icon={IconToolsKitchen2} />
      <h1 className={classes.messageTitle} style={{ fontSize: 26 }} tabIndex={-1} ref={focusOnMount}>
        {t('client.welcome.title', { name: eateryName })}
      </h1>
      <p className={`${classes.messageText} ${ui.dimmed}`}>{t('client.welcome.text', { number: tableName })}</p>
      <p className={classes.messageText}>{t('client.welcome.hasOrders')}</p>
      {/* With an open order here, following it comes first. */}
      <div className={classes.heroActions}>
        <Button
          size="xl"
          fullWidth
          leftSection={<IconReceipt2 size={22} />}
          onClick={() => void navigate('/client/orders')}
        >
          {t('client.header.myOrders')}
        </Button>
        <Button
          size="xl"
          fullWidth
          variant="outline"
          leftSection={<IconToolsKitchen2 size={22} />}
          onClick={() => openMenu(null)}
        >
          {t('client.header.newOrder')}
        </Button>
      </div>
    </div>
  );
}
